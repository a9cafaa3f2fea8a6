import type { GiftTally } from './gift-tally';
import type { Cents, Currency } from '../money';
import { closingAmountsOf, countsInPayouts } from './closing-amounts';
import type { OfflineGift } from './offline-gift';

/**
 * What the owner sees received, on the gift list, each figure named for what it counts:
 * - online: the gifts paid through us that still count, at the amount the giver gave, before the
 *   90/10 split: the registry's Total Received (closingAmounts), the dashboard's and the registry
 *   page's, to the cent;
 * - byHand: the gifts given by hand, which no payout or charity share ever reads;
 * - total: both together;
 * - refunded: the gifts paid through us and given back, which count in none of the above, in the
 *   registry's currency;
 * - refundedAtPlatformCost: the gifts given back by the platform after a payout was claimed, at
 *   its own cost: they still count in online (the family and the charity keep their parts);
 * - refundedBefore: those given back before the registry changed its currency, summed per
 *   currency they were paid in (a sum across currencies would mean nothing);
 * - disputed: the gifts paid through us whose giver's bank disputed them while the registry was
 *   open (undecided, or lost), which count in none of the above either.
 */
export interface OwnerTotals {
  online: Cents;
  byHand: Cents;
  total: Cents;
  refunded: Cents;
  onlineCount: number;
  byHandCount: number;
  refundedCount: number;
  refundedAtPlatformCost: Cents;
  refundedAtPlatformCostCount: number;
  disputed: Cents;
  disputedCount: number;
  refundedBefore: { currency: Currency; amount: Cents; count: number }[];
}

/** The gifts given by hand of a registry, counted and summed. */
export interface ByHandTotal {
  count: number;
  amount: Cents;
}

export function byHandTotalOf(offlineGifts: readonly OfflineGift[]): ByHandTotal {
  return { count: offlineGifts.length, amount: offlineGifts.reduce((total, gift) => total + gift.amount, 0) };
}

const sum = (tallies: readonly GiftTally[]) => tallies.reduce((total, tally) => total + tally.amount, 0);
const count = (tallies: readonly GiftTally[]) => tallies.reduce((total, tally) => total + tally.giftCount, 0);

export function ownerTotals(tallies: readonly GiftTally[], byHand: ByHandTotal, currency: Currency): OwnerTotals {
  const counted = closingAmountsOf(tallies);
  const disputed = tallies.filter((tally) => tally.paymentStatus === 'disputed');
  const givenBack = tallies.filter((tally) => tally.paymentStatus === 'refunded' && tally.currency === currency);
  const refunded = givenBack.filter((tally) => !countsInPayouts(tally));
  const atPlatformCost = givenBack.filter(countsInPayouts);
  const refundedBefore = new Map<Currency, { currency: Currency; amount: Cents; count: number }>();
  for (const tally of tallies) {
    if (tally.paymentStatus !== 'refunded' || tally.currency === currency || countsInPayouts(tally)) continue;
    const earlier = refundedBefore.get(tally.currency) ?? { currency: tally.currency, amount: 0, count: 0 };
    refundedBefore.set(tally.currency, {
      currency: tally.currency,
      amount: earlier.amount + tally.amount,
      count: earlier.count + tally.giftCount,
    });
  }
  const online = counted.totalReceived;
  return {
    online,
    byHand: byHand.amount,
    total: online + byHand.amount,
    refunded: sum(refunded),
    onlineCount: counted.giftCount,
    byHandCount: byHand.count,
    refundedCount: count(refunded),
    refundedAtPlatformCost: sum(atPlatformCost),
    refundedAtPlatformCostCount: count(atPlatformCost),
    disputed: sum(disputed),
    disputedCount: count(disputed),
    refundedBefore: [...refundedBefore.values()],
  };
}
