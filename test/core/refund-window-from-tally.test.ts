import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dispute } from '@core/model/dispute';
import { PAYMENT_STATUSES, type Gift, type PaymentStatus } from '@core/model/gift';
import { tallyOf } from '@core/model/gift-tally';
import { refundWindow, type GiftPayouts } from '@core/gift/refund-refusals';
import { succeededStandIns } from '@core/gift/succeeded-stand-ins';
import { CHARITY_PAYOUT_STATUSES, type CharityPayoutStatus } from '@core/model/charity-payout';
import { PAYOUT_STATUSES, type PayoutStatus } from '@core/model/registry';
import { aNewGift } from '../support/builders';

const CHARITIES = ['c-1', 'c-2', 'c-3'];

const arbitraryGifts = fc.array(
  fc.record({
    status: fc.constantFrom<PaymentStatus>('succeeded', 'succeeded', ...PAYMENT_STATUSES),
    charity: fc.constantFrom(...CHARITIES),
    won: fc.boolean(),
    wonStage: fc.constantFrom(...PAYOUT_STATUSES),
    wonCharityStage: fc.constantFrom(...CHARITY_PAYOUT_STATUSES),
  }),
  { maxLength: 12 },
);

describe('the gift list’s refund window, read from the tally', () => {
  it('says what it says when every gift is read, whatever the payouts and the disputes won after closing', () => {
    fc.assert(
      fc.property(
        arbitraryGifts,
        fc.constantFrom('open' as const, 'closed' as const, 'payout_sent' as const),
        fc.constantFrom(...PAYOUT_STATUSES),
        fc.array(fc.option(fc.constantFrom(...CHARITY_PAYOUT_STATUSES)), { minLength: CHARITIES.length, maxLength: CHARITIES.length }),
        (drawn, status, payoutStatus, charityStages) => {
          const gifts: Gift[] = drawn.map((each, index) => ({
            ...aNewGift('r-1', each.charity, { paymentStatus: each.status }),
            id: `g-${index}`,
            providerFee: null,
            refundedAtPlatformCost: false,
            shareEmailWithCharity: false,
            createdAt: new Date(),
          }));
          const won = new Map<string, { family: PayoutStatus; charity: CharityPayoutStatus }>(
            drawn.flatMap((each, index) =>
              each.won ? [[`g-${index}`, { family: each.wonStage, charity: each.wonCharityStage }] as const] : [],
            ),
          );
          const registry = { status, payoutStatus };
          // As payoutsOfRegistry answers: a won gift by its follow-up and the charity payout it
          // joined, any other by the registry's payout and its charity's alone.
          const payoutsOf = (gift: Pick<Gift, 'id' | 'charityId'>): GiftPayouts => {
            const stages = won.get(gift.id);
            if (stages)
              return {
                family: stages.family,
                followUp: { id: `d-${gift.id}` } as Dispute,
                charity: { id: `p-${gift.id}`, status: stages.charity },
              };
            const charityStage = charityStages[CHARITIES.indexOf(gift.charityId)];
            return {
              family: payoutStatus,
              followUp: null,
              charity: charityStage ? { id: `p-${gift.charityId}`, status: charityStage } : null,
            };
          };
          const wonGifts = gifts.filter((gift) => won.has(gift.id));
          expect(refundWindow(registry, succeededStandIns(tallyOf(gifts), wonGifts), payoutsOf)).toBe(
            refundWindow(registry, gifts, payoutsOf),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
