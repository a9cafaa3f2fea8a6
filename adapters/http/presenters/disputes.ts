import { toWireAmount } from '@api/amount';
import type { DisputeView } from '@api/disputes';
import { awaitsEvidence, disputeOutcome, type Dispute } from '@core/model/dispute';
import { disputeMoneyBack } from '@core/dispute/dispute-money-back';
import { disputeReasonText } from '@core/dispute/dispute-emails';
import type { DisputeListing } from '@core/dispute/list-disputes';
import type { AuditActor } from '@core/model/audit-event';
import { presentClaim } from './admin';

const amountOrNull = (cents: number | null) => (cents === null ? null : toWireAmount(cents));

function returned(dispute: Dispute) {
  if (dispute.withdrawnAmount === null || dispute.reinstatedAmount === null) return null;
  const back = disputeMoneyBack({ amount: dispute.withdrawnAmount, fee: dispute.withdrawnFee ?? 0 }, dispute.reinstatedAmount);
  return { amount: toWireAmount(back.amount), fee: toWireAmount(back.fee) };
}

/** A dispute as `viewer`, an administrator, sees it: a follow-up's claim says whether they hold it. */
export function presentDispute({ dispute, gift, registry, reversibleAmount }: DisputeListing, viewer: AuditActor) {
  return {
    id: dispute.id,
    providerDisputeId: dispute.providerDisputeId,
    currency: dispute.currency,
    amount: toWireAmount(dispute.amount),
    reason: dispute.reason,
    reasonText: disputeReasonText(dispute.reason),
    status: dispute.status,
    outcome: disputeOutcome(dispute),
    evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
    awaitsEvidence: awaitsEvidence(dispute.status),
    evidenceSubmittedAt: dispute.evidenceSubmittedAt?.toISOString() ?? null,
    evidenceText: dispute.evidenceText,
    phase: dispute.phase,
    withdrawnAmount: amountOrNull(dispute.withdrawnAmount),
    withdrawnFee: amountOrNull(dispute.withdrawnFee),
    returned: returned(dispute),
    reversibleAmount: amountOrNull(reversibleAmount),
    transferReversalId: dispute.transferReversalId,
    reversedAmount: amountOrNull(dispute.reversedAmount),
    followUp: dispute.followUp && {
      method: dispute.followUp.method,
      amount: toWireAmount(dispute.followUp.amount),
      status: dispute.followUp.status,
      claim:
        dispute.followUp.status === 'sending'
          ? presentClaim(dispute.followUp.claim?.claimedBy ?? null, dispute.followUp.claim?.claimedAt ?? null, viewer)
          : null,
      reference: dispute.followUp.reference,
      failureMessage: dispute.followUp.failureMessage,
      sentAt: dispute.followUp.sentAt?.toISOString() ?? null,
      sentBy: dispute.followUp.sentBy,
    },
    createdAt: dispute.createdAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
    gift: { id: gift.id, giftGiverName: gift.giftGiverName, giftGiverEmail: gift.giftGiverEmail, amount: toWireAmount(gift.amount) },
    registry: { id: registry.id, childName: registry.childName, shortCode: registry.shortCode, status: registry.status },
  } satisfies DisputeView;
}
