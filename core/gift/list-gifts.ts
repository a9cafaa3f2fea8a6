import type { User } from '../model/user';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import type { Gift } from '../model/gift';
import { registryNotFound } from '../access/registry-not-found';

/** Who gave what is for the registry's owner and co-owners alone. */
export async function listGifts(
  actor: User | null,
  registryId: string,
  ports: Pick<Repositories, 'registries' | 'gifts'>,
): Promise<Gift[]> {
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw registryNotFound();
  requireManager(registry, actor);
  return ports.gifts.listByRegistry(registry.id);
}
