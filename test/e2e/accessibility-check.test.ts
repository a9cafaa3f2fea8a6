import { describe, expect, it } from 'vitest';
import { chromiumMissing, e2eWorld, expectAccessible } from './browser';

if (chromiumMissing) console.warn(`Skipping the end-to-end journeys: ${chromiumMissing}`);

/** The journeys' accessibility check is what stands between a screen and its users: it must refuse one that fails them. */
describe.skipIf(chromiumMissing)('the journeys’ accessibility check (Chromium)', () => {
  const world = e2eWorld();

  it('fails a screen with text too faint to read and a field with no name, and passes it once they are mended', async () => {
    const page = await world.page(360);
    const screen = (textColour: string, field: string) =>
      `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
        <h1>Give a Gift</h1><p style="color:${textColour};background:#fff">Choose a charity to support</p>${field}
      </main></body></html>`;

    await page.setContent(screen('#c8c8c8', '<input type="text">'));
    // The failure lists each violation found, by axe's rule.
    const refused = await expectAccessible(page, 'a faint screen').then(
      () => [],
      (error: { actual?: string[] }) => error.actual ?? [],
    );
    expect(refused.map((line) => line.split(' ')[0])).toEqual(['color-contrast', 'label']);

    await page.setContent(screen('#333333', '<label>Your Name <input type="text"></label>'));
    await expectAccessible(page, 'the mended screen');
    // WCAG 2.1 AA is the bar, not axe's best practices: text outside any landmark (axe's region
    // rule, as an e-mail shown in a page has) is no failure.
    await page.setContent('<!doctype html><html lang="en"><head><title>Mail</title></head><body><p>Dear Avi,</p></body></html>');
    await expectAccessible(page, 'an e-mail shown as it is sent');
  });

  it('fails a screen wider than a phone, which would scroll sideways', async () => {
    const page = await world.page(360);
    await page.setContent(
      '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Wide</h1><div style="width:900px">Row</div></main></body></html>',
    );
    await expect(expectAccessible(page, 'a wide screen')).rejects.toThrow('scrolls sideways');
  });
});
