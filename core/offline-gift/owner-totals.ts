import type { Gift } from '../gift/gift';
import type { Cents, Currency } from '../money';
import { closingAmounts, countsInPayouts } from '../payout/closing-amounts';
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

const sum = (gifts: readonly { amount: Cents }[]) => gifts.reduce((total, gift) => total + gift.amount, 0);

export function ownerTotals(gifts: readonly Gift[], offlineGifts: readonly OfflineGift[], currency: Currency): OwnerTotals {
  const counted = closingAmounts(gifts);
  const disputed = gifts.filter((gift) => gift.paymentStatus === 'disputed');
  const givenBack = gifts.filter((gift) => gift.paymentStatus === 'refunded' && gift.currency === currency);
  const refunded = givenBack.filter((gift) => !countsInPayouts(gift));
  const atPlatformCost = givenBack.filter(countsInPayouts);
  const refundedBefore = new Map<Currency, { currency: Currency; amount: Cents; count: number }>();
  for (const gift of gifts) {
    if (gift.paymentStatus !== 'refunded' || gift.currency === currency || countsInPayouts(gift)) continue;
    const earlier = refundedBefore.get(gift.currency) ?? { currency: gift.currency, amount: 0, count: 0 };
    refundedBefore.set(gift.currency, { currency: gift.currency, amount: earlier.amount + gift.amount, count: earlier.count + 1 });
  }
  const online = counted.totalReceived;
  const byHand = sum(offlineGifts);
  return {
    online,
    byHand,
    total: online + byHand,
    refunded: sum(refunded),
    onlineCount: counted.giftCount,
    byHandCount: offlineGifts.length,
    refundedCount: refunded.length,
    refundedAtPlatformCost: sum(atPlatformCost),
    refundedAtPlatformCostCount: atPlatformCost.length,
    disputed: sum(disputed),
    disputedCount: disputed.length,
    refundedBefore: [...refundedBefore.values()],
  };
}
