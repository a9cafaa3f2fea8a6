import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { disputeMoneyBack } from '@core/dispute/dispute-money-back';

const cents = fc.integer({ min: 0, max: 100_000_000 });

describe('what came back of a won dispute’s money', () => {
  it('the amount and the fee whole when the provider returned both; the amount alone when it kept the fee', () => {
    expect(disputeMoneyBack({ amount: 4_048, fee: 1_500 }, 5_548)).toEqual({ amount: 4_048, fee: 1_500 });
    expect(disputeMoneyBack({ amount: 4_048, fee: 1_500 }, 4_048)).toEqual({ amount: 4_048, fee: 0 });
    expect(disputeMoneyBack({ amount: 4_048, fee: 1_500 }, 1_000)).toEqual({ amount: 1_000, fee: 0 });
  });

  it('never says more came back of either part than was taken, and accounts for every cent that came back up to what was taken', () => {
    fc.assert(
      fc.property(cents, cents, cents, (amount, fee, reinstated) => {
        const back = disputeMoneyBack({ amount, fee }, reinstated);
        expect(back.amount).toBeGreaterThanOrEqual(0);
        expect(back.fee).toBeGreaterThanOrEqual(0);
        expect(back.amount).toBeLessThanOrEqual(amount);
        expect(back.fee).toBeLessThanOrEqual(fee);
        expect(back.amount + back.fee).toBe(Math.min(reinstated, amount + fee));
        // The fee is counted back only once the whole amount is.
        if (back.fee > 0) expect(back.amount).toBe(amount);
      }),
    );
  });
});
