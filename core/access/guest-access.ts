import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Repositories } from '../ports/repositories';
import { requireManager } from './registry-access';
import type { Registry } from '../model/registry';
import { registryNotFound } from './registry-not-found';
import type { Guest } from '../model/guest';

export function guestNotFound(): DomainError {
  return new DomainError('guest.not_found', 'No such guest');
}

/**
 * The registry whose guest list the caller keeps (owner or co-owner): 404 for no such registry,
 * 401 for a visitor, 403 for anyone else. With `forUpdate`, inside a transaction, the registry
 * stays locked, so two changes to one list (and its cap) take turns.
 */
export async function guestListRegistry(
  registryId: string,
  user: User | null,
  registries: Repositories['registries'],
  forUpdate = false,
): Promise<Registry> {
  const registry = forUpdate ? await registries.findByIdForUpdate(registryId) : await registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  requireManager(registry, user);
  return registry;
}

/** A guest, when the caller keeps its registry's list; a stranger hears only that there is none to them. */
export async function managedGuest(id: string, user: User | null, ports: Pick<Repositories, 'guests' | 'registries'>): Promise<Guest> {
  const guest = await ports.guests.findById(id);
  if (!guest) throw guestNotFound();
  await guestListRegistry(guest.registryId, user, ports.registries);
  return guest;
}
