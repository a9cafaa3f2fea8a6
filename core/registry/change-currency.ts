import type { User } from '../account/user';
import type { PaymentPorts } from '../gift/record-payment';
import type { Currency } from '../money';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { DomainError } from '../errors';
import { refuseUnknownFields, validate } from '../validate';
import { giveUpUnpaidGiftsOf } from './give-up-unpaid-gifts';
import { requireManager, requireUnsettled } from './registry-access';
import { changeCurrencySchema } from './registry-schemas';
import { registryNotFound } from './registry-not-found';

export function byHandInCurrency(currency: Currency): string {
  return `You can’t change the currency while gifts given by hand are recorded in ${currency}. Remove them first, or keep ${currency}.`;
}

/**
 * Changes the currency of an open registry that holds no paid gift and no gift given by hand; a stranger's unpaid gifts are
 * given up first. The registry is locked, so no gift can start while the currency changes under it.
 */
export async function changeCurrency(
  id: string,
  input: unknown,
  ports: { user: User | null; unitOfWork: UnitOfWork; registries: Repositories['registries'] } & PaymentPorts,
): Promise<{ message: string; currency: Currency }> {
  refuseUnknownFields(input, ['currency']);
  const { currency } = await validate(changeCurrencySchema, input);
  const found = await ports.registries.findById(id);
  if (!found || !found.isActive) throw registryNotFound();
  requireManager(found, ports.user);
  await giveUpUnpaidGiftsOf(found.id, ports);
  return ports.unitOfWork.transaction(async ({ registries, gifts, offlineGifts }: Repositories) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry || !registry.isActive) throw registryNotFound();
    requireManager(registry, ports.user);
    requireUnsettled(registry, await gifts.paymentStatusesOf(registry.id), 'change the currency');
    // A gift given by hand was recorded in the registry's currency: changing it would change the gift.
    if (registry.currency !== currency && (await offlineGifts.listByRegistry(registry.id)).length > 0) {
      throw new DomainError('registry.has_gifts', byHandInCurrency(registry.currency));
    }
    if (registry.currency !== currency) await registries.update(registry.id, { currency });
    return { message: `Currency updated to ${currency}`, currency };
  });
}
