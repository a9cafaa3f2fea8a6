import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry, RegistryRole } from '../model/registry';
import { requireManager, requireOwner, roleOf } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import type { CoOwnerInvitation } from '../model/co-owner-invitation';

export interface RegistryPeople {
  registry: Registry;
  /** The caller's part: the owner also sees the invitations waiting. */
  role: RegistryRole;
  owner: User;
  coOwners: User[];
  /** Only for the owner; empty for a co-owner. */
  invitations: CoOwnerInvitation[];
}

async function activeRegistry(id: string, registries: Repositories['registries']): Promise<Registry> {
  const registry = await registries.findById(id);
  if (!registry || !registry.isActive) throw registryNotFound();
  return registry;
}

/** Who manages the registry (owner and co-owners); the owner also sees the invitations waiting. */
export async function listRegistryPeople(
  actor: User | null,
  registryId: string,
  ports: { clock: Clock } & Pick<Repositories, 'registries' | 'users' | 'coOwnerInvitations'>,
): Promise<RegistryPeople> {
  const registry = await activeRegistry(registryId, ports.registries);
  const caller = requireManager(registry, actor);
  const role = roleOf(registry, caller) ?? 'coOwner';
  const [owner, coOwners, invitations] = await Promise.all([
    ports.users.findById(registry.userId),
    Promise.all(registry.coOwnerIds.map((id) => ports.users.findById(id))),
    role === 'owner' ? ports.coOwnerInvitations.listPending(registry.id, ports.clock.now()) : [],
  ]);
  if (!owner) throw registryNotFound();
  return { registry, role, owner, coOwners: coOwners.filter((user): user is User => user !== null), invitations };
}

/** The owner cancels an invitation still waiting: its link stops working at once. */
export async function cancelCoOwnerInvitation(
  actor: User | null,
  registryId: string,
  invitationId: string,
  ports: { clock: Clock } & Pick<Repositories, 'registries' | 'coOwnerInvitations'>,
): Promise<{ message: string }> {
  requireOwner(await activeRegistry(registryId, ports.registries), actor);
  if (!(await ports.coOwnerInvitations.cancel(registryId, invitationId, ports.clock.now()))) {
    throw new DomainError('co_owner.not_found', 'No such invitation is waiting');
  }
  return { message: 'Invitation cancelled' };
}

/**
 * The owner removes a co-owner, or a co-owner leaves. Nobody removes the owner: the owner's id is
 * never among the co-owners, so asking answers "no such co-owner" to the owner and 403 to anyone else.
 */
export async function removeCoOwner(
  actor: User | null,
  registryId: string,
  userId: string,
  ports: { unitOfWork: UnitOfWork },
): Promise<{ message: string; left: boolean }> {
  return ports.unitOfWork.transaction(async ({ registries }) => {
    const registry = await registries.findByIdForUpdate(registryId);
    if (!registry || !registry.isActive) throw registryNotFound();
    const caller = requireManager(registry, actor);
    const leaving = caller.id === userId && registry.coOwnerIds.includes(userId);
    if (!leaving) requireOwner(registry, caller);
    if (!(await registries.removeCoOwner(registry.id, userId))) throw new DomainError('co_owner.not_found', 'No such co-owner');
    return leaving ? { message: 'You no longer co-own this registry', left: true } : { message: 'Co-owner removed', left: false };
  });
}
