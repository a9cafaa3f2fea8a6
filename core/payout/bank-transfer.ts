import { DomainError } from '../errors';
import { auditFamilyPayout } from './family-payout-audit';
import { REFUND_FINISHES_WITHIN_MINUTES } from '../model/refund-timing';
import type { Clock } from '../ports/clock';
import type { PaymentGateway, TransferResult } from '../ports/payment-gateway';
import type { UnitOfWork } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { payoutIssueNotice, payoutSentNotice, registryClosedNotice } from './payout-emails';
import { PROVIDER_UNAVAILABLE, type TransferOutcome } from './transfer-outcome';
import { familyPayoutClaimedEntry, familyPayoutReleasedEntry, familyPayoutSentEntry } from '../ledger/posting-rules';
import { pageUrl, paths } from '../page-paths';
import type { AuditActor } from '../model/audit-event';
import { claimOf } from '../model/payout-claim';

/**
 * How long a bank transfer with no recorded answer is left alone before the owner may try it
 * again: the first try may still be under way (docs/architecture.md#family-payout).
 */
export const STALLED_TRANSFER_RETRY_AFTER_MS = 5 * 60 * 1000;

/**
 * A failed try on an account the family has not reopened since their last "payout issue" e-mail
 * is no news within this long: a second press of Try again sends no second e-mail.
 */
export const PAYOUT_ISSUE_EMAIL_QUIET_MS = 60 * 60 * 1000;

type PayoutState = Pick<Registry, 'status' | 'payoutMethod' | 'payoutStatus' | 'closedAt' | 'transferFailureReason' | 'payoutClaimedAt'>;

/**
 * Whether a failed try is e-mailed to the family: the first one, one at least an hour after the
 * last e-mail, and any after the family reopened their bank account's details (which clears
 * payoutIssueEmailedAt: the account may have changed, so its refusal is news).
 */
export function payoutIssueIsNews(registry: Pick<Registry, 'payoutIssueEmailedAt'>, now: Date): boolean {
  const last = registry.payoutIssueEmailedAt;
  return last === null || now.getTime() - last.getTime() >= PAYOUT_ISSUE_EMAIL_QUIET_MS;
}

/**
 * A closed registry's bank payout that has not gone through yet: closing again tries the transfer
 * again. Pending (not tried, or refused), or sending: claimed by a try whose answer is not known
 * (under way, cut off, or the provider did not answer).
 */
export function awaitingBankTransfer(registry: Pick<Registry, 'status' | 'payoutMethod' | 'payoutStatus'>): boolean {
  return registry.status === 'closed' && registry.payoutMethod === 'bank' && registry.payoutStatus !== 'completed';
}

/**
 * When the owner may ask for the family's bank transfer again (PUT close), or null when there is
 * nothing to try again. A refusal or an unreachable provider was recorded: at once (the time of
 * closing stands for "already"). No answer was recorded: STALLED_TRANSFER_RETRY_AFTER_MS after the
 * try claimed the payout (or after closing, when no try claimed it), since it may still be running.
 */
export function transferRetryAvailableAt(registry: PayoutState): Date | null {
  if (!awaitingBankTransfer(registry) || registry.closedAt === null) return null;
  if (registry.transferFailureReason) return registry.closedAt;
  const since = registry.payoutStatus === 'sending' && registry.payoutClaimedAt ? registry.payoutClaimedAt : registry.closedAt;
  return new Date(since.getTime() + STALLED_TRANSFER_RETRY_AFTER_MS);
}

/**
 * Whether a bank try claimed the payout less than STALLED_TRANSFER_RETRY_AFTER_MS ago: its money
 * may be on its way, even when an earlier try's refusal is still on the row, so nothing but
 * another bank try (which looks for the transfer first and sends under the same key) may move it.
 */
export function bankClaimIsFresh(registry: Pick<Registry, 'payoutStatus' | 'payoutClaimedAt'>, now: Date): boolean {
  return (
    registry.payoutStatus === 'sending' &&
    registry.payoutClaimedAt !== null &&
    now.getTime() - registry.payoutClaimedAt.getTime() < STALLED_TRANSFER_RETRY_AFTER_MS
  );
}

/** When a bank try's fresh claim stops holding the payout against anything but another try (a switch): null when none holds it. */
export function bankClaimHeldUntil(registry: Pick<Registry, 'payoutStatus' | 'payoutClaimedAt'>, now: Date): Date | null {
  if (!bankClaimIsFresh(registry, now)) return null;
  return new Date(registry.payoutClaimedAt!.getTime() + STALLED_TRANSFER_RETRY_AFTER_MS);
}

/** Whether the row still carries the claim this try made: the same holder, since the same moment. */
function holdsOwnClaim(
  current: Pick<Registry, 'payoutStatus' | 'payoutClaimedBy' | 'payoutClaimedAt'>,
  claimed: Pick<Registry, 'payoutClaimedBy' | 'payoutClaimedAt'>,
): boolean {
  return (
    current.payoutStatus === 'sending' &&
    current.payoutClaimedBy === claimed.payoutClaimedBy &&
    current.payoutClaimedAt?.getTime() === claimed.payoutClaimedAt?.getTime()
  );
}

/** Who claims a bank transfer nobody named (a test, a script): the system. */
const BANK_TRANSFER: AuditActor = { userId: null, label: 'system:bank-transfer' };

export const NO_LONGER_BY_BANK = 'This payout is no longer sent by bank transfer. Reload the page to see how it is sent.';
export const REFUND_UNDER_WAY_AT_TRANSFER = `A gift of this registry is being refunded; the refund finishes within ${REFUND_FINISHES_WITHIN_MINUTES} minutes and changes the amount to send. Try the transfer again after that.`;

/**
 * The transfer's claim, under the registry lock, before the provider is called: the payout goes
 * from pending to sending (its amount from what the family is owed to payouts in transit), so a
 * refund, or a switch to PayPal or a check, cannot change it while the money may be on its way. A
 * payout already sending (a try whose answer never came) is claimed again by this try. Answers the
 * registry as claimed, or as it is when it was paid meanwhile.
 */
async function claimTransfer(registryId: string, claimant: AuditActor, ports: { unitOfWork: UnitOfWork; clock: Clock }): Promise<Registry> {
  return ports.unitOfWork.transaction(async ({ registries, gifts, ledger, audit }) => {
    const current = await registries.findByIdForUpdate(registryId);
    if (!current) throw new Error(`registry ${registryId} vanished before its payout was sent`);
    if (current.payoutStatus === 'completed') return current;
    if (!awaitingBankTransfer(current)) throw new DomainError('payout.not_switchable', NO_LONGER_BY_BANK);
    const now = ports.clock.now();
    const claim = claimOf(claimant, now);
    const holder = { payoutClaimedBy: claim.claimedBy, payoutClaimedByUserId: claim.claimedByUserId, payoutClaimedAt: claim.claimedAt };
    if (current.payoutStatus === 'sending') {
      // A try whose answer never came: this one claims it again, and the trail says who.
      const again = await registries.update(current.id, holder);
      await auditFamilyPayout(audit, claimant, 'bank_payout.claimed', current, again, now);
      return again;
    }
    if ((await gifts.paymentStatusesOf(current.id)).has('refunding'))
      throw new DomainError('registry.refund_under_way', REFUND_UNDER_WAY_AT_TRANSFER);
    const claimed = await registries.update(current.id, { ...holder, payoutStatus: 'sending', payoutClaims: current.payoutClaims + 1 });
    const entry = familyPayoutClaimedEntry(claimed.id, claimed.currency, claimed.payoutAmount ?? 0, claimed.payoutClaims);
    if (entry) await ledger.post(entry);
    await auditFamilyPayout(audit, claimant, 'bank_payout.claimed', current, claimed, now);
    return claimed;
  });
}

const PROVIDER_UNREACHABLE: Extract<TransferResult, { success: false }> = {
  success: false,
  reason: PROVIDER_UNAVAILABLE,
  message: 'The payment provider did not answer. The transfer has not been confirmed; try again shortly.',
};

/**
 * One key per try. A provider keeps a key's first answer (a refusal too) for about a day, so a
 * retry after a refusal needs a new key to be tried at all; what keeps the family from being paid
 * twice is the look for an existing transfer before every try.
 */
function payoutIdempotencyKey(registryId: string, attempt: number): string {
  return `registry-payout-${registryId}-${attempt + 1}`;
}

/** The group that ties a registry's charges to its payout at the provider. */
export function payoutTransferGroup(registryId: string): string {
  return `registry_${registryId}`;
}

/**
 * Sends a closed registry's family payout to the owner's connected account and records the
 * answer. The payout is claimed first (claimTransfer), so nothing changes its amount while the
 * provider is asked. A success always lands; a refusal releases the claim (the payout waits again,
 * and may be refunded from or switched); a provider that did not answer keeps it claimed, since
 * the money may have gone. A failure is recorded only while the payout is not completed, so a late
 * failure from a racing retry never hides a transfer that went through.
 *
 * The owner's e-mails go with the answer, in its transaction. The first answer recorded sends the
 * "registry closed" e-mail, saying what became of the transfer (closing defers it for a bank
 * payout, so it never promises money that did not go); a transfer that went after an earlier
 * failure sends "your payout was sent"; and a failed try sends its own "payout issue" e-mail with
 * the registry page, where the owner tries again, unless one was sent within the hour on an account
 * the family has not reopened since (payoutIssueIsNews).
 */
export async function sendBankTransfer(
  closed: Registry,
  destinationAccountId: string,
  ports: { unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock; appUrl: string; supportEmail: string },
  claimant: AuditActor = BANK_TRANSFER,
): Promise<{ registry: Registry; transferResult: TransferOutcome }> {
  const registry = await claimTransfer(closed.id, claimant, ports);
  if (registry.payoutStatus === 'completed') return { registry, transferResult: { success: true } };
  let result: TransferResult;
  const transferGroup = payoutTransferGroup(registry.id);
  try {
    const earlier = await ports.gateway.findTransfer(transferGroup);
    result = earlier
      ? { success: true, transferId: earlier }
      : await ports.gateway.transfer({
          destinationAccountId,
          amount: registry.payoutAmount ?? 0,
          currency: registry.currency,
          transferGroup,
          idempotencyKey: payoutIdempotencyKey(registry.id, registry.transferAttempts),
        });
  } catch {
    // The outcome is unknown; the same key makes the next try safe.
    result = PROVIDER_UNREACHABLE;
  }
  const registryUrl = pageUrl(ports.appUrl, paths.registry(registry.id));
  return ports.unitOfWork.transaction(async ({ registries, users, mail, ledger, audit }) => {
    const current = await registries.findByIdForUpdate(registry.id);
    if (!current) throw new Error(`registry ${registry.id} vanished while its payout was sent`);
    if (result.success) {
      if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
      const switched = current.payoutMethod !== 'bank';
      if (switched && current.payoutStatus === 'sending') {
        // An administrator holds the PayPal or check payout the family was switched to: both may be paid. A person must look.
        throw new Error(
          `registry ${current.id}: bank transfer ${result.transferId} went through after the payout was switched to ${current.payoutMethod} and claimed by ${current.payoutClaimedBy}`,
        );
      }
      // Released meanwhile (the answer came after the wait, when a switch found no transfer): the
      // money went all the same, so the payout is the bank transfer's again, claimed to be sent.
      let claims = current.payoutClaims;
      if (current.payoutStatus !== 'sending') {
        claims += 1;
        const entry = familyPayoutClaimedEntry(current.id, current.currency, current.payoutAmount ?? 0, claims);
        if (entry) await ledger.post(entry);
      }
      const paid = await registries.update(current.id, {
        ...(switched ? { payoutMethod: 'bank' as const } : {}),
        payoutClaims: claims,
        status: 'payout_sent',
        payoutStatus: 'completed',
        stripePayoutId: result.transferId,
        payoutSentAt: ports.clock.now(),
        transferFailureReason: null,
        transferFailureMessage: null,
      });
      const entry = familyPayoutSentEntry(paid.id, paid.currency, paid.payoutAmount ?? 0, result.transferId);
      if (entry) await ledger.post(entry);
      await auditFamilyPayout(audit, claimant, 'bank_payout.completed', current, paid, ports.clock.now());
      const owner = await users.findById(paid.userId);
      if (owner) {
        // No try failed before this one: the closing e-mail is still to be sent, and says it went.
        if (current.transferAttempts === 0)
          await mail.enqueue({
            ...registryClosedNotice(paid, owner, registryUrl, ports.supportEmail),
            dedupeKey: `registry-closed-${paid.id}`,
          });
        else await mail.enqueue({ ...payoutSentNotice(paid, owner, ports.supportEmail), dedupeKey: `payout-sent-${paid.id}` });
      }
      return { registry: paid, transferResult: { success: true } };
    }
    if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
    // Another try claimed the payout since (this one's answer came after the wait): its answer is the one to record.
    if (!holdsOwnClaim(current, registry))
      return { registry: current, transferResult: { success: false, reason: result.reason, message: result.message } };
    const attempt = current.transferAttempts + 1;
    const now = ports.clock.now();
    const news = payoutIssueIsNews(current, now);
    // Refused: nothing left, so the payout waits again. Unanswered: the money may have gone, so it stays claimed.
    const release = result.reason !== PROVIDER_UNAVAILABLE;
    if (release) {
      const entry = familyPayoutReleasedEntry(current.id, current.currency, current.payoutAmount ?? 0, current.payoutClaims);
      if (entry) await ledger.post(entry);
    }
    const failed = await registries.update(current.id, {
      ...(release ? { payoutStatus: 'pending' as const, payoutClaimedBy: null, payoutClaimedByUserId: null, payoutClaimedAt: null } : {}),
      transferFailureReason: result.reason,
      transferFailureMessage: result.message,
      transferAttempts: attempt,
      ...(news ? { payoutIssueEmailedAt: now } : {}),
    });
    if (release) await auditFamilyPayout(audit, claimant, 'bank_payout.released', current, failed, now);
    const owner = await users.findById(failed.userId);
    if (owner) {
      await mail.enqueue({
        ...registryClosedNotice(failed, owner, registryUrl, ports.supportEmail),
        dedupeKey: `registry-closed-${failed.id}`,
      });
      if (news)
        await mail.enqueue({
          ...payoutIssueNotice(failed, owner, registryUrl, ports.supportEmail),
          dedupeKey: `payout-issue-${failed.id}-${attempt}`,
        });
    }
    return { registry: failed, transferResult: { success: false, reason: result.reason, message: result.message } };
  });
}
