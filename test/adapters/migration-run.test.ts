import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../adapters/persistence/migrations';
import { MigrationLockedError, runMigrations } from '../../adapters/persistence/migration-run';
import { openOrm } from '../../adapters/persistence/orm';
import { SchemaBehindError } from '../../adapters/persistence/schema-version';
import { readMigrationConfig } from '../../bootstrap/config';
import { connectedTo, createTestDatabase, migrationBefore, postgresUrl } from '../support/databases';
import { startTestServer } from '../support/test-server';

const last = MIGRATIONS.at(-1)!.name;
const quietly = { info: () => undefined, warn: () => undefined };

/** A database of its own that has had every migration but the last: a release waiting to be migrated. */
async function oneMigrationBehind() {
  const database = await createTestDatabase();
  const orm = await openOrm({ kind: 'postgresql', url: database.url });
  await orm.migrator.up({ to: migrationBefore(last) });
  await orm.close(true);
  return database;
}

describe.skipIf(!postgresUrl)('npm run migrate on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await oneMigrationBehind();
  });
  afterAll(() => database?.drop());

  it('waits at most lock_timeout behind a lock, lets readers through meanwhile, gives up naming the migration and the lock, and applies once the lock is gone', async () => {
    // A long session holding every table in SHARE ROW EXCLUSIVE mode: reads pass, and whatever the
    // last migration does to a table (a column, a constraint, an index, an update) waits, whichever
    // table that is. pg_dump's ACCESS SHARE is the same for a migration that alters a table; an index
    // (SHARE) would pass it, and it does a SHARE holder.
    const dump = new pg.Client({ connectionString: database.url, application_name: 'pg_dump' });
    await dump.connect();
    await dump.query('begin');
    const tables = await dump.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename <> 'mikro_orm_migrations'`,
    );
    await dump.query(`lock table ${tables.rows.map((row) => row.name).join(', ')} in share row exclusive mode`);
    const dumpPid = (await dump.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;

    // A serving instance's reads of that table, which queue behind a waiting ACCESS EXCLUSIVE.
    const reader = new pg.Client({ connectionString: database.url });
    await reader.connect();
    let reading = true;
    let slowestReadMs = 0;
    const reads = (async () => {
      while (reading) {
        const started = Date.now();
        await reader.query('select count(*) from registries');
        slowestReadMs = Math.max(slowestReadMs, Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const warnings: string[] = [];
    const started = Date.now();
    const failure = await runMigrations({
      database: { kind: 'postgresql', url: database.url },
      lockTimeoutMs: 1_000,
      tries: 3,
      pauseMs: () => 200,
      log: { info: () => undefined, warn: (_details, message) => warnings.push(message) },
    }).catch((error: unknown) => error);
    const tookMs = Date.now() - started;
    reading = false;
    await reads;
    await reader.end();

    expect(failure).toBeInstanceOf(MigrationLockedError);
    const locked = failure as MigrationLockedError;
    expect(locked.migration).toBe(last);
    expect(locked.tries).toBe(3);
    expect(locked.waits).toEqual([
      expect.objectContaining({ blockingPid: dumpPid, blockingApplication: 'pg_dump', blockingHeld: 'ShareRowExclusiveLock' }),
    ]);
    const wait = locked.waits[0]!;
    expect(locked.message).toContain(
      `${last} waited past lock_timeout for ${wait.wanted} on ${wait.relation}, held up by pid ${dumpPid} (pg_dump, idle in transaction, holding ShareRowExclusiveLock)`,
    );
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^Try 1 of 3: .*trying again in 0.2 s$/);
    // Three waits of 1 s and two pauses; the readers waited at most one lock_timeout.
    expect(tookMs).toBeLessThan(8_000);
    expect(slowestReadMs).toBeLessThan(1_800);
    // Nothing applied: the schema is as it was.
    await expect(startTestServer({ env: { DATABASE_URL: database.url } })).rejects.toThrow(SchemaBehindError);

    await dump.query('commit');
    await dump.end();
    expect(
      await runMigrations({ database: { kind: 'postgresql', url: database.url }, lockTimeoutMs: 1_000, tries: 1, log: quietly }),
    ).toEqual([last]);
    expect(
      await runMigrations({ database: { kind: 'postgresql', url: database.url }, lockTimeoutMs: 1_000, tries: 1, log: quietly }),
    ).toEqual([]);
  }, 60_000);

  it('leaves the server refusing, in one line, a schema older than its code, and warning on a newer one', async () => {
    const behind = await oneMigrationBehind();
    try {
      const refused = await startTestServer({ env: { DATABASE_URL: behind.url } }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(SchemaBehindError);
      expect((refused as SchemaBehindError).pending).toEqual([last]);
      expect((refused as Error).message).toBe(
        `The database schema is older than this release: 1 migration(s) not applied (${last}). Run \`npm run migrate\` (as the role that owns the tables) before starting this release, or set MIGRATE_ON_START=true.`,
      );
      // Told to, it migrates as it starts.
      await (await startTestServer({ env: { DATABASE_URL: behind.url, MIGRATE_ON_START: 'true' } })).close();

      await connectedTo(behind.url, (client) =>
        client.query(`insert into mikro_orm_migrations (name) values ('Migration20991231000000FromANewerRelease')`),
      );
      const server = await startTestServer({ env: { DATABASE_URL: behind.url } });
      await server.close();
      const warning = server.logs
        .map((line) => JSON.parse(line) as { level: number; msg: string; unknownMigrations?: string[] })
        .find((line) => line.unknownMigrations);
      expect(warning).toMatchObject({ level: 40, unknownMigrations: ['Migration20991231000000FromANewerRelease'] });
    } finally {
      await behind.drop();
    }
  }, 60_000);

  it('migrates as the role owning the tables (MIGRATION_DATABASE_URL) while the server runs as a role that owns none', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const owner = `registry_owner_${suffix}`;
    const runtime = `registry_app_${suffix}`;
    const fresh = await createTestDatabase();
    const as = (role: string) => {
      const url = new URL(fresh.url);
      url.username = role;
      return url.toString();
    };
    try {
      // The recipe of docs/operations.md#the-database-roles.
      await connectedTo(postgresUrl!, async (admin) => {
        await admin.query(`create role ${owner} login`);
        await admin.query(`create role ${runtime} login`);
        await admin.query(`alter database "${fresh.name}" owner to ${owner}`);
      });
      await connectedTo(fresh.url, async (admin) => {
        await admin.query(`alter schema public owner to ${owner}`);
        await admin.query(`grant usage on schema public to ${runtime}`);
        await admin.query(
          `alter default privileges for role ${owner} in schema public grant select, insert, update, delete on tables to ${runtime}`,
        );
        await admin.query(`alter default privileges for role ${owner} in schema public grant usage, select on sequences to ${runtime}`);
      });
      const config = readMigrationConfig({ DATABASE_URL: as(runtime), MIGRATION_DATABASE_URL: as(owner) }, '/srv/app');
      expect(config.database).toEqual({ kind: 'postgresql', url: as(owner) });
      expect(await runMigrations({ ...config, log: quietly })).toHaveLength(MIGRATIONS.length);

      const server = await startTestServer({ env: { DATABASE_URL: as(runtime) } });
      try {
        const signUp = await fetch(`${server.url}/api/health`);
        expect(signUp.status).toBe(200);
        const charities = await fetch(`${server.url}/api/charities`);
        expect(charities.status).toBe(200);
        const owners = await connectedTo(fresh.url, (client) =>
          client.query<{ owner: string }>(`select distinct tableowner as owner from pg_tables where schemaname = 'public'`),
        );
        expect(owners.rows).toEqual([{ owner }]);
      } finally {
        await server.close();
      }
      // The runtime role cannot change the schema, so a CLI or server of a new release cannot either.
      await expect(connectedTo(as(runtime), (client) => client.query('alter table registries add column x int'))).rejects.toThrow(
        /must be owner of table registries/,
      );
    } finally {
      await fresh.drop();
      await connectedTo(postgresUrl!, async (admin) => {
        for (const role of [owner, runtime]) {
          await admin.query(`drop owned by ${role}`).catch(() => undefined);
          await admin.query(`drop role if exists ${role}`);
        }
      });
    }
  }, 120_000);
});
