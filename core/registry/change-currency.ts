import type { User } from '../account/user';
import type { Currency } from '../money';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { refuseUnknownFields, validate } from '../validate';
import { requireManager, requireUnsettled } from './registry-access';
import { changeCurrencySchema } from './registry-schemas';
import { registryNotFound } from './registry-not-found';

/** Locks the registry so no gift can start while the currency changes under it. */
export async function changeCurrency(
  id: string,
  input: unknown,
  ports: { user: User | null; unitOfWork: UnitOfWork },
): Promise<{ message: string; currency: Currency }> {
  refuseUnknownFields(input, ['currency']);
  const { currency } = await validate(changeCurrencySchema, input);
  return ports.unitOfWork.transaction(async ({ registries, gifts }: Repositories) => {
    const registry = await registries.findByIdForUpdate(id);
    if (!registry) throw registryNotFound();
    requireManager(registry, ports.user);
    requireUnsettled(registry, await gifts.hasLiveGifts(registry.id), 'change the currency');
    if (registry.currency !== currency) await registries.update(registry.id, { currency });
    return { message: `Currency updated to ${currency}`, currency };
  });
}
