/**
 * Whether the family can still refund the registry's paid gifts, and if not why, as the gift list
 * says it above the gifts (refundWindow in refund-refusals.ts; refundRefusal decides each gift, this
 * is the reason they share). Plain data: the web imports it too.
 * - open: the registry is open;
 * - until_payout_claimed: closed, and both payouts still wait, so a refund still takes a gift's
 *   parts out of them; refunds stop once either is being sent;
 * - family_payout_being_sent / family_payout_sent: the family's payout was claimed or went, so
 *   its amount can no longer change;
 * - charity_payout_claimed: a charity's payout was claimed or went, so its gifts can no longer be
 *   refunded (the others still can);
 * - follow_up_only: the family's payout was claimed or went, but a gift held back at closing while
 *   its giver's bank decided, and won since, is paid in a follow-up payout of its own that still
 *   waits, so that gift can still be refunded.
 */
export const REFUND_WINDOWS = [
  'open',
  'until_payout_claimed',
  'family_payout_being_sent',
  'family_payout_sent',
  'charity_payout_claimed',
  'follow_up_only',
] as const;
export type RefundWindow = (typeof REFUND_WINDOWS)[number];
