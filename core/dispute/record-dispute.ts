import { voidReceiptOf } from '../receipt/void-receipt';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import {
  disputeFundsReinstatedEntry,
  disputeFundsWithdrawnEntry,
  disputeLostEntry,
  disputeOpenedEntry,
  disputeWonEntry,
} from '../ledger/dispute-postings';
import type { LedgerEntry } from '../model/ledger-entry';
import { pageUrl, paths } from '../page-paths';
import {
  disputeOutcome,
  isFinalDisputeStatus,
  type Dispute,
  type DisputeChanges,
  type DisputeReport,
  type ProviderDisputeStatus,
} from '../model/dispute';
import { disputeEndedFamilyNotice, disputeOpenedAdminNotice, disputeOpenedFamilyNotice } from './dispute-emails';
import { releaseHeldParts, sendFollowUpTransfer } from './follow-up-payout';

export interface DisputePorts {
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** The site's public address, for the link to the Disputes page. */
  appUrl: string;
  /** Where replies to the dispute e-mails go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** Sends a bank follow-up payout once a win after closing is recorded; without it, the sweep sends it. */
  gateway?: PaymentGateway;
}

/** What became of a provider's report of a dispute; the caller logs it. */
export type DisputeOutcome =
  | { kind: 'opened'; dispute: Dispute }
  | { kind: 'updated'; dispute: Dispute }
  | { kind: 'unchanged'; dispute: Dispute }
  | { kind: 'unknown-payment' };

/** Inquiries come before chargebacks, and a response before a decision: a report never moves a dispute back. */
const STEP: Record<ProviderDisputeStatus, number> = {
  warning_needs_response: 0,
  warning_under_review: 1,
  needs_response: 2,
  under_review: 3,
  warning_closed: 4,
  won: 4,
  lost: 4,
};

/**
 * Records the provider's report of a dispute (any charge.dispute.* event: each carries the whole
 * dispute), in one transaction with the registry and the gift locked, so that however often and
 * in whatever order the reports arrive, each step is taken once and never undone:
 *
 * - opened: a gift of an open registry becomes disputed and leaves totalReceived (its parts are
 *   held out of what the family and the charity would be paid); a gift whose money had gone stays
 *   as it is. Every administrator and the family are e-mailed.
 * - funds withdrawn, and reinstated after a win: the provider's cash, as its balance moved.
 * - decided: won, a held gift succeeds again and counts (its registry closed meanwhile: its parts
 *   are paid on their own, releaseHeldParts); lost, the amount and the dispute fee are
 *   the platform's loss (less the family's and the charity's parts of a held gift, never paid).
 *   The family is e-mailed how it ended.
 */
export async function recordDispute(report: DisputeReport, ports: DisputePorts): Promise<DisputeOutcome> {
  const outcome = await recordReport(report, ports);
  // Won after closing by bank: the family's held part goes now, after the books are committed.
  if (
    ports.gateway &&
    outcome.kind !== 'unknown-payment' &&
    outcome.dispute.followUp?.method === 'bank' &&
    outcome.dispute.followUp.status === 'pending'
  ) {
    return {
      ...outcome,
      dispute: await sendFollowUpTransfer(outcome.dispute.id, { unitOfWork: ports.unitOfWork, gateway: ports.gateway, clock: ports.clock }),
    };
  }
  return outcome;
}

async function recordReport(report: DisputeReport, ports: DisputePorts): Promise<DisputeOutcome> {
  const found = await ports.unitOfWork.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate(report.paymentIntentId));
  if (!found) return { kind: 'unknown-payment' };
  return ports.unitOfWork.transaction(async (repositories) => {
    const { gifts, registries, disputes, ledger } = repositories;
    // The registry first, then the gift: the order a refund and a closing lock them in.
    const registry = await registries.findByIdForUpdate(found.registryId);
    const gift = await gifts.findByPaymentIntentIdForUpdate(report.paymentIntentId);
    if (!registry || !gift) return { kind: 'unknown-payment' as const };
    const post = async (entry: LedgerEntry | null) => {
      if (entry) await ledger.post(entry);
    };

    let dispute = await disputes.findByProviderIdForUpdate(report.disputeId);
    const opened = !dispute;
    if (!dispute) {
      const held = registry.status === 'open' && gift.paymentStatus === 'succeeded';
      dispute = await disputes.create({
        providerDisputeId: report.disputeId,
        giftId: gift.id,
        registryId: registry.id,
        paymentIntentId: report.paymentIntentId,
        currency: registry.currency,
        amount: report.amount,
        reason: report.reason,
        // A decision reported before the opening (events out of order) is recorded open first, then decided below, so both steps happen.
        status: isFinalDisputeStatus(report.status)
          ? report.status === 'warning_closed'
            ? 'warning_needs_response'
            : 'needs_response'
          : report.status,
        evidenceDueBy: report.evidenceDueBy,
        phase: held ? 'held' : 'paid',
        heldAmount: held ? gift.amount : 0,
        withdrawnAmount: null,
        withdrawnFee: null,
        reinstatedAmount: null,
        evidenceSubmittedAt: null,
        evidenceText: null,
        transferReversalId: null,
        reversedAmount: null,
        followUp: null,
        createdAt: ports.clock.now(),
        closedAt: null,
      });
      if (held) {
        await gifts.changeStatus(gift.id, 'succeeded', 'disputed');
        await registries.addToTotalReceived(registry.id, -gift.amount);
      }
      await post(disputeOpenedEntry(dispute));
      await tellOfOpening(dispute, repositories, ports);
    }

    const changes: DisputeChanges = {};
    if (!isFinalDisputeStatus(dispute.status) && STEP[report.status] >= STEP[dispute.status]) {
      if (report.status !== dispute.status) changes.status = report.status;
      if (report.evidenceDueBy?.getTime() !== dispute.evidenceDueBy?.getTime()) changes.evidenceDueBy = report.evidenceDueBy;
      if (report.reason !== dispute.reason) changes.reason = report.reason;
    }
    // A lost dispute took the money even where the report does not itemise it.
    const withdrawn =
      report.withdrawn ?? (report.status === 'lost' && !isFinalDisputeStatus(dispute.status) ? { amount: report.amount, fee: 0 } : null);
    if (withdrawn && dispute.withdrawnAmount === null) {
      changes.withdrawnAmount = withdrawn.amount;
      changes.withdrawnFee = withdrawn.fee;
      await post(disputeFundsWithdrawnEntry(dispute, withdrawn));
    }
    const taken = dispute.withdrawnAmount !== null ? { amount: dispute.withdrawnAmount, fee: dispute.withdrawnFee ?? 0 } : withdrawn;
    if (report.reinstated && taken && dispute.reinstatedAmount === null && report.status !== 'lost') {
      changes.reinstatedAmount = report.reinstated.amount;
      await post(disputeFundsReinstatedEntry(dispute, taken, report.reinstated.amount));
    }
    const decidedNow = changes.status !== undefined && isFinalDisputeStatus(changes.status);
    if (decidedNow) {
      changes.closedAt = ports.clock.now();
      if (changes.status === 'lost') {
        await post(disputeLostEntry(dispute, taken ?? { amount: 0, fee: 0 }));
      } else if (dispute.phase === 'held' && registry.status !== 'open') {
        // Closing held the gift back while the bank decided: its parts are paid now, on their own.
        changes.followUp = await releaseHeldParts(dispute, gift, registry, repositories, ports.appUrl, ports.supportEmail);
      } else if (dispute.phase === 'held') {
        await gifts.changeStatus(gift.id, 'disputed', 'succeeded');
        await registries.addToTotalReceived(registry.id, dispute.heldAmount);
        await post(disputeWonEntry(dispute));
      }
    }

    if (Object.keys(changes).length === 0) return opened ? { kind: 'opened' as const, dispute } : { kind: 'unchanged' as const, dispute };
    const updated = await disputes.update(dispute.id, changes);
    if (decidedNow) await tellOfEnd(updated, repositories, ports);
    return { kind: opened ? ('opened' as const) : ('updated' as const), dispute: updated };
  });
}

async function familyOf(registryId: string, { registries, users }: Repositories) {
  const registry = await registries.findById(registryId);
  if (!registry) return [];
  const members = await Promise.all([registry.userId, ...registry.coOwnerIds].map((id) => users.findById(id)));
  return members.filter((member) => member !== null).map((member) => ({ member, registry }));
}

async function tellOfOpening(dispute: Dispute, repositories: Repositories, ports: DisputePorts): Promise<void> {
  const gift = await repositories.gifts.findById(dispute.giftId);
  const registry = await repositories.registries.findById(dispute.registryId);
  if (!gift || !registry) return;
  for (const admin of await repositories.users.listAdmins()) {
    await repositories.mail.enqueue({
      ...disputeOpenedAdminNotice(dispute, gift, registry, admin, pageUrl(ports.appUrl, paths.adminDisputes), ports.supportEmail),
      dedupeKey: `dispute-opened-${dispute.id}-admin-${admin.id}`,
    });
  }
  for (const { member } of await familyOf(registry.id, repositories)) {
    await repositories.mail.enqueue({
      ...disputeOpenedFamilyNotice(dispute, gift, registry, member, ports.supportEmail),
      dedupeKey: `dispute-opened-${dispute.id}-family-${member.id}`,
    });
  }
}

/**
 * Tells the family how the bank decided. `occasion` names a second telling of the same dispute
 * (its gift held after all), which the outbox must not take for the first one again.
 */
export async function tellOfEnd(
  dispute: Dispute,
  repositories: Repositories,
  ports: Pick<DisputePorts, 'supportEmail'>,
  occasion = '',
): Promise<void> {
  const gift = await repositories.gifts.findById(dispute.giftId);
  const outcome = disputeOutcome(dispute);
  if (!gift || !outcome) return;
  if (outcome === 'lost') {
    const registry = await repositories.registries.findById(dispute.registryId);
    if (registry) await voidReceiptOf(gift, registry, 'dispute-lost', dispute.closedAt ?? new Date(), repositories, ports.supportEmail);
  }
  for (const { member, registry } of await familyOf(dispute.registryId, repositories)) {
    await repositories.mail.enqueue({
      ...disputeEndedFamilyNotice(dispute, gift, registry, member, ports.supportEmail),
      dedupeKey: `dispute-ended-${dispute.id}${occasion}-family-${member.id}`,
    });
  }
}
