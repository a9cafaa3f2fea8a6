import { describe, expect, it } from 'vitest';
import { colours, fonts } from '@core/design-tokens';
import { layout } from '@core/mail/email-layout';

/** WCAG 2.1's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const linear = (at: number) => {
    const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(1) + 0.7152 * linear(3) + 0.0722 * linear(5);
}

function contrast(a: string, b: string): number {
  const [first, second] = [luminance(a), luminance(b)];
  return (Math.max(first, second) + 0.05) / (Math.min(first, second) + 0.05);
}

describe('the design tokens keep text readable (WCAG 2.1 AA, 4.5:1)', () => {
  const surfaces = { cream: colours.cream, champagne: colours.champagne, paper: colours.paper };
  const texts = { ink: colours.ink, inkMuted: colours.inkMuted, navy: colours.navy, goldDark: colours.goldDark, error: colours.error };

  for (const [textName, text] of Object.entries(texts)) {
    for (const [surfaceName, surface] of Object.entries(surfaces)) {
      it(`${textName} on ${surfaceName}`, () => {
        expect(contrast(text, surface)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it('white on navy and on green, and ink on gold (buttons and chips)', () => {
    expect(contrast(colours.paper, colours.navy)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.paper, colours.success)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.ink, colours.gold)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colours.navy, colours.goldLight)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the e-mails share the look', () => {
  it('set their heading in the display face, with a serif for mail programs that load no web font, in the palette', () => {
    const html = layout('Mazel tov!', [['Amount', '$100.00']], ['Thank you.'], 'Sent with care.');
    expect(html).toMatch(/<h1 style="[^"]*font-family:Fraunces, Georgia, serif[^"]*">Mazel tov!<\/h1>/);
    expect(fonts.displayEmail).toBe('Fraunces, Georgia, serif');
    expect(html).toContain(`background:${colours.cream}`);
    expect(html).toContain(`color:${colours.navy}`);
  });
});
