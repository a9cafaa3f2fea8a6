import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDayIn, formatMoneyIn } from '@core/locale/locale-format';
import { DEFAULT_LOCALE, OFFERED_LOCALES, SUPPORTED_LOCALES, type Locale } from '@core/locale/locales';
import { negotiateLocale } from '@core/locale/negotiate-locale';
import { formatMoney } from '@core/money';

const both: readonly Locale[] = SUPPORTED_LOCALES;

describe('the language a visitor is answered in', () => {
  it('is their most wanted language among those offered, whatever its region', () => {
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8', both)).toBe('fr');
    expect(negotiateLocale('en-CA,fr-CA;q=0.9', both)).toBe('en');
    expect(negotiateLocale('de-DE, fr-FR;q=0.5, en;q=0.4', both)).toBe('fr');
    expect(negotiateLocale('en;q=0.2, FR;q=0.7', both)).toBe('fr');
  });

  it('is English for no header, a language we do not write, a refusal (q=0) or nonsense', () => {
    for (const header of [undefined, null, '', 'de', 'fr;q=0', '*', ';;,,', 'fr_CA', 'x'.repeat(500)]) {
      expect(negotiateLocale(header, both)).toBe('en');
    }
  });

  it('keeps to the languages offered: French is not offered until its catalogue is complete', () => {
    expect(OFFERED_LOCALES).toEqual(['en']);
    expect(negotiateLocale('fr-CA')).toBe('en');
  });

  it('is always one of those offered, for any header', () => {
    const offered = fc.subarray([...both], { minLength: 1 });
    const range = fc.oneof(fc.constantFrom('fr', 'fr-CA', 'en', 'en-US', 'de', '*', 'FR-ca'), fc.string({ maxLength: 12 }));
    const part = fc
      .tuple(range, fc.option(fc.double({ min: 0, max: 1, noNaN: true })))
      .map(([r, q]) => (q === null ? r : `${r};q=${q.toFixed(3)}`));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 6 }), offered, (parts, choice) => {
        expect(choice).toContain(negotiateLocale(parts.join(','), choice));
      }),
    );
  });

  it('honours the weights, not the order, of two offered languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 }), fc.boolean(), (a, b, frFirst) => {
        fc.pre(a !== b);
        const fr = `fr-CA;q=0.${String(a).padStart(3, '0')}`;
        const en = `en;q=0.${String(b).padStart(3, '0')}`;
        expect(negotiateLocale(frFirst ? `${fr},${en}` : `${en},${fr}`, both)).toBe(a > b ? 'fr' : 'en');
      }),
    );
  });

  it('defaults to English', () => {
    expect(DEFAULT_LOCALE).toBe('en');
  });
});

describe('money and days as each language writes them', () => {
  it('French: 1 234,56 $ with the no-break spaces Intl writes for fr-CA', () => {
    expect(formatMoneyIn('fr', 123_456, 'CAD')).toBe('1\u00a0234,56\u00a0$');
    expect(formatMoneyIn('fr', 123_456, 'USD')).toBe('1\u00a0234,56\u00a0$\u00a0US');
    expect(formatMoneyIn('fr', 5, 'CAD')).toBe('0,05\u00a0$');
  });

  it('English: exactly as the product has always written amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.constantFrom('USD' as const, 'CAD' as const), (cents, currency) => {
        expect(formatMoneyIn('en', cents, currency)).toBe(formatMoney(cents, currency));
      }),
    );
  });

  it('French amounts keep every cent and never break across lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        const written = formatMoneyIn('fr', cents, 'CAD');
        expect(written).not.toMatch(/ /);
        expect(Number(written.replace(/[^\d,]/g, '').replace(',', '.'))).toBeCloseTo(cents / 100, 2);
      }),
    );
  });

  it('18 juin 2027 in French, June 18, 2027 in English', () => {
    expect(formatDayIn('fr', '2027-06-18')).toBe('18 juin 2027');
    expect(formatDayIn('en', '2027-06-18')).toBe('June 18, 2027');
    expect(formatDayIn('fr', '2027-01-01')).toBe('1 janvier 2027');
  });

  it('refuses what is not a calendar day', () => {
    for (const bad of ['2027-02-30', '18/06/2027', '', '2027-6-18']) expect(() => formatDayIn('fr', bad)).toThrow(RangeError);
  });
});
