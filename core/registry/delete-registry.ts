import type { User } from '../model/user';
import type { PaymentPorts } from '../ports/payment-ports';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { giveUpUnpaidGiftsOf } from './give-up-unpaid-gifts';
import { requireNothingReceived, requireOwner, requireUnsettled } from '../access/registry-access';
import { registryNotFound } from '../access/registry-not-found';

/**
 * Deletes an open registry that holds no paid gift; a stranger's unpaid gifts are given up first,
 * once nothing else refuses it.
 * The owner's alone, not a co-owner's: it ends the registry for everyone, the owner included,
 * which is at least as final as closing it.
 *
 * A registry whose gifts only failed or expired goes with them. One with a refunded gift is
 * retired instead (no longer active: gone for everyone, found by nobody): the refund moved real
 * money, so its gift and the registry it belonged to stay on record.
 */
export async function deleteRegistry(
  actor: User | null,
  id: string,
  ports: { unitOfWork: UnitOfWork; registries: Repositories['registries'] } & PaymentPorts,
): Promise<{ message: string }> {
  const found = await ports.registries.findById(id);
  if (!found || !found.isActive) throw registryNotFound();
  requireOwner(found, actor);
  requireNothingReceived(found, await ports.gifts.paymentStatusesOf(found.id), 'delete the registry');
  await giveUpUnpaidGiftsOf(found.id, ports);
  return ports.unitOfWork.transaction(async ({ registries, gifts }: Repositories) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry || !registry.isActive) throw registryNotFound();
    requireOwner(registry, actor);
    const statuses = await gifts.paymentStatusesOf(registry.id);
    requireUnsettled(registry, statuses, 'delete the registry');
    if (statuses.has('refunded')) await registries.update(registry.id, { isActive: false });
    else await registries.delete(registry.id);
    return { message: 'Registry deleted' };
  });
}
