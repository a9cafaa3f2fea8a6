import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';
import type { OfflineGift } from '../model/offline-gift';
import { offlineGiftDetails } from './offline-gift-input';

export const MAX_OFFLINE_GIFTS_PER_REGISTRY = 1000;

/**
 * The family (owner or co-owner) records a gift handed to the family. Allowed whether the registry is open or closed:
 * families count the cards from the celebration after closing, and the record moves no money.
 * The permission is checked before the body, so a stranger learns nothing from a bad one (the
 * amount's form alone is read before, at the wire, and says nothing of the registry).
 */
export async function recordOfflineGift(
  actor: User | null,
  registryId: string,
  input: unknown,
  ports: { clock: Clock } & Pick<Repositories, 'registries' | 'offlineGifts'>,
): Promise<OfflineGift> {
  const registry = await ports.registries.findById(registryId);
  if (!registry || !registry.isActive) throw registryNotFound();
  requireManager(registry, actor);
  const details = await offlineGiftDetails(input, ports.clock.now());
  // Each may carry any e-mail address a card can later go to: a bound, far above any celebration.
  if ((await ports.offlineGifts.listByRegistry(registry.id)).length >= MAX_OFFLINE_GIFTS_PER_REGISTRY) {
    throw new DomainError(
      'validation.failed',
      `A registry can hold at most ${MAX_OFFLINE_GIFTS_PER_REGISTRY.toLocaleString('en-US')} gifts given by hand`,
    );
  }
  return ports.offlineGifts.create({ registryId: registry.id, ...details });
}
