import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Repositories } from '../ports/repositories';
import type { Registry } from './registry';
import { isOwner } from './registry-access';
import type { RegistryDetails } from './registry-details';

type Ports = { user: User | null } & Pick<Repositories, 'registries' | 'gifts' | 'charities'>;

async function details(registry: Registry | null, ports: Ports): Promise<RegistryDetails> {
  if (!registry || !registry.isActive) throw new DomainError('registry.not_found', 'Registry not found');
  const owner = isOwner(registry, ports.user);
  const [preferredCharity, counts, hasGifts, gifts] = await Promise.all([
    registry.preferredCharityId ? ports.charities.findById(registry.preferredCharityId) : null,
    ports.gifts.countSucceeded([registry.id]),
    ports.gifts.hasGiftsOtherThanFailed(registry.id),
    owner ? ports.gifts.listByRegistry(registry.id) : null,
  ]);
  return { registry, preferredCharity, giftCount: counts.get(registry.id) ?? 0, hasGifts, isOwner: owner, gifts };
}

/** Anyone may look at a registry; only its owner sees the gifts. */
export async function viewRegistry(id: string, ports: Ports): Promise<RegistryDetails> {
  return details(await ports.registries.findById(id), ports);
}

export async function viewRegistryByShortCode(shortCode: string, ports: Ports): Promise<RegistryDetails> {
  return details(await ports.registries.findByShortCode(shortCode.trim().toLowerCase()), ports);
}
