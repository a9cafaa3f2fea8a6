import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry } from '../model/registry';
import type { AuditActor } from '../model/audit-event';
import { bankClaimHeldUntil, sendBankTransfer, transferRetryAvailableAt } from './bank-transfer';
import type { TransferOutcome } from './transfer-outcome';

/** Whom an administrator reaches about a failed payout: the registry's owner. */
export interface FamilyContact {
  name: string;
  email: string;
}

/** A closed registry's bank payout that has not gone through, as the administrators' list shows it. */
export interface FailedBankPayout {
  registry: Registry;
  owner: FamilyContact | null;
  /** When it may be tried again or switched (a refusal at once; an unanswered try, or one under way, after a wait). */
  retryAvailableAt: Date | null;
}

function contactOf(user: { firstName: string | null; lastName: string | null; username: string; email: string }): FamilyContact {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return { name: name || user.username, email: user.email };
}

/**
 * When a bank payout is on the administrators' list: once a try failed (refused, or unanswered),
 * or once the wait for a try is over with nothing recorded: a try cut off (the server stopped
 * between the claim and the provider's answer), or a closing whose try never started.
 */
function failedOrStuck(registry: Registry, now: Date): boolean {
  const retryAt = transferRetryAvailableAt(registry);
  return retryAt !== null && (registry.transferAttempts > 0 || retryAt.getTime() <= now.getTime());
}

/** When an administrator may act on it: a try whose claim is fresh may be paying the family now. */
function actionableAt(registry: Registry, now: Date): Date | null {
  const retryAt = transferRetryAvailableAt(registry);
  const heldUntil = bankClaimHeldUntil(registry, now);
  return heldUntil && retryAt && heldUntil > retryAt ? heldUntil : retryAt;
}

/** Every failed or stuck bank payout, most recently closed first, with the family's contact. */
export async function listFailedBankPayouts(
  ports: Pick<Repositories, 'registries' | 'users'> & { clock: Clock },
): Promise<FailedBankPayout[]> {
  const now = ports.clock.now();
  const registries = (await ports.registries.listFailedBankPayouts()).filter((registry) => failedOrStuck(registry, now));
  // The owners in one read, not one each: the list grows with the registries closed.
  const owners = new Map(
    (await ports.users.findByIds(registries.map((registry) => registry.userId))).map((user) => [user.id, contactOf(user)]),
  );
  return registries.map((registry) => ({
    registry,
    owner: owners.get(registry.userId) ?? null,
    retryAvailableAt: actionableAt(registry, now),
  }));
}

const NOT_FOUND = 'Failed bank payout not found';

/**
 * An administrator tries a failed bank payout again, to the owner's account as it is now (after
 * the family fixed it, say): the same transfer as the owner's Try again, looked for first so it is
 * never made twice. The try goes to the audit trail before the provider is asked.
 */
export async function retryFailedBankPayout(
  registryId: string,
  actor: AuditActor,
  ports: {
    registries: Repositories['registries'];
    users: Repositories['users'];
    unitOfWork: UnitOfWork;
    gateway: PaymentGateway;
    clock: Clock;
    appUrl: string;
    supportEmail: string;
  },
): Promise<{ registry: Registry; transferResult: TransferOutcome }> {
  const registry = await ports.registries.findById(registryId);
  const now = ports.clock.now();
  const retryAt = registry ? actionableAt(registry, now) : null;
  if (!registry || retryAt === null || !failedOrStuck(registry, now)) throw new DomainError('payout.not_found', NOT_FOUND);
  if (retryAt.getTime() > now.getTime()) {
    throw new DomainError('payout.retry_not_yet', 'The last bank transfer may still be under way. Try again in a few minutes.');
  }
  const accountId = (await ports.users.findById(registry.userId))?.payoutAccountId;
  if (!accountId) throw new DomainError('connect.no_account', 'The family has no payment account to send the transfer to');
  await ports.unitOfWork.transaction(({ audit }) =>
    audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'bank_payout.retried',
      subjectType: 'registry',
      subjectId: registry.id,
      before: {
        transferAttempts: registry.transferAttempts,
        transferFailureReason: registry.transferFailureReason,
        transferFailureMessage: registry.transferFailureMessage,
      },
      after: null,
      createdAt: ports.clock.now(),
    }),
  );
  return sendBankTransfer(registry, accountId, ports, actor);
}
