import { createAdminService } from '@core/admin/admin-service';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { aNewUser } from './builders';

/**
 * The administrators' use cases built as bootstrap builds them, over in-memory fakes, with one
 * administrator and one family's account that is none.
 */
export async function adminWorld(options: { clock?: FixedClock } = {}) {
  const repositories = createInMemoryRepositories();
  const clock = options.clock ?? new FixedClock();
  const gateway = new InMemoryPaymentGateway();
  const admin = createAdminService({
    repositories,
    gateway,
    clock,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  });
  const made = await repositories.users.create(aNewUser({ username: 'miriam', email: 'miriam@example.com' }));
  const administrator = await repositories.users.setAdmin(made.id, true);
  const family = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  return { repositories, clock, gateway, admin, administrator, family };
}
