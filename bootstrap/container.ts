import { lockEmbeddedDatabase } from '../adapters/persistence/embedded-lock';
import { migrate, openOrm, type Orm } from '../adapters/persistence/orm';
import { createMikroOrmRepositories } from '../adapters/persistence/repositories';
import type { Repositories, UnitOfWork } from '../core/ports/repositories';
import type { AppConfig } from './config';

export interface Infrastructure {
  orm: Orm;
  repositories: Repositories & UnitOfWork;
  checkDatabase: () => Promise<void>;
  close: () => Promise<void>;
}

/** Opens the configured database (taking the embedded database's lock first) and migrates it. */
export async function openInfrastructure(config: AppConfig): Promise<Infrastructure> {
  const { database } = config;
  const embeddedOnDisk = database.kind === 'pglite' && !database.dataDir.startsWith('memory:');
  const releaseLock = embeddedOnDisk ? await lockEmbeddedDatabase(database.dataDir) : null;
  let orm: Orm | null = null;
  try {
    orm = await openOrm(database);
    await migrate(orm, database);
  } catch (error) {
    await orm?.close(true).catch(() => undefined);
    await releaseLock?.();
    throw error;
  }
  const opened = orm;
  return {
    orm: opened,
    repositories: createMikroOrmRepositories(opened),
    checkDatabase: async () => {
      await opened.em.fork().execute('select 1');
    },
    close: async () => {
      await opened.close(true);
      await releaseLock?.();
    },
  };
}
