import { lockEmbeddedDatabase } from '../adapters/persistence/embedded-lock';
import { migrate, openOrm, type Orm } from '../adapters/persistence/orm';
import { readSchemaState, SchemaBehindError } from '../adapters/persistence/schema-version';
import { createMikroOrmRepositories } from '../adapters/persistence/repositories';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { AppConfig } from './config';

export interface Infrastructure {
  orm: Orm;
  repositories: Repositories & UnitOfWork;
  checkDatabase: () => Promise<void>;
  /**
   * Brings the query planner's table statistics up to date on the embedded database, which runs
   * no autovacuum (PostgreSQL servers keep theirs themselves). Without them PGlite plans guest
   * search, a walk of the name-prefix index that stops after 20 rows, as a scan and sort of every
   * prefix once the tables have grown.
   */
  refreshStatistics: () => Promise<void>;
  close: () => Promise<void>;
}

/** A load balancer waits about 2 s for a health check; a database that does not answer by then is down. */
const HEALTH_CHECK_TIMEOUT_MS = 1_500;

async function answersWithin(ms: number, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The embedded database's planner statistics (see Infrastructure.refreshStatistics); PostgreSQL keeps its own. */
async function refreshEmbeddedStatistics(orm: Orm, database: AppConfig['database']): Promise<void> {
  if (database.kind === 'pglite') await orm.em.fork().execute('analyze');
}

export interface OpeningOptions {
  /** Bring the schema up to date first; otherwise a schema older than this code is refused (SchemaBehindError). */
  migrate: boolean;
  /** Told the migrations a newer release applied, which this code does not know. */
  onNewerSchema: (unknown: string[]) => void;
}

/**
 * Opens the configured database (taking the embedded database's lock first), and migrates it or
 * checks that it has had this code's migrations.
 */
export async function openInfrastructure(config: AppConfig, options: OpeningOptions): Promise<Infrastructure> {
  const { database } = config;
  const embeddedOnDisk = database.kind === 'pglite' && !database.dataDir.startsWith('memory:');
  const releaseLock = embeddedOnDisk ? await lockEmbeddedDatabase(database.dataDir) : null;
  let orm: Orm | null = null;
  try {
    orm = await openOrm(database);
    if (options.migrate) await migrate(orm, database);
    const schema = await readSchemaState(orm);
    if (schema.pending.length > 0) throw new SchemaBehindError(schema.pending);
    if (schema.unknown.length > 0) options.onNewerSchema(schema.unknown);
    await refreshEmbeddedStatistics(orm, database);
  } catch (error) {
    await orm?.close(true).catch(() => undefined);
    await releaseLock?.();
    throw error;
  }
  const opened = orm;
  return {
    orm: opened,
    // PGlite on disk is opened by this process alone (the lock above), so every change passes
    // through these repositories and reads can be kept until the next one. In-memory PGlite is
    // for tests, which also change rows behind the repositories' back, so it reads afresh.
    repositories: createMikroOrmRepositories(opened, { onlyWriter: embeddedOnDisk }),
    checkDatabase: () => answersWithin(HEALTH_CHECK_TIMEOUT_MS, opened.em.fork().execute('select 1')),
    refreshStatistics: () => refreshEmbeddedStatistics(opened, database),
    close: async () => {
      await opened.close(true);
      await releaseLock?.();
    },
  };
}
