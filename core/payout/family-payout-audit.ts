import { centsToDecimalString } from '../money';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../model/registry';
import type { AuditActor } from '../model/audit-event';

/** The family's payout as the audit trail keeps it before and after a claim, a release or a payment. */
export function familyPayoutView(registry: Registry) {
  return {
    status: registry.status,
    payoutStatus: registry.payoutStatus,
    payoutMethod: registry.payoutMethod,
    payoutAmount: registry.payoutAmount === null ? null : centsToDecimalString(registry.payoutAmount),
    currency: registry.currency,
    payoutSentAt: registry.payoutSentAt?.toISOString() ?? null,
    claimedBy: registry.payoutClaimedBy,
    claimedAt: registry.payoutClaimedAt?.toISOString() ?? null,
    // The PayPal transaction id or check number recorded when a manual payout was marked sent.
    referenceNumber: registry.payoutReference,
  };
}

export type FamilyPayoutAction =
  | 'manual_payout.claimed'
  | 'manual_payout.released'
  | 'manual_payout.completed'
  | 'bank_payout.claimed'
  | 'bank_payout.released'
  | 'bank_payout.completed';

/** Writes who claimed, released or paid a family's payout, by PayPal, check or bank transfer. */
export function auditFamilyPayout(
  audit: Repositories['audit'],
  actor: AuditActor,
  action: FamilyPayoutAction,
  before: Registry,
  after: Registry,
  at: Date,
) {
  return audit.append({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    subjectType: 'registry',
    subjectId: before.id,
    before: familyPayoutView(before),
    after: familyPayoutView(after),
    createdAt: at,
  });
}
