import { createPayoutService } from '@core/payout/payout-service';
import type { Clock } from '@core/ports/clock';
import type { NewUser } from '@core/model/user';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { aNewUser } from './builders';

/**
 * The family's payouts built as bootstrap builds them, over in-memory fakes (the in-memory
 * provider too), with the registry's owner to be. A test may bring its own clock.
 */
export async function payoutWorld(options: { clock?: Clock; owner?: Partial<NewUser> } = {}) {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = options.clock ?? new FixedClock();
  const payouts = createPayoutService({
    repositories,
    gateway,
    clock,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com', ...options.owner }));
  return { repositories, gateway, clock, payouts, owner };
}
