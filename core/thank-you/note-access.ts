import type { User } from '../account/user';
import { DomainError } from '../errors';
import type { Gift } from '../gift/gift';
import type { Repositories } from '../ports/repositories';
import { requireManager } from '../registry/registry-access';
import type { Registry } from '../registry/registry';

/**
 * The gift a thank-you is for, when the caller manages its registry (owner or co-owner): only succeeded gifts have
 * contributors to thank, and another family's gift is refused without saying whose it is.
 */
export async function managedContributorGift(
  giftId: string,
  ports: { user: User | null } & Pick<Repositories, 'gifts' | 'registries'>,
): Promise<{ gift: Gift; registry: Registry; writer: User }> {
  const gift = await ports.gifts.findById(giftId);
  const registry = gift ? await ports.registries.findById(gift.registryId) : null;
  if (!gift || !registry) throw new DomainError('gift.not_found', 'No such contributor');
  const writer = requireManager(registry, ports.user);
  if (gift.paymentStatus !== 'succeeded') throw new DomainError('gift.not_found', 'No such contributor');
  return { gift, registry, writer };
}
