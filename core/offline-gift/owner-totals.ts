import type { Gift } from '../gift/gift';
import type { Cents, Currency } from '../money';
import type { OfflineGift } from './offline-gift';

/**
 * What the owner sees received, on the gift list, each figure named for what it counts:
 * - online: the gifts paid through us that still count (succeeded, or with a refund still under
 *   way), at the amount the giver gave, before the 90/10 split. It is the registry's totalReceived,
 *   the "Total Received" of the dashboard and the registry page, to the cent;
 * - byHand: the gifts given by hand, which no payout or charity share ever reads;
 * - total: both together;
 * - refunded: the gifts paid through us and given back, which count in none of the above, in the
 *   registry's currency;
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
  disputed: Cents;
  disputedCount: number;
  refundedBefore: { currency: Currency; amount: Cents; count: number }[];
}

const sum = (gifts: readonly { amount: Cents }[]) => gifts.reduce((total, gift) => total + gift.amount, 0);

export function ownerTotals(gifts: readonly Gift[], offlineGifts: readonly OfflineGift[], currency: Currency): OwnerTotals {
  // A refund under way still counts in totalReceived until the provider has given the money back.
  const counted = gifts.filter((gift) => gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunding');
  const disputed = gifts.filter((gift) => gift.paymentStatus === 'disputed');
  const refunded = gifts.filter((gift) => gift.paymentStatus === 'refunded' && gift.currency === currency);
  const refundedBefore = new Map<Currency, { currency: Currency; amount: Cents; count: number }>();
  for (const gift of gifts) {
    if (gift.paymentStatus !== 'refunded' || gift.currency === currency) continue;
    const earlier = refundedBefore.get(gift.currency) ?? { currency: gift.currency, amount: 0, count: 0 };
    refundedBefore.set(gift.currency, { currency: gift.currency, amount: earlier.amount + gift.amount, count: earlier.count + 1 });
  }
  const online = sum(counted);
  const byHand = sum(offlineGifts);
  return {
    online,
    byHand,
    total: online + byHand,
    refunded: sum(refunded),
    onlineCount: counted.length,
    byHandCount: offlineGifts.length,
    refundedCount: refunded.length,
    disputed: sum(disputed),
    disputedCount: disputed.length,
    refundedBefore: [...refundedBefore.values()],
  };
}
