import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import { hasControlCharacters, hasDirectionControls, oneLineText } from '@core/control-characters';
import { refuseUnsafeNameCharacters } from '@core/name-characters';
import { prepareQueuedMail } from '@core/ports/mail-queue';
import { celebrationTitle } from '@core/model/celebration-title';

const UNSAFE = [
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u009B',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const withUnsafe = fc
  .tuple(fc.string(), fc.constantFrom(...UNSAFE), fc.string())
  .map(([before, unsafe, after]) => `${before}${unsafe}${after}`);

describe('the characters a name may not hold', () => {
  const schema = yup.object({ name: refuseUnsafeNameCharacters(yup.string().trim(), 'Name').required('Name is required') });

  it('refuses any name holding a control character or a direction control, with a message naming the field', async () => {
    await fc.assert(
      fc.asyncProperty(withUnsafe, async (name) => {
        fc.pre(name.trim() !== '' && (hasControlCharacters(name.trim()) || hasDirectionControls(name.trim())));
        await expect(schema.validate({ name })).rejects.toThrow(
          /^Name cannot contain (line breaks or control characters|characters that change the direction of text)$/,
        );
      }),
    );
  });

  it('takes names as people type them, Hebrew with its direction marks included', async () => {
    for (const name of ['Sarah Cohen', 'שָׂרָה כהן', 'Noa\u200F', 'عائشة\u061C', 'Zoë-Ann O’Brien', 'J. R. R.']) {
      await expect(schema.validate({ name })).resolves.toEqual({ name });
    }
  });
});

describe('text stored before names refused them, shown on one line', () => {
  it('never holds a control character or a direction control, and keeps the rest as it was', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const shown = oneLineText(text);
        expect(hasControlCharacters(shown) || hasDirectionControls(shown)).toBe(false);
        if (!hasControlCharacters(text) && !hasDirectionControls(text)) expect(shown).toBe(text);
      }),
    );
  });

  it('reaches titles and e-mail subjects so', () => {
    expect(celebrationTitle({ childName: 'Noa \u202Elived', celebrationType: 'bat' })).toBe("Noa lived's Bat Mitzvah");
    const mail = prepareQueuedMail({
      dedupeKey: 'k',
      kind: 'gift-notice',
      to: 'a@example.com',
      subject: 'New gift from Eve\r\nBcc: x@example.com \u2066for',
      text: 'a\nb',
      html: '<p>a</p>',
    });
    expect(mail.subject).toBe('New gift from Eve Bcc: x@example.com for');
    expect(mail.text).toBe('a\nb');
  });
});
