import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Registry, RegistryRole } from './registry';

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

/**
 * Owner only: close, payout details, delete, co-owners. 401 for a visitor, 403 for anyone else,
 * a co-owner included.
 */
export function requireOwner(registry: Registry, user: User | null): User {
  const signedIn = requireSignedIn(user);
  if (registry.userId !== signedIn.id) throw new DomainError('registry.forbidden', 'Only the registry’s owner can do that');
  return signedIn;
}

/**
 * The owner or a co-owner: everything that manages the registry day to day (editing it, its
 * currency, the gift list, contributors, thank-you notes). 401 for a visitor, 403 for anyone else.
 */
export function requireManager(registry: Registry, user: User | null): User {
  const signedIn = requireSignedIn(user);
  if (!roleOf(registry, signedIn)) throw new DomainError('registry.forbidden', 'Only the registry’s family can do that');
  return signedIn;
}

/** Currency and deletion are settled once money may be on its way: only open, and no gift but failed ones. */
export function requireUnsettled(registry: Registry, hasGifts: boolean, action: 'change the currency' | 'delete the registry'): void {
  if (registry.status !== 'open') throw new DomainError('registry.closed', `You can’t ${action} once the registry is closed`);
  if (hasGifts) throw new DomainError('registry.has_gifts', `You can’t ${action} after receiving contributions`);
}
