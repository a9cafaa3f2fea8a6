import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { Repositories } from '../ports/repositories';
import { requireManager } from './registry-access';
import type { Registry } from '../model/registry';
import type { OfflineGift } from '../model/offline-gift';

export function offlineGiftNotFound(): DomainError {
  return new DomainError('gift.not_found', 'No such gift given by hand');
}

/**
 * A gift given by hand, when the caller manages its registry (owner or co-owner): the one place that says
 * who may see, change or remove one (401 for a visitor, 403 for anyone else, 404 for no such gift).
 */
export async function managedOfflineGift(
  actor: User | null,
  id: string,
  ports: Pick<Repositories, 'offlineGifts' | 'registries'>,
): Promise<{ gift: OfflineGift; registry: Registry }> {
  const gift = await ports.offlineGifts.findById(id);
  const registry = gift ? await ports.registries.findById(gift.registryId) : null;
  if (!gift || !registry || !registry.isActive) throw offlineGiftNotFound();
  requireManager(registry, actor);
  return { gift, registry };
}
