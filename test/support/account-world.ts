import { createAccountService } from '@core/account/account-service';
import type { PasswordHasher } from '@core/ports/password-hasher';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { aNewUser } from './builders';

// Reversible on purpose: these tests are about the rules, not the hash.
export const reversibleHasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (hash, password) => hash === `hashed:${password}`,
};

/**
 * The accounts' use cases built as bootstrap builds them, over in-memory fakes, with one account
 * whose password is "old-password". The tokens are numbered, so a test can follow a link.
 */
export async function accountWorld() {
  const repositories = createInMemoryRepositories();
  const clock = new FixedClock();
  let issued = 0;
  const tokens: SecretTokens = {
    create: () => `token-number-${(issued += 1).toString().padStart(12, '0')}`,
    digest: (token) => `digest-of-${token}`,
  };
  const accounts = createAccountService({
    repositories,
    hasher: reversibleHasher,
    decoyHash: 'hashed:decoy-never-matches',
    tokens,
    clock,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'support@example.org',
  });
  const holder = await repositories.users.create(aNewUser({ email: 'dana@example.com', passwordHash: 'hashed:old-password' }));
  const passwordHashOf = async (userId: string) => (await repositories.users.findByIdWithPassword(userId))?.passwordHash;
  return { repositories, clock, tokens, accounts, holder, passwordHashOf };
}
