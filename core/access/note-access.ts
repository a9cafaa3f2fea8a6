import type { User } from '../model/user';
import { DomainError } from '../errors';
import type { ReceivedGift } from '../model/received-gift';
import type { Repositories } from '../ports/repositories';
import { requireManager } from './registry-access';
import type { Registry } from '../model/registry';

function noSuchContributor(): DomainError {
  return new DomainError('gift.not_found', 'No such contributor');
}

/**
 * The gift a thank-you is for, online or given by hand, when the caller manages its registry
 * (owner or co-owner): only succeeded gifts have contributors to thank, and another family's gift
 * is refused without saying whose it is.
 */
export async function managedContributorGift(
  actor: User | null,
  giftId: string,
  ports: Pick<Repositories, 'gifts' | 'offlineGifts' | 'registries'>,
): Promise<{ gift: ReceivedGift; registry: Registry; writer: User }> {
  const online = await ports.gifts.findById(giftId);
  const byHand = online ? null : await ports.offlineGifts.findById(giftId);
  const gift: ReceivedGift | null = online ? { ...online, byHand: false } : byHand ? { ...byHand, byHand: true } : null;
  const registry = gift ? await ports.registries.findById(gift.registryId) : null;
  if (!gift || !registry) throw noSuchContributor();
  const writer = requireManager(registry, actor);
  if (!gift.byHand && gift.paymentStatus !== 'succeeded') throw noSuchContributor();
  return { gift, registry, writer };
}
