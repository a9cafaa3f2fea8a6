import type { Clock } from '../ports/clock';
import type { PaymentGateway, TransferResult } from '../ports/payment-gateway';
import type { UnitOfWork } from '../ports/repositories';
import type { Registry } from '../registry/registry';
import { payoutIssueNotice, payoutSentNotice, registryClosedNotice } from './payout-emails';
import { PROVIDER_UNAVAILABLE, type TransferOutcome } from './transfer-outcome';
import { familyPayoutSentEntry } from '../ledger/posting-rules';
import { pageUrl, paths } from '../page-paths';

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

type PayoutState = Pick<Registry, 'status' | 'payoutMethod' | 'payoutStatus' | 'closedAt' | 'transferFailureReason'>;

/**
 * Whether a failed try is e-mailed to the family: the first one, one at least an hour after the
 * last e-mail, and any after the family reopened their bank account's details (which clears
 * payoutIssueEmailedAt: the account may have changed, so its refusal is news).
 */
export function payoutIssueIsNews(registry: Pick<Registry, 'payoutIssueEmailedAt'>, now: Date): boolean {
  const last = registry.payoutIssueEmailedAt;
  return last === null || now.getTime() - last.getTime() >= PAYOUT_ISSUE_EMAIL_QUIET_MS;
}

/** A closed registry's bank payout that has not gone through yet: closing again tries the transfer again. */
export function awaitingBankTransfer(registry: Pick<Registry, 'status' | 'payoutMethod' | 'payoutStatus'>): boolean {
  return registry.status === 'closed' && registry.payoutMethod === 'bank' && registry.payoutStatus === 'pending';
}

/**
 * When the owner may ask for the family's bank transfer again (PUT close), or null when there is
 * nothing to try again. A refusal or an unreachable provider was recorded: at once (the time of
 * closing stands for "already"). No answer was recorded: STALLED_TRANSFER_RETRY_AFTER_MS after
 * closing, since the first try may still be running.
 */
export function transferRetryAvailableAt(registry: PayoutState): Date | null {
  if (!awaitingBankTransfer(registry) || registry.closedAt === null) return null;
  if (registry.transferFailureReason) return registry.closedAt;
  return new Date(registry.closedAt.getTime() + STALLED_TRANSFER_RETRY_AFTER_MS);
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
 * answer. A success always lands; a failure is recorded only while the payout is still pending,
 * so a late failure from a racing retry never hides a transfer that went through.
 *
 * The owner's e-mails go with the answer, in its transaction. The first answer recorded sends the
 * "registry closed" e-mail, saying what became of the transfer (closing defers it for a bank
 * payout, so it never promises money that did not go); a transfer that went after an earlier
 * failure sends "your payout was sent"; and a failed try sends its own "payout issue" e-mail with
 * the registry page, where the owner tries again, unless one was sent within the hour on an account
 * the family has not reopened since (payoutIssueIsNews).
 */
export async function sendBankTransfer(
  registry: Registry,
  destinationAccountId: string,
  ports: { unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock; appUrl: string; supportEmail: string },
): Promise<{ registry: Registry; transferResult: TransferOutcome }> {
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
  return ports.unitOfWork.transaction(async ({ registries, users, mail, ledger }) => {
    const current = await registries.findByIdForUpdate(registry.id);
    if (!current) throw new Error(`registry ${registry.id} vanished while its payout was sent`);
    if (result.success) {
      if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
      const paid = await registries.update(current.id, {
        status: 'payout_sent',
        payoutStatus: 'completed',
        stripePayoutId: result.transferId,
        payoutSentAt: ports.clock.now(),
        transferFailureReason: null,
        transferFailureMessage: null,
      });
      const entry = familyPayoutSentEntry(paid.id, paid.currency, paid.payoutAmount ?? 0, result.transferId);
      if (entry) await ledger.post(entry);
      const owner = await users.findById(paid.userId);
      if (owner) {
        // No try failed before this one: the closing e-mail is still to be sent, and says it went.
        if (current.transferAttempts === 0) await mail.enqueue({ ...registryClosedNotice(paid, owner, registryUrl, ports.supportEmail), dedupeKey: `registry-closed-${paid.id}` });
        else await mail.enqueue({ ...payoutSentNotice(paid, owner, ports.supportEmail), dedupeKey: `payout-sent-${paid.id}` });
      }
      return { registry: paid, transferResult: { success: true } };
    }
    if (current.payoutStatus === 'completed') return { registry: current, transferResult: { success: true } };
    const attempt = current.transferAttempts + 1;
    const now = ports.clock.now();
    const news = payoutIssueIsNews(current, now);
    const failed = await registries.update(current.id, {
      transferFailureReason: result.reason,
      transferFailureMessage: result.message,
      transferAttempts: attempt,
      ...(news ? { payoutIssueEmailedAt: now } : {}),
    });
    const owner = await users.findById(failed.userId);
    if (owner) {
      await mail.enqueue({ ...registryClosedNotice(failed, owner, registryUrl, ports.supportEmail), dedupeKey: `registry-closed-${failed.id}` });
      if (news) await mail.enqueue({ ...payoutIssueNotice(failed, owner, registryUrl, ports.supportEmail), dedupeKey: `payout-issue-${failed.id}-${attempt}` });
    }
    return { registry: failed, transferResult: { success: false, reason: result.reason, message: result.message } };
  });
}
