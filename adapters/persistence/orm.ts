import { MikroORM as PgliteMikroORM } from '@mikro-orm/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MikroORM as PostgresMikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { MikroORM } from '@mikro-orm/core';
import pg from 'pg';
import type { SqlEntityManager } from '@mikro-orm/sql';
import { releaseConnectionsThatDie } from './dead-connection-release';
import { endConnectionsThatTimeOut } from './timed-out-connection-end';
import { ENTITIES, SUPPORT_ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string /** A cluster to start from (PGlite's dumpDataDir), instead of an empty one. */; loadDataDir?: Blob }
  | {
      kind: 'postgresql';
      url: string;
      /** Other bounds than DATABASE_WAITS (tests that wait them out). */
      waits?: DatabaseWaits;
      /** A connection for `npm run migrate` (MIGRATION_SESSION) rather than for requests. */
      migrating?: { lockTimeoutMs: number };
      /** How many connections this process holds at most (DATABASE_POOL_MAX); DEFAULT_POOL_MAX unless given. */
      poolMax?: number;
    };

/** The application_name of the connection that migrates, by which its lock waits are found (migration-run.ts). */
export const MIGRATION_APPLICATION_NAME = 'registry-migrate';

/** Each instance's connections at most; the fleet's total is this times the instances, which PostgreSQL's max_connections must allow. */
export const DEFAULT_POOL_MAX = 10;

/** How long a request may wait on PostgreSQL, in ms: for a connection, a statement, and an answer. */
export interface DatabaseWaits {
  connection: number;
  statement: number;
  answer: number;
}

/**
 * A request waits at most 5 s for a connection (a pool slot, or a new connection's start), the
 * server ends a statement after 9 s, and a statement that gets no answer within 10 s (a frozen
 * network, which the server never hears of) fails on our side and its connection is ended.
 */
export const DATABASE_WAITS: DatabaseWaits = { connection: 5_000, statement: 9_000, answer: 10_000 };

export type Orm = MikroORM & { em: SqlEntityManager };

const shared = {
  entities: [...ENTITIES, ...SUPPORT_ENTITIES],
  extensions: [Migrator] as (typeof Migrator)[],
  migrations: {
    migrationsList: MIGRATIONS,
    tableName: 'mikro_orm_migrations',
    transactional: true,
    allOrNothing: true,
    snapshot: false,
    silent: true,
  },
  // Entities are plain schemas; no reflection, no discovery from the file system.
  discovery: { warnWhenNoEntities: true },
  // The triggers and functions that keep registry_name_prefixes are written by hand in their
  // migration; without this the schema diff (and npm run migration:create) would drop them.
  schemaGenerator: { ignoreTriggers: true, ignoreRoutines: true },
  allowGlobalContext: false,
  debug: false,
};

/** Opens the database: PGlite in a folder (the embedded default) or a PostgreSQL server. */
export async function openOrm(config: DatabaseConfig): Promise<Orm> {
  if (config.kind === 'pglite') {
    // In-memory PGlite (tests) is named 'memory://'; otherwise the folder holds the whole cluster.
    // pg_trgm backs the search by part of a child's name; PostgreSQL servers ship it, PGlite loads it.
    const orm = await PgliteMikroORM.init({
      ...shared,
      dbName: config.dataDir,
      driverOptions: () => ({ extensions: { pg_trgm }, loadDataDir: config.loadDataDir }),
    });
    return orm as unknown as Orm;
  }
  if (config.migrating) {
    const orm = await PostgresMikroORM.init({
      ...shared,
      clientUrl: config.url,
      pool: { min: 0, max: 2 },
      driverOptions: migrationSession(config.migrating.lockTimeoutMs),
    });
    return orm as unknown as Orm;
  }
  const orm = await PostgresMikroORM.init({
    ...shared,
    clientUrl: config.url,
    pool: { min: 0, max: config.poolMax ?? DEFAULT_POOL_MAX, idleTimeoutMillis: 30_000 },
    driverOptions: poolSafety(config.waits ?? DATABASE_WAITS),
  });
  return orm as unknown as Orm;
}

/**
 * A migration may rightly take long (an index, a backfill), so no statement timeout; but it must
 * never queue for long behind another's lock, since every request that needs the table then queues
 * behind it: a short lock_timeout, and `npm run migrate` tries again.
 */
const migrationSession = (lockTimeoutMs: number) => ({
  application_name: MIGRATION_APPLICATION_NAME,
  options: `-c statement_timeout=0 -c lock_timeout=${lockTimeoutMs} -c idle_in_transaction_session_timeout=0`,
  connectionTimeoutMillis: DATABASE_WAITS.connection,
  keepAlive: true,
});

/**
 * Bounds on every wait, so a database that drops connections or stops answering slows requests
 * down instead of hanging them: the waits above, a transaction abandoned mid-way ended by the
 * server after 60 s, and a peer that vanished without closing its socket noticed by TCP keepalives.
 */
const poolSafety = (waits: DatabaseWaits) => ({
  connectionTimeoutMillis: waits.connection,
  statement_timeout: waits.statement,
  query_timeout: waits.answer,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
  onPoolCreated: (pool: pg.Pool) => {
    releaseConnectionsThatDie(pool);
    endConnectionsThatTimeOut(pool);
  },
});

// Any fixed number; it names the lock every instance takes before migrating or seeding.
const STARTUP_LOCK = 72_180_360;

/**
 * Runs pending migrations and answers their names. On PostgreSQL several instances (or a release's
 * `npm run migrate` beside an instance told MIGRATE_ON_START) may start at once, so each waits for a
 * session-level advisory lock on a connection of its own; PGlite has a single process by nature.
 */
export async function migrate(orm: Orm, config?: DatabaseConfig): Promise<string[]> {
  const up = async () => (await orm.migrator.up()).map((migration) => migration.name);
  if (config?.kind !== 'postgresql') return up();
  const client = new pg.Client({ connectionString: config.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await up();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/** Work that must happen once however many instances start together (seeding). */
export function onceAcrossInstances<T>(orm: Orm, work: (em: SqlEntityManager) => Promise<T>): Promise<T> {
  return orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(?)', [STARTUP_LOCK + 1]);
    return work(em);
  });
}
