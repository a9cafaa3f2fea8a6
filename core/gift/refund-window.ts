import type { Registry } from '../registry/registry';
import type { Gift } from './gift';
import { payoutRefusal, type GiftCharityPayout } from './refund-gift';

/**
 * Whether the family can still refund the registry's paid gifts, and if not why, as the gift list
 * says it above the gifts (refundRefusal decides each gift; this is the reason they share):
 * - open: the registry is open;
 * - until_payout_claimed: closed, and both payouts still wait, so a refund still takes a gift's
 *   parts out of them; refunds stop once either is being sent;
 * - family_payout_being_sent / family_payout_sent: the family's payout was claimed or went, so
 *   its amount can no longer change;
 * - charity_payout_claimed: a charity's payout was claimed or went, so its gifts can no longer be
 *   refunded (the others still can).
 */
export const REFUND_WINDOWS = ['open', 'until_payout_claimed', 'family_payout_being_sent', 'family_payout_sent', 'charity_payout_claimed'] as const;
export type RefundWindow = (typeof REFUND_WINDOWS)[number];

export function refundWindow(
  registry: Pick<Registry, 'status' | 'payoutStatus'>,
  gifts: readonly Pick<Gift, 'paymentStatus' | 'charityId'>[],
  charityPayoutOf: (gift: Pick<Gift, 'charityId'>) => GiftCharityPayout,
): RefundWindow {
  if (registry.status === 'open') return 'open';
  if (registry.payoutStatus === 'sending') return 'family_payout_being_sent';
  if (registry.payoutStatus === 'completed') return 'family_payout_sent';
  const paid = gifts.filter((gift) => gift.paymentStatus === 'succeeded');
  return paid.every((gift) => payoutRefusal(registry, charityPayoutOf(gift)) === null) ? 'until_payout_claimed' : 'charity_payout_claimed';
}
