import { createRegistryService } from '@core/registry/registry-service';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { InMemoryPhotoStore } from '../../adapters/in-memory/in-memory-photo-store';
import { aNewUser } from './builders';

/**
 * The registries' use cases built as bootstrap builds them, over in-memory fakes, with the owner
 * to be. Photos saved in `photos` may be used for a registry's picture.
 */
export async function registryWorld() {
  const repositories = createInMemoryRepositories();
  const photos = new InMemoryPhotoStore();
  const gateway = new InMemoryPaymentGateway();
  const registries = createRegistryService({
    repositories,
    photos,
    newShortCode: () => crypto.randomUUID().slice(0, 8),
    gateway,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  });
  const owner = await repositories.users.create(aNewUser());
  const aUser = (username: string) => repositories.users.create(aNewUser({ username, email: `${username}@example.com` }));
  return { repositories, photos, gateway, registries, owner, aUser };
}
