import { DomainError } from '../errors';
import { centsToDecimalString } from '../money';
import { disputeTransferReversedEntry } from '../ledger/dispute-postings';
import type { AuditActor } from '../model/audit-event';
import { TransferReversalRefused, type PaymentGateway } from '../ports/payment-gateway';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { Dispute } from '../model/dispute';
import { reversibleAmount } from './list-disputes';
import { transferReversedFamilyNotice } from './dispute-emails';
import { DISPUTE_NOT_FOUND } from './submit-dispute-evidence';

export const NOT_REVERSIBLE =
  'Only a lost dispute whose gift was already paid out to the family by bank transfer can be taken back from that transfer, and only once.';
export const REVERSAL_REFUSED =
  'The payment provider refused to reverse the transfer (the family’s account may not hold the money any more). Nothing changed.';
export const REVERSAL_UNCONFIRMED = 'The payment provider did not confirm the reversal. Please try again: it is never made twice.';

/** The idempotency key of a dispute's one reversal. */
export function reversalKey(dispute: Pick<Dispute, 'id'>): string {
  return `dispute-reversal-${dispute.id}`;
}

/**
 * An administrator's choice, after a dispute is lost, to take the family's part of the disputed
 * gift back from the bank transfer that paid them (Stripe: a transfer reversal). Never automatic:
 * whether to ask a family for money back is a person's call. The reversal lessens the dispute's
 * loss in the ledger, the choice goes to the audit trail, and the family is e-mailed, in one
 * transaction.
 */
export async function reverseDisputeTransfer(
  disputeId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock; supportEmail: string },
): Promise<Dispute> {
  const found = await ports.unitOfWork.transaction(async ({ disputes, gifts, registries }) => {
    const dispute = await disputes.findById(disputeId);
    const gift = dispute ? await gifts.findById(dispute.giftId) : null;
    const registry = dispute ? await registries.findById(dispute.registryId) : null;
    return dispute && gift && registry
      ? { dispute, amount: reversibleAmount(dispute, gift, registry), transferId: registry.stripePayoutId }
      : null;
  });
  if (!found) throw new DomainError('dispute.not_found', DISPUTE_NOT_FOUND);
  const { dispute, amount, transferId } = found;
  if (amount === null || !transferId) throw new DomainError('dispute.not_reversible', NOT_REVERSIBLE);

  let reversalId: string;
  try {
    reversalId = await ports.gateway.reverseTransfer({ transferId, amount, idempotencyKey: reversalKey(dispute) });
  } catch (error) {
    if (error instanceof TransferReversalRefused) throw new DomainError('dispute.not_reversible', REVERSAL_REFUSED, undefined, error);
    throw new DomainError('payment.unavailable', REVERSAL_UNCONFIRMED, undefined, error);
  }
  return ports.unitOfWork.transaction(async ({ disputes, ledger, audit, gifts, registries, users, mail }) => {
    const locked = await disputes.findByIdForUpdate(dispute.id);
    // Recorded meanwhile by a second click: the same key made the same reversal, counted once.
    if (!locked || locked.transferReversalId) return locked ?? dispute;
    const updated = await disputes.update(dispute.id, { transferReversalId: reversalId, reversedAmount: amount });
    const entry = disputeTransferReversedEntry(updated, reversalId, amount);
    if (entry) await ledger.post(entry);
    await audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'dispute.transfer_reversed',
      subjectType: 'dispute',
      subjectId: dispute.id,
      before: { registryId: dispute.registryId, transferId },
      after: { reversalId, amount: centsToDecimalString(amount) },
      createdAt: ports.clock.now(),
    });
    // The family hears of it in the same transaction: money taken back is never a surprise.
    const gift = await gifts.findById(dispute.giftId);
    const registry = await registries.findById(dispute.registryId);
    if (gift && registry) {
      for (const memberId of [registry.userId, ...registry.coOwnerIds]) {
        const member = await users.findById(memberId);
        if (member)
          await mail.enqueue({
            ...transferReversedFamilyNotice(updated, gift, registry, member, amount, ports.supportEmail),
            dedupeKey: `${reversalKey(dispute)}-family-${member.id}`,
          });
      }
    }
    return updated;
  });
}
