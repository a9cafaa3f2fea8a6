import { DomainError } from '../errors';
import { REFUND_FINISHES_WITHIN_MINUTES } from './refund-timing';
import type { AuditActor } from './audit-event';

/**
 * A payout is claimed before its money leaves (docs/adr/0017-payouts-claimed-before-they-are-sent.md):
 * the one sending it holds it, everyone else sees who and since when, and only its holder marks it
 * sent. While claimed its amount is fixed, so a refund can no longer come out of it.
 */
export interface PayoutClaim {
  /** The holder's audit label (admin:rachel, cli:operator, owner:sarah for a bank transfer the family started). */
  claimedBy: string;
  claimedByUserId: string | null;
  claimedAt: Date;
}

export function claimOf(actor: AuditActor, at: Date): PayoutClaim {
  return { claimedBy: actor.label, claimedByUserId: actor.userId, claimedAt: at };
}

/** Whom a claim names, as people read it: the label without its kind (admin:rachel reads rachel). */
export function claimantName(label: string): string {
  const colon = label.indexOf(':');
  return colon === -1 ? label : label.slice(colon + 1);
}

/** Whether the actor is the one holding the claim (the same administrator, or the same operator at the CLI). */
export function holdsClaim(claimedBy: string | null, actor: AuditActor): boolean {
  return claimedBy !== null && claimedBy === actor.label;
}

export const NOTHING_TO_RELEASE = 'Nobody is sending this payout, so there is no claim to release.';
export const REFUND_UNDER_WAY_AT_CLAIM = `A gift counted in this payout is being refunded; the refund finishes within ${REFUND_FINISHES_WITHIN_MINUTES} minutes and may change the amount. Claim the payout after that.`;

export function claimedByAnother(claimedBy: string | null): DomainError {
  return new DomainError(
    'payout.claimed_by_another',
    `${claimantName(claimedBy ?? 'someone')} is already sending this payout. Reload the page to see it.`,
  );
}

export function completedByAnotherOnly(claimedBy: string | null): DomainError {
  return new DomainError(
    'payout.claimed_by_another',
    `Only ${claimantName(claimedBy ?? 'the administrator')}, who is sending this payout, can mark it sent. Ask them, or release their claim first if they are not sending it.`,
  );
}
