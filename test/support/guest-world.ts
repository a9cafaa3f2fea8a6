import { createGuestService } from '@core/guest/guest-service';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { derivedGuestLinkTokens } from '../../adapters/security/derived-guest-link-tokens';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { aNewRegistry, aNewUser } from './builders';

/**
 * The guest list's use cases built as bootstrap builds them, over in-memory fakes, with an owner
 * and her registry. The personal links are real ones, derived from a test secret.
 */
export async function guestWorld() {
  const repositories = createInMemoryRepositories();
  const guests = createGuestService({
    repositories,
    tokens: nodeSecretTokens,
    linkTokens: derivedGuestLinkTokens('a test secret for the guests’ personal links'),
    publicUrl: 'https://gifts.example.org',
  });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const aUser = (username: string) => repositories.users.create(aNewUser({ username, email: `${username}@example.com` }));
  return { repositories, guests, owner, registry, aUser };
}
