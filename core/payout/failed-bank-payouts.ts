import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry } from '../registry/registry';
import type { AuditActor } from './audit-event';
import { sendBankTransfer, transferRetryAvailableAt } from './bank-transfer';
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
  /** When it may be tried again (a refusal at once; an unanswered try after a wait). */
  retryAvailableAt: Date | null;
}

function contactOf(user: { firstName: string | null; lastName: string | null; username: string; email: string } | null): FamilyContact | null {
  if (!user) return null;
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ');
  return { name: name || user.username, email: user.email };
}

/** Every failed bank payout still pending, most recently closed first, with the family's contact. */
export async function listFailedBankPayouts(ports: Pick<Repositories, 'registries' | 'users'>): Promise<FailedBankPayout[]> {
  const registries = await ports.registries.listFailedBankPayouts();
  const owners = new Map<string, FamilyContact | null>();
  for (const userId of new Set(registries.map((registry) => registry.userId))) {
    owners.set(userId, contactOf(await ports.users.findById(userId)));
  }
  return registries.map((registry) => ({ registry, owner: owners.get(registry.userId) ?? null, retryAvailableAt: transferRetryAvailableAt(registry) }));
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
  ports: { registries: Repositories['registries']; users: Repositories['users']; unitOfWork: UnitOfWork; gateway: PaymentGateway; clock: Clock; appUrl: string; supportEmail: string },
): Promise<{ registry: Registry; transferResult: TransferOutcome }> {
  const registry = await ports.registries.findById(registryId);
  const retryAt = registry ? transferRetryAvailableAt(registry) : null;
  if (!registry || registry.transferAttempts === 0 || retryAt === null) throw new DomainError('payout.not_found', NOT_FOUND);
  if (retryAt.getTime() > ports.clock.now().getTime()) {
    throw new DomainError('payout.retry_not_yet', 'The last bank transfer may still be under way. Try again in a few minutes.');
  }
  const accountId = (await ports.users.findById(registry.userId))?.stripeConnectAccountId;
  if (!accountId) throw new DomainError('connect.no_account', 'The family has no payment account to send the transfer to');
  await ports.unitOfWork.transaction(({ audit }) =>
    audit.append({
      actorUserId: actor.userId,
      actorLabel: actor.label,
      action: 'bank_payout.retried',
      subjectType: 'registry',
      subjectId: registry.id,
      before: { transferAttempts: registry.transferAttempts, transferFailureReason: registry.transferFailureReason, transferFailureMessage: registry.transferFailureMessage },
      after: null,
      createdAt: ports.clock.now(),
    }),
  );
  return sendBankTransfer(registry, accountId, ports, actor);
}
