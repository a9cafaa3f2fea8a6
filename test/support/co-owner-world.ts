import { createCoOwnerService } from '@core/co-owner/co-owner-service';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';
import { aNewRegistry, aNewUser } from './builders';

/**
 * The co-owners' use cases built as bootstrap builds them, over in-memory fakes, with an owner and
 * her registry. The tokens are real ones, kept as they are made, so a test can follow a link.
 */
export async function coOwnerWorld() {
  const repositories = createInMemoryRepositories();
  const clock = new FixedClock();
  const madeTokens: string[] = [];
  const tokens: SecretTokens = {
    create: () => {
      const token = nodeSecretTokens.create();
      madeTokens.push(token);
      return token;
    },
    digest: nodeSecretTokens.digest,
  };
  const coOwners = createCoOwnerService({ repositories, tokens, clock, appUrl: 'https://gifts.example.org' });
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const aUser = (username: string) => repositories.users.create(aNewUser({ username, email: `${username}@example.com` }));
  return { repositories, clock, coOwners, owner, registry, aUser, lastToken: () => madeTokens.at(-1) ?? '' };
}
