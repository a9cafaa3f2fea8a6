import type { Gift } from '../gift/gift';
import type { Cents } from '../money';
import type { OfflineGift } from './offline-gift';

/**
 * What the owner sees received, on the gift list: the gifts paid through us (succeeded ones, at
 * the amount the giver gave, before the 90/10 split), the gifts given by hand, and both together.
 * Only the owner sees it; payouts and charity shares never read it.
 */
export interface OwnerTotals {
  online: Cents;
  byHand: Cents;
  total: Cents;
  onlineCount: number;
  byHandCount: number;
}

export function ownerTotals(gifts: readonly Gift[], offlineGifts: readonly OfflineGift[]): OwnerTotals {
  const succeeded = gifts.filter((gift) => gift.paymentStatus === 'succeeded');
  const online = succeeded.reduce((sum, gift) => sum + gift.amount, 0);
  const byHand = offlineGifts.reduce((sum, gift) => sum + gift.amount, 0);
  return { online, byHand, total: online + byHand, onlineCount: succeeded.length, byHandCount: offlineGifts.length };
}
