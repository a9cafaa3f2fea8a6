import { createGiftService, type GiftDependencies } from '@core/gift/gift-service';
import type { Clock } from '@core/ports/clock';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { aCharity, aNewRegistry, aNewUser } from './builders';

/** The gifts' service as bootstrap builds it, over the repositories, provider and clock a test already has. */
export function giftServiceOver(ports: Pick<GiftDependencies, 'repositories' | 'gateway' | 'clock'>) {
  return createGiftService({
    ...ports,
    rates: DEFAULT_PROCESSING_RATES,
    tokens: nodeSecretTokens,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  });
}

/** What a giver's checkout sends to start a gift: Aunt Miriam's, of the cents given, with no message. */
export function aGiftStart(registryId: string, charityId: string, cents: number) {
  return { registryId, charityId, giftGiverName: 'Aunt Miriam', giftGiverEmail: 'miriam@example.com', amount: cents, personalMessage: '' };
}

/**
 * The gifts' use cases built as bootstrap builds them, over in-memory fakes, with an owner, her
 * open registry and a charity it offers. `give` starts a gift and has the provider take its payment,
 * as a giver paying at the checkout would (the gift stays pending until something reconciles it).
 */
export async function giftWorld(options: { clock?: Clock } = {}) {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = options.clock ?? new FixedClock();
  const gifts = giftServiceOver({ repositories, gateway, clock });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const charity = await repositories.charities.create(aCharity());
  const aUser = (username: string) => repositories.users.create(aNewUser({ username, email: `${username}@example.com` }));
  const give = async (cents: number) => {
    const started = await gifts.start(aGiftStart(registry.id, charity.id, cents));
    gateway.intents.get(started.paymentIntentId)!.status = 'succeeded';
    return started;
  };
  return { repositories, gateway, clock, gifts, owner, registry, charity, aUser, give };
}
