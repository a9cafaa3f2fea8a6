import pg from 'pg';
import { lockEmbeddedDatabase } from './embedded-lock';
import { migrate, MIGRATION_APPLICATION_NAME, openOrm, type DatabaseConfig } from './orm';

/** One lock the migrating connection was queued for, and the session that held it up. */
export interface LockWait {
  /** The table (or other relation) the lock is on; null for a lock on something else (a row, a transaction). */
  relation: string | null;
  lockType: string;
  /** The mode the migration asked for, such as AccessExclusiveLock. */
  wanted: string;
  blockingPid: number;
  /** The modes the blocking session holds on that relation. */
  blockingHeld: string | null;
  blockingApplication: string;
  blockingState: string | null;
  blockingQuery: string;
}

export interface MigrationLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** `npm run migrate` gave up: every try waited on another session's lock past lock_timeout. */
export class MigrationLockedError extends Error {
  constructor(
    readonly migration: string | null,
    readonly waits: LockWait[],
    readonly tries: number,
  ) {
    super(
      `Gave up after ${tries} tries: ${describeWait(migration, waits)}. Nothing was applied; run it again once that session has finished.`,
    );
    this.name = 'MigrationLockedError';
  }
}

export interface MigrationRunOptions {
  database: DatabaseConfig;
  lockTimeoutMs: number;
  tries: number;
  log: MigrationLog;
  /** The pause before try n + 1 (1, 2, 4, 8 s … unless told). */
  pauseMs?: (tried: number) => number;
}

const doubling = (tried: number) => 1000 * 2 ** (tried - 1);

/**
 * Applies the pending migrations (in one transaction, all or none) and answers their names. On
 * PostgreSQL each statement waits at most lockTimeoutMs for a lock, so a migration queued behind a
 * long reader (pg_dump, a report) holds the requests queued behind it for that long at most; it
 * then tries again after a pause, and finally gives up naming the lock and who held it.
 */
export async function runMigrations(options: MigrationRunOptions): Promise<string[]> {
  const { database } = options;
  if (database.kind === 'pglite') {
    const release = database.dataDir.startsWith('memory:') ? null : await lockEmbeddedDatabase(database.dataDir);
    try {
      const orm = await openOrm(database);
      try {
        return await migrate(orm, database);
      } finally {
        await orm.close(true);
      }
    } finally {
      await release?.();
    }
  }

  const orm = await openOrm({ ...database, migrating: { lockTimeoutMs: options.lockTimeoutMs } });
  let current: string | null = null;
  orm.migrator.on('migrating', ({ name }) => {
    current = name;
  });
  try {
    for (let tried = 1; ; tried += 1) {
      const watcher = watchLockWaits(database.url);
      try {
        return await migrate(orm, database);
      } catch (error) {
        if (!isLockTimeout(error)) throw error;
        const waits = watcher.lastSeen();
        if (tried >= options.tries) throw new MigrationLockedError(current, waits, tried);
        const pause = (options.pauseMs ?? doubling)(tried);
        options.log.warn(
          { migration: current, waits, try: tried, tries: options.tries },
          `Try ${tried} of ${options.tries}: ${describeWait(current, waits)}; trying again in ${pause / 1000} s`,
        );
        await new Promise((resolve) => setTimeout(resolve, pause));
      } finally {
        await watcher.stop();
      }
    }
  } finally {
    await orm.close(true);
  }
}

function describeWait(migration: string | null, waits: LockWait[]): string {
  const what = migration ?? 'the migration';
  if (waits.length === 0) return `${what} waited past lock_timeout for a lock`;
  const [wait] = waits as [LockWait];
  const on = wait.relation ? `${wait.wanted} on ${wait.relation}` : `${wait.wanted} (a ${wait.lockType} lock)`;
  const by = waits
    .map(
      (blocker) =>
        `pid ${blocker.blockingPid} (${blocker.blockingApplication || 'no application_name'}, ${blocker.blockingState ?? 'unknown state'}${blocker.blockingHeld ? `, holding ${blocker.blockingHeld}` : ''}): ${JSON.stringify(blocker.blockingQuery)}`,
    )
    .join('; ');
  return `${what} waited past lock_timeout for ${on}, held up by ${by}`;
}

function isLockTimeout(error: unknown): boolean {
  for (
    let cause = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined;
    cause;
    cause = cause.cause as typeof cause
  ) {
    if (cause.code === '55P03' || (typeof cause.message === 'string' && cause.message.includes('canceling statement due to lock timeout')))
      return true;
  }
  return false;
}

// The locks the migrating connection is queued for, each with a session in its way (pg_blocking_pids).
const LOCK_WAITS = `
  select l.relation::regclass::text as relation, l.locktype as "lockType", l.mode as wanted,
         b.pid as "blockingPid", b.application_name as "blockingApplication", b.state as "blockingState", left(b.query, 300) as "blockingQuery",
         (select string_agg(distinct h.mode, ', ') from pg_locks h where h.pid = b.pid and h.granted and h.relation is not distinct from l.relation) as "blockingHeld"
  from pg_stat_activity w
  join pg_locks l on l.pid = w.pid and not l.granted
  cross join lateral unnest(pg_blocking_pids(w.pid)) as blocker(pid)
  join pg_stat_activity b on b.pid = blocker.pid
  where w.application_name = $1 and w.datname = current_database()`;

/**
 * Looks, on a connection of its own, at what the migration waits for while it waits: once the
 * lock_timeout has struck, the wait is gone from pg_locks, while the session in its way goes on.
 */
function watchLockWaits(url: string) {
  const client = new pg.Client({ connectionString: url, application_name: `${MIGRATION_APPLICATION_NAME}-watch` });
  let seen: LockWait[] = [];
  let stopped = false;
  const watching = client.connect().then(
    async () => {
      while (!stopped) {
        const found = await client.query<LockWait>(LOCK_WAITS, [MIGRATION_APPLICATION_NAME]).then(
          (result) => result.rows,
          () => [],
        );
        if (found.length > 0) seen = found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    () => undefined,
  );
  return {
    lastSeen: () => seen,
    stop: async () => {
      stopped = true;
      await watching;
      await client.end().catch(() => undefined);
    },
  };
}
