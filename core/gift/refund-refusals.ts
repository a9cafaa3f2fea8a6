/**
 * Whether a gift can be refunded now and, when not, the words that say why: its own state, then
 * after closing the payouts holding its parts. The refund (refund-gift.ts) asks again under its locks.
 */
import type { Dispute, FollowUpPayout } from '../model/dispute';
import type { CharityPayout } from '../model/charity-payout';
import type { Gift } from '../model/gift';
import type { PayoutStatus, Registry } from '../model/registry';
import { REFUND_FINISHES_WITHIN_MINUTES } from '../model/refund-timing';
import type { Repositories } from '../ports/repositories';
import type { RefundWindow } from './refund-window';

export const ALREADY_REFUNDED = 'This gift was already refunded';
/** Closing waits for a refund under way, and says for how long. */
export const REFUND_UNDER_WAY_AT_CLOSING = `A gift of this registry is being refunded; the refund finishes within ${REFUND_FINISHES_WITHIN_MINUTES} minutes. Please close the registry after that.`;
/** A refund begun and not yet answered (a crash cut it off, say): not refunded yet, and nothing to do but wait. */
export const REFUND_UNDER_WAY = `This gift’s refund is under way and finishes within ${REFUND_FINISHES_WITHIN_MINUTES} minutes; there is no need to refund it again.`;
/** The giver's bank decides where a disputed gift's money goes; a refund would pay it back twice. */
export const DISPUTED_NOT_REFUNDABLE =
  'This gift is disputed by the giver’s bank, which decides whether the money goes back to them, so it cannot be refunded.';
export const REFUND_REFUSED = 'The payment provider could not refund this gift, so nothing changed and it still counts. Please try again.';
export const REFUND_REFUSED_DISPUTED =
  'The giver’s bank has disputed this payment, so it cannot be refunded. The gift is held out of the registry’s amounts until the bank decides.';
/** The provider did not answer for sure: the refund may have gone through, and the sweep will know. */
export const REFUND_UNCONFIRMED = `The payment provider has not confirmed this refund yet. It shows as under way and finishes on its own within ${REFUND_FINISHES_WITHIN_MINUTES} minutes; there is no need to try again.`;
export const FAMILY_PAYOUT_BEING_SENT = 'This gift can no longer be refunded: the family’s payout is already being sent.';
export const FAMILY_PAYOUT_SENT = 'This gift can no longer be refunded: the family’s payout was already sent.';
export const CHARITY_PAYOUT_BEING_SENT = 'This gift can no longer be refunded: its charity’s payout is already being sent.';
export const CHARITY_PAYOUT_SENT = 'This gift can no longer be refunded: its charity’s payout was already sent.';
export const FOLLOW_UP_BEING_SENT = 'This gift can no longer be refunded: the family’s follow-up payout for it is already being sent.';
export const FOLLOW_UP_SENT = 'This gift can no longer be refunded: the family’s follow-up payout for it was already sent.';
export const CHARITY_SHARE_MISSING = 'This gift can no longer be refunded: its charity’s share is in no payout.';
/** An administrator asked for a refund at the platform's cost that the ordinary refund still covers. */
export const REFUND_THE_ORDINARY_WAY =
  'This gift can still be refunded the ordinary way: neither its family’s payout nor its charity’s payout has been claimed, so they give its parts back.';

/** The charity payout a closed registry's gift's 10% sits in; null while the registry is open, or when none holds it. */
export type GiftCharityPayout = Pick<CharityPayout, 'id' | 'status'> | null;

/**
 * The two payouts a closed registry's gift's parts sit in: the family's, which is the registry's
 * own payout or, for a gift held back at closing and won since, its dispute's follow-up payout
 * (core/dispute/follow-up-payout.ts), and its charity's.
 */
export interface GiftPayouts {
  /** How far the family payout holding the gift's 90% has got. */
  family: PayoutStatus;
  /** The won dispute whose follow-up payout holds that 90%; null when it is the registry's payout. */
  followUp: Dispute | null;
  charity: GiftCharityPayout;
}

/**
 * Where a follow-up payout has got, as a refund reads it: a PayPal or check one waits until an
 * administrator claims it; a bank one is the server's to send at once and again by its own key,
 * so it is being sent from the start; a cancelled one holds nothing any more.
 */
function followUpStage(followUp: FollowUpPayout): PayoutStatus {
  if (followUp.status === 'pending') return followUp.method === 'bank' ? 'sending' : 'pending';
  return followUp.status === 'sending' ? 'sending' : 'completed';
}

/**
 * Why the payouts stop a refund after closing, or null when both still wait: closing (or, for a
 * gift won since, the dispute's win) put the gift's parts into a family payout and a charity
 * payout, and only a payout nobody has claimed can give its part back
 * (docs/adr/0017-payouts-claimed-before-they-are-sent.md).
 */
export function payoutRefusal({ family, followUp, charity }: GiftPayouts): string | null {
  if (family === 'sending') return followUp ? FOLLOW_UP_BEING_SENT : FAMILY_PAYOUT_BEING_SENT;
  if (family === 'completed') return followUp ? FOLLOW_UP_SENT : FAMILY_PAYOUT_SENT;
  if (!charity) return CHARITY_SHARE_MISSING;
  if (charity.status === 'sending') return CHARITY_PAYOUT_BEING_SENT;
  if (charity.status === 'completed') return CHARITY_PAYOUT_SENT;
  return null;
}

export function giftRefusal(gift: Pick<Gift, 'paymentStatus'>): string | null {
  if (gift.paymentStatus === 'refunding') return REFUND_UNDER_WAY;
  if (gift.paymentStatus === 'refunded') return ALREADY_REFUNDED;
  if (gift.paymentStatus === 'disputed') return DISPUTED_NOT_REFUNDABLE;
  if (gift.paymentStatus !== 'succeeded') return 'Only a paid gift can be refunded';
  return null;
}

/**
 * Why a gift cannot be refunded now, or null when it can: a paid gift of an open registry, or of a
 * closed one while the family payout and the charity payout holding its parts both still wait
 * (unclaimed); the refund then takes its parts out of both.
 */
export function refundRefusal(gift: Pick<Gift, 'paymentStatus'>, registry: Pick<Registry, 'status'>, payouts: GiftPayouts): string | null {
  const refusal = giftRefusal(gift);
  if (refusal || registry.status === 'open') return refusal;
  return payoutRefusal(payouts);
}

/** Whether the registry's paid gifts can still be refunded, and if not the reason they share (refund-window.ts). */
export function refundWindow(
  registry: Pick<Registry, 'status' | 'payoutStatus'>,
  gifts: readonly Pick<Gift, 'id' | 'paymentStatus' | 'charityId'>[],
  payoutsOf: (gift: Pick<Gift, 'id' | 'charityId'>) => GiftPayouts,
): RefundWindow {
  if (registry.status === 'open') return 'open';
  const refundable = gifts.filter((gift) => gift.paymentStatus === 'succeeded').map((gift) => payoutRefusal(payoutsOf(gift)) === null);
  if (registry.payoutStatus === 'sending' || registry.payoutStatus === 'completed') {
    if (refundable.some(Boolean)) return 'follow_up_only';
    return registry.payoutStatus === 'sending' ? 'family_payout_being_sent' : 'family_payout_sent';
  }
  return refundable.every(Boolean) ? 'until_payout_claimed' : 'charity_payout_claimed';
}

/**
 * Why an administrator cannot refund the gift at the platform's cost, or null when they can: only
 * a paid gift that the ordinary refund refuses because a payout was claimed or sent.
 */
export function platformCostRefusal(
  gift: Pick<Gift, 'paymentStatus'>,
  registry: Pick<Registry, 'status'>,
  payouts: GiftPayouts,
): string | null {
  const refusal = giftRefusal(gift);
  if (refusal) return refusal;
  if (registry.status === 'open' || payoutRefusal(payouts) === null) return REFUND_THE_ORDINARY_WAY;
  return null;
}

/**
 * For each of a registry's gifts, the payouts its parts went into (none while the registry is
 * open). A gift won after closing: its follow-up and the charity payout its 10% then joined. Any
 * other: the registry's payout, and the charity payout closing put its charity's share in, which
 * no follow-up names (a later win may have joined a newer one) and, of those, the oldest.
 */
export async function payoutsOfRegistry(
  registry: Pick<Registry, 'id' | 'status' | 'currency' | 'payoutStatus'>,
  repositories: {
    charityPayouts: Pick<Repositories['charityPayouts'], 'listByRegistry'>;
    disputes: Pick<Repositories['disputes'], 'listFollowUpsOfRegistry'>;
  },
): Promise<(gift: Pick<Gift, 'id' | 'charityId'>) => GiftPayouts> {
  if (registry.status === 'open') return () => ({ family: registry.payoutStatus, followUp: null, charity: null });
  const [listed, followUps] = await Promise.all([
    repositories.charityPayouts.listByRegistry(registry.id),
    repositories.disputes.listFollowUpsOfRegistry(registry.id),
  ]);
  // Oldest first: the list comes newest first.
  const payouts = listed.filter((payout) => payout.currency === registry.currency).reverse();
  const named = new Set(followUps.map((dispute) => dispute.followUp?.charityPayoutId));
  return (gift) => {
    const won = followUps.find((dispute) => dispute.giftId === gift.id);
    if (won?.followUp)
      return {
        family: followUpStage(won.followUp),
        followUp: won,
        charity: payouts.find((payout) => payout.id === won.followUp!.charityPayoutId) ?? null,
      };
    const ofCharity = payouts.filter((payout) => payout.charityId === gift.charityId);
    return {
      family: registry.payoutStatus,
      followUp: null,
      charity: ofCharity.find((payout) => !named.has(payout.id)) ?? ofCharity[0] ?? null,
    };
  };
}

/**
 * Inside a transaction, after the registry's lock: the gift's payouts, locked in turn and read
 * again under the locks. The charity payout before a follow-up's dispute, as a charity payout's
 * release locks them (charity-payouts.ts); a dispute's win locks the dispute first, but only
 * under the registry's lock, which a refund holds already.
 */
export async function lockPayoutsOf(
  gift: Gift,
  registry: Registry,
  repositories: Pick<Repositories, 'charityPayouts' | 'disputes'>,
): Promise<GiftPayouts> {
  const found = (await payoutsOfRegistry(registry, repositories))(gift);
  const charity = found.charity ? await repositories.charityPayouts.findByIdForUpdate(found.charity.id) : null;
  const dispute = found.followUp ? await repositories.disputes.findByIdForUpdate(found.followUp.id) : null;
  return {
    family: dispute?.followUp ? followUpStage(dispute.followUp) : registry.payoutStatus,
    followUp: dispute?.followUp ? dispute : null,
    charity,
  };
}
