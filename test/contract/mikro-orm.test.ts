import { afterAll, beforeAll, describe, it } from 'vitest';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { createSandboxAccountStore } from '../../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { openTestDatabase, postgresUrl } from '../support/databases';
import { emptyTables } from '../support/empty-tables';
import { repositoryContract } from './repositories.contract';
import { sandboxAccountStoreContract } from './sandbox-account-store.contract';
import { sandboxBalanceContract } from './sandbox-balance.contract';

for (const kind of ['pglite', 'postgresql'] as const) {
  if (kind === 'postgresql' && !postgresUrl) {
    describe('repositories: MikroORM on PostgreSQL', () => {
      it.skip('needs TEST_DATABASE_URL (CI sets it; see README)', () => undefined);
    });
    console.warn('Skipping the PostgreSQL repository contract: TEST_DATABASE_URL is not set.');
    continue;
  }
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  const label = `MikroORM on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`;
  // Every test starts on empty tables (the rate-limit counters and migration history are not ours to clear).
  repositoryContract(label, async () => {
    await emptyTables(database.orm);
    return createMikroOrmRepositories(database.orm);
  });
  sandboxAccountStoreContract(label, async () => {
    await database.orm.em.getConnection().execute('truncate "sandbox_accounts"');
    return createSandboxAccountStore(database.orm);
  });
  sandboxBalanceContract(label, async () => {
    await database.orm.em.getConnection().execute('truncate "sandbox_balance_transactions"');
    return createSandboxBalance(database.orm);
  });
}
