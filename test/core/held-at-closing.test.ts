import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Gift } from '@core/model/gift';
import { splitGift } from '@core/split';
import { closingAmounts } from '@core/model/closing-amounts';
import { heldAtClosing } from '@core/model/held-at-closing';

describe('what closing holds back for an undecided dispute', () => {
  const aGift = fc.record({
    amount: fc.integer({ min: 100, max: 2_500_000 }),
    charity: fc.constantFrom('a', 'b', 'c'),
    // disputed-undecided: held back; disputed-lost: went back to the giver, in neither.
    status: fc.constantFrom('succeeded', 'succeeded', 'disputed-undecided', 'disputed-lost', 'refunded', 'failed'),
  });

  it('held parts and paid parts add up, per payout and per charity, to what the closing would have paid had every undecided dispute been won', () => {
    fc.assert(
      fc.property(fc.array(aGift, { maxLength: 40 }), (specs) => {
        const gifts = specs.map(
          (spec, index) =>
            ({
              id: `g${index}`,
              amount: spec.amount,
              ...splitGift(spec.amount),
              charityId: spec.charity,
              paymentStatus: spec.status.startsWith('disputed') ? 'disputed' : spec.status,
            }) as Gift,
        );
        const undecided = new Set(gifts.filter((_, index) => specs[index]!.status === 'disputed-undecided').map((gift) => gift.id));
        const paid = closingAmounts(gifts);
        const held = heldAtClosing(gifts, undecided);
        const allWon = closingAmounts(
          gifts.map((gift) => (undecided.has(gift.id) ? { ...gift, paymentStatus: 'succeeded' as const } : gift)),
        );

        expect(paid.payoutAmount + held.payoutAmount).toBe(allWon.payoutAmount);
        expect(paid.charityPayoutAmount + held.charityPayoutAmount).toBe(allWon.charityPayoutAmount);
        expect(held.payoutAmount + held.charityPayoutAmount).toBe(held.amount);
        expect(held.giftCount).toBe(undecided.size);
        expect(paid.giftCount + held.giftCount).toBe(allWon.giftCount);
        // Each charity's share: what its payout got at closing and what a win adds (the held gift's own charity part).
        for (const share of allWon.shares) {
          const atClosing = paid.shares.find((each) => each.charityId === share.charityId)?.amount ?? 0;
          const heldForIt = gifts
            .filter((gift) => undecided.has(gift.id) && gift.charityId === share.charityId)
            .reduce((sum, gift) => sum + gift.charityAmount, 0);
          expect(atClosing + heldForIt).toBe(share.amount);
        }
      }),
    );
  });
});
