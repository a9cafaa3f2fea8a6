import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Repositories } from '../ports/repositories';
import { requireOwner } from '../registry/registry-access';
import type { Gift } from './gift';

/** Who gave what is for the registry's owner alone. */
export async function listGifts(registryId: string, ports: { user: User | null } & Pick<Repositories, 'registries' | 'gifts'>): Promise<Gift[]> {
  const registry = await ports.registries.findById(registryId);
  if (!registry) throw new DomainError('registry.not_found', 'Registry not found');
  requireOwner(registry, ports.user);
  return ports.gifts.listByRegistry(registry.id);
}
