import type { User } from '../model/user';
import type { PaymentStatus } from '../model/gift';
import { DomainError } from '../errors';
import type { Registry, RegistryRole } from '../model/registry';
import { registryNotFound } from './registry-not-found';

export function requireSignedIn(user: User | null): User {
  if (!user) throw new DomainError('auth.required', 'Please sign in first');
  return user;
}

export function roleOf(registry: Registry, user: User | null): RegistryRole | null {
  if (!user) return null;
  if (registry.userId === user.id) return 'owner';
  return registry.coOwnerIds.includes(user.id) ? 'coOwner' : null;
}

export function isOwner(registry: Registry, user: User | null): boolean {
  return roleOf(registry, user) === 'owner';
}

/** A deleted registry kept on record (see deleteRegistry) is managed by nobody: it is not found. */
function requireActive(registry: Registry): void {
  if (!registry.isActive) throw registryNotFound();
}

/**
 * Owner only: close, payout details, delete, co-owners. 401 for a visitor, 403 for anyone else,
 * a co-owner included.
 */
export function requireOwner(registry: Registry, user: User | null): User {
  requireActive(registry);
  const signedIn = requireSignedIn(user);
  if (registry.userId !== signedIn.id) throw new DomainError('registry.forbidden', 'Only the registry’s owner can do that');
  return signedIn;
}

/**
 * The owner or a co-owner: everything that manages the registry day to day (editing it, its
 * currency, the gift list, contributors, thank-you notes). 401 for a visitor, 403 for anyone else.
 */
export function requireManager(registry: Registry, user: User | null): User {
  requireActive(registry);
  const signedIn = requireSignedIn(user);
  if (!roleOf(registry, signedIn)) throw new DomainError('registry.forbidden', 'Only the registry’s family can do that');
  return signedIn;
}

/**
 * Money paid in, or on its way back to its giver, or disputed by the giver's bank: it fixes a
 * registry's currency and keeps it from being deleted. A stranger's unpaid gift is not money (the
 * family's action gives it up first), and a refunded one went back whole.
 */
export function holdsPaidGift(statuses: ReadonlySet<PaymentStatus>): boolean {
  return statuses.has('succeeded') || statuses.has('refunding') || statuses.has('disputed');
}

type SettlingAction = 'change the currency' | 'delete the registry';

/**
 * Currency and deletion are settled once money came in: only while open and with no paid gift.
 * A refunded gift keeps its record in its own currency, so it holds neither back (deleting keeps
 * the record, see deleteRegistry). Checked before the gifts under way are given up too, so that a
 * change refused anyway costs no guest the payment they are making.
 */
export function requireNothingReceived(registry: Registry, statuses: ReadonlySet<PaymentStatus>, action: SettlingAction): void {
  if (registry.status !== 'open') throw new DomainError('registry.closed', `You can’t ${action} once the registry is closed`);
  if (holdsPaidGift(statuses)) throw new DomainError('registry.has_gifts', `You can’t ${action} after receiving contributions`);
}

/** As requireNothingReceived, and no payment the provider could not yet give up. */
export function requireUnsettled(registry: Registry, statuses: ReadonlySet<PaymentStatus>, action: SettlingAction): void {
  requireNothingReceived(registry, statuses, action);
  if (statuses.has('pending')) {
    throw new DomainError(
      'registry.payment_under_way',
      `A gift’s payment is being confirmed by the payment provider right now, so you can’t ${action} yet. Please try again in a few minutes.`,
    );
  }
}
