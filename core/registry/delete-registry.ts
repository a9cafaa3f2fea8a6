import type { User } from '../account/user';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { requireOwner, requireUnsettled } from './registry-access';
import { registryNotFound } from './registry-not-found';

/**
 * Deletes an open registry that never received money; its failed and expired gifts go with it.
 * The owner's alone, not a co-owner's: it ends the registry for everyone, the owner included,
 * which is at least as final as closing it.
 */
export async function deleteRegistry(id: string, ports: { user: User | null; unitOfWork: UnitOfWork }): Promise<{ message: string }> {
  return ports.unitOfWork.transaction(async ({ registries, gifts }: Repositories) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry) throw registryNotFound();
    requireOwner(registry, ports.user);
    requireUnsettled(registry, await gifts.hasLiveGifts(registry.id), 'delete the registry');
    await registries.delete(registry.id);
    return { message: 'Registry deleted' };
  });
}
