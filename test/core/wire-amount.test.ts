import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromWireAmount, toWireAmount } from '@api/amount';
import { MAX_CENTS } from '@core/money';

const cents = fc.integer({ min: 0, max: MAX_CENTS });

describe('amounts on the wire', () => {
  it('carry every count of cents there and back exactly, as a number of at most two decimals', () => {
    fc.assert(
      fc.property(cents, (value) => {
        const amount = toWireAmount(value);
        expect(fromWireAmount(amount)).toBe(value);
        expect(String(amount)).toMatch(/^\d+(\.\d{1,2})?$/);
      }),
    );
  });

  it.each([
    [10639, 106.39],
    [1, 0.01],
    [10, 0.1],
    [4048, 40.48],
    [0, 0],
  ])('send %i cents as %d', (value, amount) => {
    expect(toWireAmount(value)).toBe(amount);
  });

  it('read what is not a finite number as nothing', () => {
    expect(fromWireAmount(Number.NaN)).toBe(0);
    expect(fromWireAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });
});
