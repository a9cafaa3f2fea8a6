import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_FEE_CENTS, giftBreakdown, grossUp, processorCut } from '@core/fees';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { splitGift } from '@core/split';

const amount = fc.integer({ min: 1, max: 99_999_999 });
const rate = fc.record({ basisPoints: fc.integer({ min: 0, max: 1_000 }), fixedCents: fc.integer({ min: 0, max: 100 }) });

describe('the 90/10 split', () => {
  it('gives $90.00 and $10.00 of a $100 gift', () => {
    expect(splitGift(10_000)).toEqual({ childAmount: 9_000, charityAmount: 1_000 });
  });

  it('rounds the charity tenth half up', () => {
    expect(splitGift(105)).toEqual({ childAmount: 94, charityAmount: 11 });
    expect(splitGift(104)).toEqual({ childAmount: 94, charityAmount: 10 });
    expect(splitGift(1)).toEqual({ childAmount: 1, charityAmount: 0 });
  });

  it('always adds up to the gift exactly', () => {
    fc.assert(
      fc.property(amount, (a) => {
        const { childAmount, charityAmount } = splitGift(a);
        expect(childAmount + charityAmount).toBe(a);
        expect(childAmount).toBeGreaterThanOrEqual(0);
        expect(charityAmount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('gives the charity within half a cent of 10%', () => {
    fc.assert(
      fc.property(amount, (a) => {
        expect(Math.abs(splitGift(a).charityAmount - a / 10)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('the processing-fee gross-up', () => {
  it('charges $106.39 for a $100 gift, of which $3.39 is the processing fee', () => {
    expect(giftBreakdown(10_000, DEFAULT_PROCESSING_RATES.USD)).toEqual({
      baseAmount: 10_000,
      childAmount: 9_000,
      charityAmount: 1_000,
      platformFee: 300,
      cardFee: 339,
      totalAmount: 10_639,
    });
  });

  it('always leaves at least the gift plus the platform fee after the processor’s cut, and never more than a cent over', () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const total = grossUp(a, r);
        const kept = total - processorCut(total, r);
        expect(kept).toBeGreaterThanOrEqual(a + PLATFORM_FEE_CENTS);
        expect(kept).toBeLessThanOrEqual(a + PLATFORM_FEE_CENTS + 1);
      }),
    );
  });

  it('adds up: gift, platform fee and processing fee make the total', () => {
    fc.assert(
      fc.property(amount, rate, (a, r) => {
        const b = giftBreakdown(a, r);
        expect(b.baseAmount + b.platformFee + b.cardFee).toBe(b.totalAmount);
        expect(b.childAmount + b.charityAmount).toBe(b.baseAmount);
        expect(Number.isInteger(b.totalAmount)).toBe(true);
        expect(b.cardFee).toBeGreaterThanOrEqual(r.fixedCents);
      }),
    );
  });
});
