import type { User } from '../model/user';
import type { PaymentPorts } from '../ports/payment-ports';
import type { Currency } from '../money';
import type { Registry } from '../model/registry';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { DomainError } from '../errors';
import { refuseUnknownFields, validate } from '../validate';
import { giveUpUnpaidGiftsOf } from './give-up-unpaid-gifts';
import { requireManager, requireNothingReceived, requireUnsettled } from '../access/registry-access';
import { changeCurrencySchema } from './registry-schemas';
import { registryNotFound } from '../access/registry-not-found';

export function byHandInCurrency(currency: Currency): string {
  return `You can’t change the currency while gifts given by hand are recorded in ${currency}. Remove them first, or keep ${currency}.`;
}

/**
 * What refuses a currency change whatever becomes of the gifts under way, and whether there is a
 * change to make at all: asked before they are given up, so that a change refused anyway, or one
 * to the currency the registry already has, costs no guest the payment they are making; and asked
 * again under the registry's lock.
 */
async function changeToMake(
  registry: Registry,
  currency: Currency,
  repositories: Pick<Repositories, 'gifts' | 'offlineGifts'>,
  user: User | null,
): Promise<boolean> {
  requireManager(registry, user);
  requireNothingReceived(registry, await repositories.gifts.paymentStatusesOf(registry.id), 'change the currency');
  if (registry.currency === currency) return false;
  // A gift given by hand was recorded in the registry's currency: changing it would change the gift.
  if ((await repositories.offlineGifts.listByRegistry(registry.id)).length > 0) {
    throw new DomainError('registry.has_gifts', byHandInCurrency(registry.currency));
  }
  return true;
}

/**
 * Changes the currency of an open registry that holds no paid gift and no gift given by hand; a
 * stranger's unpaid gifts are given up first, once nothing else refuses it. The registry is
 * locked, so no gift can start while the currency changes under it.
 */
export async function changeCurrency(
  actor: User | null,
  id: string,
  input: unknown,
  ports: { unitOfWork: UnitOfWork } & PaymentPorts,
): Promise<{ message: string; currency: Currency }> {
  refuseUnknownFields(input, ['currency']);
  const { currency } = await validate(changeCurrencySchema, input);
  const answer = { message: `Currency updated to ${currency}`, currency };
  // Under the lock too: a change to the currency the registry has is answered from what another
  // change under way leaves, not from what it replaces.
  const toMake = await ports.unitOfWork.transaction(async (repositories: Repositories) => {
    const registry = await repositories.registries.findByIdForUpdate(id);
    if (!registry || !registry.isActive) throw registryNotFound();
    return changeToMake(registry, currency, repositories, actor);
  });
  if (!toMake) return answer;
  await giveUpUnpaidGiftsOf(id, ports);
  return ports.unitOfWork.transaction(async (repositories: Repositories) => {
    const registry = await repositories.registries.findByIdForUpdate(id);
    if (!registry || !registry.isActive) throw registryNotFound();
    if (!(await changeToMake(registry, currency, repositories, actor))) return answer;
    requireUnsettled(registry, await repositories.gifts.paymentStatusesOf(registry.id), 'change the currency');
    await repositories.registries.update(registry.id, { currency });
    return answer;
  });
}
