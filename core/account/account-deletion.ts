import { DomainError } from '../errors';
import type { PaymentPorts } from '../ports/payment-ports';
import type { Clock } from '../ports/clock';
import type { PasswordHasher } from '../ports/password-hasher';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { UserRepository } from '../ports/user-repository';
import type { SecretTokens } from '../ports/secret-tokens';
import { giveUpUnpaidGiftsOf } from '../registry/give-up-unpaid-gifts';
import { holdsPaidGift } from '../access/registry-access';
import type { Registry } from '../model/registry';
import { refuseUnknownFields, validate } from '../validate';
import { accountDeletedEmail, deletionCancelledEmail, deletionNotDoneEmail, deletionScheduledEmail } from './account-emails';
import { checkCurrentPassword } from './change-password';
import { deleteAccountSchema } from './account-schemas';
import { deletedAccountNames } from '../model/redaction';
import type { User } from '../model/user';
import { DAY_MS } from '../model/calendar-day';

/**
 * How long a deletion waits after it is asked for: signing in meanwhile cancels it
 * (docs/product.md#your-data-export-and-deletion).
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

type CheckPorts = Pick<Repositories, 'registries' | 'gifts' | 'disputes'>;

/**
 * Why the account cannot be deleted now, in the holder's words, or null when it can. A registry it
 * owns that still holds money the family has not been paid (or may yet have to give back) keeps it,
 * and so does one it shares with co-owners: deleting would redact the gifts and cards a co-parent
 * still uses, so the owner removes them first (each can export the registry before).
 */
export async function whyAccountIsKept(user: User, ports: CheckPorts): Promise<string | null> {
  if (user.isAdmin)
    return 'An administrator’s account cannot be deleted here. Ask another administrator to remove your administrator role first.';
  const owned = (await ports.registries.listByOwner(user.id)).filter((registry) => registry.isActive);
  const followUps = await ports.disputes.listFollowUpsPending();
  for (const registry of owned) {
    const reason = await whyRegistryKeepsAccount(
      registry,
      ports,
      followUps.some((dispute) => dispute.registryId === registry.id),
    );
    if (reason) return reason;
  }
  return null;
}

async function whyRegistryKeepsAccount(registry: Registry, ports: CheckPorts, followUpPending: boolean): Promise<string | null> {
  const name = `${registry.childName}’s registry`;
  const statuses = await ports.gifts.paymentStatusesOf(registry.id);
  if (statuses.has('refunding'))
    return `A refund of a gift to ${name} is under way. Please try again once it has finished (within 5 minutes).`;
  if (await ports.disputes.hasUndecided(registry.id))
    return `A gift to ${name} is disputed by its giver’s bank and not decided yet. Your account can be deleted once the bank decides.`;
  if (followUpPending)
    return `${name} still has a payout to send you after a dispute was decided for your family. Your account can be deleted once it is sent.`;
  if (registry.status === 'open' && holdsPaidGift(statuses))
    return `${name} is open and holds gifts. Close it and receive its payout first; your account can be deleted once the payout is sent.`;
  if (registry.status !== 'open' && registry.payoutStatus !== 'completed')
    return `The payout of ${name} has not been sent yet. Your account can be deleted once it is sent.`;
  if (registry.coOwnerIds.length > 0)
    return `${name} has co-owners, who would lose its gifts and cards. Remove them from the registry first (they can export the registry before), then delete your account.`;
  return null;
}

/**
 * The holder asks to delete their account, with their password. Refused, changing nothing, while
 * whyAccountIsKept says so; otherwise the deletion is scheduled ACCOUNT_DELETION_GRACE_DAYS ahead
 * and the holder e-mailed. The account works as before meanwhile, and signing in cancels it.
 */
export async function scheduleAccountDeletion(
  user: User,
  input: unknown,
  ports: {
    unitOfWork: UnitOfWork;
    users: UserRepository;
    hasher: PasswordHasher;
    clock: Clock;
    appUrl: string;
    supportEmail: string;
  } & CheckPorts,
): Promise<User> {
  refuseUnknownFields(input, ['password']);
  const { password } = await validate(deleteAccountSchema, input);
  await checkCurrentPassword(user, password, ports);
  const reason = await whyAccountIsKept(user, ports);
  if (reason) throw new DomainError('account.deletion_refused', reason);
  const now = ports.clock.now();
  const dueAt = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
  return ports.unitOfWork.transaction(async ({ users, mail }) => {
    const scheduled = await users.scheduleDeletion(user.id, dueAt);
    await mail.enqueue({
      ...deletionScheduledEmail(scheduled, dueAt, ports.appUrl, ports.supportEmail),
      dedupeKey: `account-deletion-scheduled-${user.id}-${now.getTime()}`,
    });
    return scheduled;
  });
}

/**
 * Cancels a scheduled deletion (the account page's Cancel, or signing in); answers whether one was
 * scheduled. The holder is e-mailed, so a sign-in they did not make does not go unseen.
 */
export async function cancelAccountDeletion(
  user: User,
  ports: { unitOfWork: UnitOfWork; clock: Clock; supportEmail: string },
): Promise<boolean> {
  if (user.deletionDueAt === null) return false;
  const now = ports.clock.now();
  return ports.unitOfWork.transaction(async ({ users, mail }) => {
    if (!(await users.cancelDeletion(user.id))) return false;
    await mail.enqueue({
      ...deletionCancelledEmail(user, ports.supportEmail),
      dedupeKey: `account-deletion-cancelled-${user.id}-${now.getTime()}`,
    });
    return true;
  });
}

export interface DeletionRun {
  deleted: number;
  /** Kept after all: money arrived during the grace period; the holder was told why. */
  kept: number;
  /** Left for the next run: a payment under way, or another instance holds the account. */
  postponed: number;
  /** Photo addresses the deleted registries no longer point at, for the photo store to remove. */
  photos: string[];
}

export type DeletionPorts = PaymentPorts & {
  users: UserRepository;
  registries: Repositories['registries'];
  disputes: Repositories['disputes'];
  hasher: PasswordHasher;
  tokens: SecretTokens;
  clock: Clock;
};

/**
 * The background job: deletes the accounts whose grace period is over. Each is deleted in one
 * transaction that holds its row (skip locked: of two instances, one takes it), after checking
 * again that nothing keeps it: a gift that arrived meanwhile cancels the deletion, and the holder
 * is told why. Deleting: the registries it co-owns lose it; its open registries without money go
 * as the registry page's Delete takes them; every other registry it owns is kept for its money and
 * redacted; its sessions, links and exports go; its own row is redacted. The ledger and the audit
 * trail's facts stay, so `ledger verify` holds.
 */
export async function deleteAccountsDue(ports: DeletionPorts, limit = 50): Promise<DeletionRun> {
  const run: DeletionRun = { deleted: 0, kept: 0, postponed: 0, photos: [] };
  const now = ports.clock.now();
  for (const userId of await ports.users.listDeletionsDue(now, limit)) {
    const user = await ports.users.findById(userId);
    if (!user) continue;
    // Strangers' unpaid gifts are given up first, outside the transaction, as deleting a registry does.
    for (const registry of await ports.registries.listByOwner(userId)) {
      if (registry.isActive && registry.status === 'open') await giveUpUnpaidGiftsOf(registry.id, ports);
    }
    const passwordHash = await ports.hasher.hash(ports.tokens.create());
    const outcome = await ports.unitOfWork.transaction((repositories) => deleteOne(userId, passwordHash, repositories, ports));
    if (outcome.kind === 'deleted') {
      run.deleted += 1;
      run.photos.push(...outcome.photos);
    } else run[outcome.kind] += 1;
  }
  return run;
}

type OneOutcome = { kind: 'deleted'; photos: string[] } | { kind: 'kept' } | { kind: 'postponed' };

async function deleteOne(userId: string, passwordHash: string, repositories: Repositories, ports: DeletionPorts): Promise<OneOutcome> {
  const now = ports.clock.now();
  const user = await repositories.users.lockDeletionDue(userId, now);
  if (!user) return { kind: 'postponed' };
  const reason = await whyAccountIsKept(user, repositories);
  if (reason) {
    await repositories.users.cancelDeletion(user.id);
    await repositories.mail.enqueue({
      ...deletionNotDoneEmail(user, reason, ports.supportEmail),
      dedupeKey: `account-deletion-kept-${user.id}-${now.getTime()}`,
    });
    return { kind: 'kept' };
  }
  const owned = await repositories.registries.listByOwner(user.id);
  const kept: string[] = [];
  const deleted: string[] = [];
  for (const listed of owned) {
    const registry = await repositories.registries.findByIdForUpdate(listed.id);
    if (!registry) continue;
    if (!registry.isActive || registry.status !== 'open') {
      kept.push(registry.id);
      continue;
    }
    const statuses = await repositories.gifts.paymentStatusesOf(registry.id);
    // A payment the provider could not yet give up: nothing is done now, and the next run finds it settled.
    if (statuses.has('pending')) return { kind: 'postponed' };
    // Money moved (a refund): kept on record, as the registry page's Delete keeps it.
    (statuses.has('refunded') ? kept : deleted).push(registry.id);
  }
  for (const registryId of deleted) await repositories.registries.delete(registryId);
  for (const registry of await repositories.registries.listByCoOwner(user.id))
    await repositories.registries.removeCoOwner(registry.id, user.id);
  const photos: string[] = [];
  for (const registryId of kept) photos.push(...(await repositories.personalData.redactRegistry(registryId, now)));
  await repositories.sessions.destroyForUser(user.id);
  await repositories.accountTokens.revokeForUser(user.id, 'password_reset', now);
  await repositories.accountTokens.revokeForUser(user.id, 'email_change', now);
  await repositories.accountExports.deleteForUser(user.id);
  // Told at the address it had, before that goes; the outbox keeps only to whom and when once sent.
  await repositories.mail.enqueue({ ...accountDeletedEmail(user, ports.supportEmail), dedupeKey: `account-deleted-${user.id}` });
  await repositories.personalData.redactUser(user.id, { ...deletedAccountNames(user.id), passwordHash }, now);
  return { kind: 'deleted', photos };
}
