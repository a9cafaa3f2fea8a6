import { DomainError } from '../errors';
import { refuseUnknownFields, validate } from '../validate';
import { followUpSentSchema } from './dispute-schemas';
import type { Gift } from '../model/gift';
import { disputeReleasedEntry, followUpClaimedEntry, followUpReleasedEntry, followUpSentEntry } from '../ledger/dispute-postings';
import { centsToDecimalString } from '../money';
import { pageUrl, paths } from '../page-paths';
import type { AuditAction, AuditActor } from '../model/audit-event';
import {
  claimedByAnother,
  claimOf,
  completedByAnotherOnly,
  holdsClaim,
  NOTHING_TO_RELEASE,
  REFUND_UNDER_WAY_AT_CLAIM,
} from '../model/payout-claim';
import type { Clock } from '../ports/clock';
import type { PaymentGateway, TransferResult } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry } from '../model/registry';
import type { Dispute, FollowUpPayout } from '../model/dispute';
import { followUpWaitingAdminNotice } from './dispute-emails';

export const FOLLOW_UP_NOT_FOUND = 'This dispute has no follow-up payout to send.';
export const FOLLOW_UP_ALREADY_SENT = 'This follow-up payout was already sent.';
export const FOLLOW_UP_CANCELLED = 'This follow-up payout was cancelled: its gift was refunded to the giver, so there is nothing to send.';
export const FOLLOW_UP_UNCONFIRMED = 'The payment provider did not confirm the transfer. Please try again: it is never sent twice.';

/** Who sends a bank follow-up nobody named (the webhook that reported the win). */
const SYSTEM: AuditActor = { userId: null, label: 'system:bank-transfer' };

/**
 * A held gift's dispute won after its registry closed, inside recordDispute's transaction (the
 * registry locked): the gift counts again, its charity's part joins that charity's next pending
 * payout, and the family's part becomes a follow-up payout by the registry's method. Administrators
 * hear of a PayPal or check one at once; a bank one is sent by sendFollowUpTransfer once this commits.
 */
export async function releaseHeldParts(
  dispute: Dispute,
  gift: Gift,
  registry: Registry,
  repositories: Repositories,
  appUrl: string,
  supportEmail: string,
): Promise<FollowUpPayout> {
  const { gifts, registries, charityPayouts, ledger, users, mail } = repositories;
  await gifts.changeStatus(gift.id, 'disputed', 'succeeded');
  await registries.addToTotalReceived(registry.id, dispute.heldAmount);
  await registries.update(registry.id, { charityPayoutAmount: (registry.charityPayoutAmount ?? 0) + gift.charityAmount });
  const charityPayout = await charityPayouts.addToPending({
    charityId: gift.charityId,
    currency: registry.currency,
    amount: gift.charityAmount,
    giftCount: 1,
    registryId: registry.id,
  });
  const followUp: FollowUpPayout = {
    method: registry.payoutMethod ?? 'check',
    amount: gift.childAmount,
    status: 'pending',
    claim: null,
    claims: 0,
    charityPayoutId: charityPayout.id,
    reference: null,
    failureMessage: null,
    sentAt: null,
    sentBy: null,
  };
  const entry = disputeReleasedEntry({ ...dispute, followUp }, gift.charityId);
  if (entry) await ledger.post(entry);
  if (followUp.method !== 'bank') {
    const owner = await users.findById(registry.userId);
    for (const admin of await users.listAdmins()) {
      await mail.enqueue({
        ...followUpWaitingAdminNotice(
          { ...dispute, followUp },
          gift,
          registry,
          owner,
          admin,
          pageUrl(appUrl, paths.adminDisputes),
          supportEmail,
        ),
        dedupeKey: `dispute-follow-up-${dispute.id}-admin-${admin.id}`,
      });
    }
  }
  return followUp;
}

type FollowUpPorts = { unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock };

/** The follow-up's transfer key: one per dispute, so however often it is tried it is sent once. */
export function followUpTransferKey(dispute: Pick<Dispute, 'id'>): string {
  return `dispute-follow-up-${dispute.id}`;
}

async function markSent(
  disputeId: string,
  reference: string,
  actor: AuditActor,
  now: Date,
  { disputes, ledger, audit }: Repositories,
): Promise<Dispute> {
  const locked = await disputes.findByIdForUpdate(disputeId);
  if (!locked?.followUp) throw new DomainError('dispute.not_found', FOLLOW_UP_NOT_FOUND);
  if (locked.followUp.status === 'completed') return locked;
  if (locked.followUp.status === 'cancelled') throw new DomainError('payout.changed', FOLLOW_UP_CANCELLED);
  const sent = await disputes.update(locked.id, {
    followUp: { ...locked.followUp, status: 'completed', reference, failureMessage: null, sentAt: now, sentBy: actor.label },
  });
  const entry = followUpSentEntry(sent);
  if (entry) await ledger.post(entry);
  await audit.append({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: 'dispute.follow_up_sent',
    subjectType: 'dispute',
    subjectId: locked.id,
    before: followUpAuditView(locked),
    after: { ...followUpAuditView(sent), reference },
    createdAt: now,
  });
  return sent;
}

/**
 * Sends a bank follow-up payout to the owner's connected account, by the dispute's own key, so
 * that the webhook and an administrator's "Send again" racing send it once. A refusal is recorded
 * for the administrators (the follow-up stays pending), as is an unanswered provider.
 */
export async function sendFollowUpTransfer(disputeId: string, ports: FollowUpPorts, actor: AuditActor = SYSTEM): Promise<Dispute> {
  const found = await ports.unitOfWork.transaction(async ({ disputes, registries, users }) => {
    const dispute = await disputes.findById(disputeId);
    const registry = dispute ? await registries.findById(dispute.registryId) : null;
    const owner = registry ? await users.findById(registry.userId) : null;
    return dispute && registry ? { dispute, registry, accountId: owner?.payoutAccountId ?? null } : null;
  });
  if (!found?.dispute.followUp || found.dispute.followUp.method !== 'bank') throw new DomainError('dispute.not_found', FOLLOW_UP_NOT_FOUND);
  const { dispute, registry, accountId } = found;
  const followUp = dispute.followUp!;
  if (followUp.status === 'completed' || followUp.status === 'cancelled') return dispute;
  let result: TransferResult;
  try {
    if (!accountId) throw new Error(`registry ${registry.id}: the owner has no bank account to pay`);
    result = await ports.gateway.transfer({
      destinationAccountId: accountId,
      amount: followUp.amount,
      currency: dispute.currency,
      // The dispute's own group, never the registry's: its payout looks for a transfer of that group before it sends.
      transferGroup: `dispute_${dispute.id}`,
      idempotencyKey: followUpTransferKey(dispute),
    });
  } catch {
    result = { success: false, reason: 'provider_unavailable', message: FOLLOW_UP_UNCONFIRMED };
  }
  const settled = result;
  return ports.unitOfWork.transaction(async (repositories) => {
    if (settled.success) return markSent(dispute.id, settled.transferId, actor, ports.clock.now(), repositories);
    const locked = await repositories.disputes.findByIdForUpdate(dispute.id);
    if (!locked?.followUp || locked.followUp.status === 'completed' || locked.followUp.status === 'cancelled') return locked ?? dispute;
    return repositories.disputes.update(locked.id, { followUp: { ...locked.followUp, failureMessage: settled.message } });
  });
}

/** What the audit trail keeps of a follow-up before and after a step. */
function followUpAuditView(dispute: Dispute) {
  const followUp = dispute.followUp;
  return {
    registryId: dispute.registryId,
    method: followUp?.method ?? null,
    amount: followUp ? centsToDecimalString(followUp.amount) : null,
    status: followUp?.status ?? null,
    claimedBy: followUp?.status === 'sending' ? (followUp.claim?.claimedBy ?? null) : null,
  };
}

async function appendFollowUpAudit(
  audit: Repositories['audit'],
  actor: AuditActor,
  action: AuditAction,
  before: Dispute,
  after: Dispute,
  now: Date,
): Promise<void> {
  await audit.append({
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    subjectType: 'dispute',
    subjectId: before.id,
    before: followUpAuditView(before),
    after: followUpAuditView(after),
    createdAt: now,
  });
}

/** The dispute, locked, with a PayPal or check follow-up still to send; a bank one, none, or one sent is refused. */
async function lockedManualFollowUp(
  disputeId: string,
  disputes: Repositories['disputes'],
): Promise<Dispute & { followUp: FollowUpPayout }> {
  const dispute = await disputes.findByIdForUpdate(disputeId);
  if (!dispute?.followUp || dispute.followUp.method === 'bank') throw new DomainError('dispute.not_found', FOLLOW_UP_NOT_FOUND);
  if (dispute.followUp.status === 'completed') throw new DomainError('payout.already_completed', FOLLOW_UP_ALREADY_SENT);
  if (dispute.followUp.status === 'cancelled') throw new DomainError('payout.changed', FOLLOW_UP_CANCELLED);
  return dispute as Dispute & { followUp: FollowUpPayout };
}

/**
 * The claim itself, on the locked dispute of a follow-up waiting to be sent: refused while its gift
 * is being refunded (the refund cancels the follow-up). The amount moves to payouts in transit.
 */
async function claimLocked(
  dispute: Dispute & { followUp: FollowUpPayout },
  actor: AuditActor,
  now: Date,
  { gifts, disputes, ledger, audit }: Repositories,
): Promise<Dispute> {
  if ((await gifts.findById(dispute.giftId))?.paymentStatus === 'refunding')
    throw new DomainError('registry.refund_under_way', REFUND_UNDER_WAY_AT_CLAIM);
  const claims = dispute.followUp.claims + 1;
  const claimed = await disputes.update(dispute.id, {
    followUp: { ...dispute.followUp, status: 'sending', claim: claimOf(actor, now), claims },
  });
  const entry = followUpClaimedEntry(claimed, claims);
  if (entry) await ledger.post(entry);
  await appendFollowUpAudit(audit, actor, 'dispute.follow_up_claimed', dispute, claimed, now);
  return claimed;
}

/**
 * An administrator claims a PayPal or check follow-up before sending it, as a manual family payout
 * (docs/adr/0017-payouts-claimed-before-they-are-sent.md): every administrator sees who is sending
 * it and since when, and only they mark it sent. Claiming one you hold changes nothing; one another
 * administrator holds is refused (409).
 */
export async function claimManualFollowUp(
  disputeId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<Dispute> {
  return ports.unitOfWork.transaction(async (repositories) => {
    const dispute = await lockedManualFollowUp(disputeId, repositories.disputes);
    if (dispute.followUp.status === 'sending') {
      if (holdsClaim(dispute.followUp.claim?.claimedBy ?? null, actor)) return dispute;
      throw claimedByAnother(dispute.followUp.claim?.claimedBy ?? null);
    }
    return claimLocked(dispute, actor, ports.clock.now(), repositories);
  });
}

/**
 * The follow-up goes back to waiting, unsent: by its holder, or by another administrator when the
 * holder is away and it was not sent (the screen asks first); the audit trail names both.
 */
export async function releaseManualFollowUp(
  disputeId: string,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<Dispute> {
  return ports.unitOfWork.transaction(async ({ disputes, ledger, audit }) => {
    const dispute = await lockedManualFollowUp(disputeId, disputes);
    if (dispute.followUp.status !== 'sending') throw new DomainError('payout.not_claimed', NOTHING_TO_RELEASE);
    const now = ports.clock.now();
    const released = await disputes.update(dispute.id, { followUp: { ...dispute.followUp, status: 'pending', claim: null } });
    const entry = followUpReleasedEntry(released, dispute.followUp.claims);
    if (entry) await ledger.post(entry);
    await appendFollowUpAudit(audit, actor, 'dispute.follow_up_released', dispute, released, now);
    return released;
  });
}

/**
 * An administrator records that they sent a PayPal or check follow-up payout, with its PayPal
 * transaction id or check number. With the dispute locked, so two marks complete it once. One
 * nobody holds is claimed for them in the same step; one another administrator holds is theirs
 * to mark (409).
 */
export async function completeManualFollowUp(
  disputeId: string,
  input: unknown,
  actor: AuditActor,
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<Dispute> {
  refuseUnknownFields(input, ['reference']);
  const { reference } = await validate(followUpSentSchema, input);
  return ports.unitOfWork.transaction(async (repositories) => {
    const dispute = await lockedManualFollowUp(disputeId, repositories.disputes);
    const now = ports.clock.now();
    if (dispute.followUp.status === 'sending' && !holdsClaim(dispute.followUp.claim?.claimedBy ?? null, actor))
      throw completedByAnotherOnly(dispute.followUp.claim?.claimedBy ?? null);
    if (dispute.followUp.status !== 'sending') await claimLocked(dispute, actor, now, repositories);
    return markSent(dispute.id, reference, actor, now, repositories);
  });
}

/** Sends the bank follow-ups still pending (a webhook whose transfer was cut off, a refusal since fixed); each by its own key. */
export async function sendPendingFollowUpTransfers(ports: FollowUpPorts): Promise<number> {
  let sent = 0;
  for (const dispute of await ports.unitOfWork.transaction(({ disputes }) => disputes.listFollowUpsPending())) {
    if (dispute.followUp?.method !== 'bank') continue;
    if ((await sendFollowUpTransfer(dispute.id, ports)).followUp?.status === 'completed') sent += 1;
  }
  return sent;
}
