import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';
import { DisputeEvidenceRefused, type PaymentGateway } from '../ports/payment-gateway';
import { refuseUnknownFields, validate } from '../validate';
import { awaitsEvidence, type Dispute } from '../model/dispute';
import { evidenceSchema } from './dispute-schemas';
import { recordDispute, type DisputePorts } from './record-dispute';

export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const EVIDENCE_NOT_AWAITED = 'The bank is not waiting for evidence on this dispute: it was sent already, or the dispute is decided.';
export const EVIDENCE_REFUSED =
  'The payment provider took no evidence for this dispute (it may be decided, or its deadline passed). Nothing was sent.';
export const EVIDENCE_UNCONFIRMED =
  'The payment provider did not confirm the evidence arrived. Please look at the dispute again in a minute before sending it again.';

/**
 * An administrator's text evidence for a dispute, sent through the provider and submitted to the
 * card issuer at once. The provider's answer is recorded as any report of the dispute is (the
 * dispute goes under review), and the submission goes to the audit trail with its text.
 */
export async function submitDisputeEvidence(
  disputeId: string,
  input: unknown,
  actor: AuditActor,
  ports: DisputePorts & { gateway: PaymentGateway },
): Promise<Dispute> {
  refuseUnknownFields(input, ['evidence']);
  const { evidence } = await validate(evidenceSchema, input);
  const dispute = await ports.unitOfWork.transaction(({ disputes }) => disputes.findById(disputeId));
  if (!dispute) throw new DomainError('dispute.not_found', DISPUTE_NOT_FOUND);
  if (!awaitsEvidence(dispute.status)) throw new DomainError('dispute.not_open', EVIDENCE_NOT_AWAITED);

  let report;
  try {
    report = await ports.gateway.submitDisputeEvidence(dispute.providerDisputeId, evidence);
  } catch (error) {
    if (error instanceof DisputeEvidenceRefused) throw new DomainError('dispute.not_open', EVIDENCE_REFUSED, undefined, error);
    throw new DomainError('payment.unavailable', EVIDENCE_UNCONFIRMED, undefined, error);
  }
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ disputes, audit }) => {
    await disputes.update(dispute.id, { evidenceSubmittedAt: now, evidenceText: evidence });
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'dispute.evidence_submitted',
      subjectType: 'dispute',
      subjectId: dispute.id,
      before: { status: dispute.status },
      after: { status: report.status, evidence },
      createdAt: now,
    });
  });
  const recorded = await recordDispute(report, ports);
  return recorded.kind === 'unknown-payment' ? dispute : recorded.dispute;
}
