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

  // It read these as 0 once; an answer that is no money now fails loudly instead of showing $0.00 (issue 21).
  it('refuse what is not a finite number, rather than reading it as nothing', () => {
    expect(() => fromWireAmount(Number.NaN)).toThrow('Amount must be a number');
    expect(() => fromWireAmount(Number.POSITIVE_INFINITY)).toThrow('Amount must be a number');
  });

  it('read answers below zero (what an account moved) and never round one of three decimals', () => {
    expect(fromWireAmount(-40.48)).toBe(-4048);
    expect(() => fromWireAmount(40.485)).toThrow('Amount can have at most two decimals');
  });
});
