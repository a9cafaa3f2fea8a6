import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toWireAmount } from '@api/amount';
import { MAX_CENTS, centsToDecimalString, formatMoney } from '@core/money';
import { parseCents } from '@core/read-amount';

const cents = fc.integer({ min: 0, max: MAX_CENTS });

describe('money', () => {
  it('formats USD and CAD as the spec shows', () => {
    expect(formatMoney(9000, 'USD')).toBe('$90.00');
    expect(formatMoney(9000, 'CAD')).toBe('CA$90.00');
    expect(formatMoney(123456789, 'USD')).toBe('$1,234,567.89');
  });

  it('reads decimal strings and numbers of at most two decimals', () => {
    expect(parseCents('90')).toBe(9000);
    expect(parseCents('90.5')).toBe(9050);
    expect(parseCents(' 90.05 ')).toBe(9005);
    expect(parseCents(106.39)).toBe(10639);
    expect(parseCents(0)).toBe(0);
  });

  it.each(['', 'abc', '1.234', '-5', '1e3', '1,000', '.5', '5.', 'NaN', '123456789.00'])('refuses %j', (input) => {
    expect(() => parseCents(input)).toThrow(expect.objectContaining({ code: 'money.invalid' }));
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 0.1 + 0.2, 1e21])('refuses the number %d', (input) => {
    expect(() => parseCents(input)).toThrow(expect.objectContaining({ code: 'money.invalid' }));
  });

  it('round-trips through the decimal string, the JSON number and parse', () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(parseCents(centsToDecimalString(value))).toBe(value);
        expect(parseCents(toWireAmount(value))).toBe(value);
      }),
    );
  });

  it('round-trips through the displayed form', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom('USD' as const, 'CAD' as const), (value, currency) => {
        const shown = formatMoney(value, currency);
        expect(shown.startsWith(currency === 'USD' ? '$' : 'CA$')).toBe(true);
        expect(parseCents(shown.replace(/^CA\$|^\$/, '').replaceAll(',', ''))).toBe(value);
      }),
    );
  });
});
