import type { Gift } from '../model/gift';
import type { GiftTally } from '../model/gift-tally';

/**
 * The registry's succeeded gifts as refundWindow (refund-refusals.ts) reads them, from its tally (gift-tally.ts):
 * payoutsOfRegistry tells two gifts of one charity apart only when a won dispute's follow-up holds one, so
 * one stand-in answers for each charity's other succeeded gifts and each won gift for itself.
 */
export function succeededStandIns(
  tallies: readonly GiftTally[],
  wonGifts: readonly Pick<Gift, 'id' | 'paymentStatus' | 'charityId'>[],
): Pick<Gift, 'id' | 'paymentStatus' | 'charityId'>[] {
  const won = wonGifts.filter((gift) => gift.paymentStatus === 'succeeded');
  const others = new Map<string, number>();
  for (const tally of tallies)
    if (tally.paymentStatus === 'succeeded') others.set(tally.charityId, (others.get(tally.charityId) ?? 0) + tally.giftCount);
  for (const gift of won) others.set(gift.charityId, (others.get(gift.charityId) ?? 0) - 1);
  const standIns = [...others]
    .filter(([, count]) => count > 0)
    .map(([charityId]) => ({ id: '', paymentStatus: 'succeeded' as const, charityId }));
  return [...standIns, ...won];
}
