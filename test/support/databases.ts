import pg from 'pg';
import { MIGRATIONS } from '../../adapters/persistence/migrations';
import { migrate, openOrm, type Orm } from '../../adapters/persistence/orm';
import { pgliteTemplateDump, POSTGRES_TEMPLATE_VARIABLE } from './migrated-templates';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A freshly migrated database of its own for one test file: in-memory PGlite, or a new database on
 * the TEST_DATABASE_URL server (dropped again by the returned close), so files can run in parallel.
 * It is a copy of the migrated template, unless the test runs the migrations itself (fromScratch).
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgresql',
  options: { fromScratch?: boolean } = {},
): Promise<{ orm: Orm; close: () => Promise<void> }> {
  const database = await openEmptyDatabase(kind, { template: !options.fromScratch });
  await migrate(database.orm);
  return database;
}

/**
 * A database of its own with no table in it (or, with template, a copy of the migrated one), for
 * tests that migrate step by step.
 */
export async function openEmptyDatabase(
  kind: 'pglite' | 'postgresql',
  options: { template?: boolean } = {},
): Promise<{ orm: Orm; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const orm = await openOrm({ kind: 'pglite', dataDir: 'memory://', loadDataDir: options.template ? pgliteTemplateDump() : undefined });
    return { orm, close: () => orm.close(true) };
  }
  const database = await createTestDatabase({ migrated: options.template });
  const orm = await openOrm({ kind: 'postgresql', url: database.url });
  return {
    orm,
    close: async () => {
      await orm.close(true);
      await database.drop();
    },
  };
}

/** The name of the migration just before the named one: where a test of that migration starts. */
export function migrationBefore(name: string): string {
  const index = MIGRATIONS.findIndex((migration) => migration.name === name);
  if (index < 1) throw new Error(`No migration before ${name}`);
  return MIGRATIONS[index - 1]!.name;
}

/**
 * A database of its own on the TEST_DATABASE_URL server, and the way to drop it again: empty, or
 * (migrated) a copy of the migrated template when the global setup made one.
 */
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `registry_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = options.migrated ? process.env[POSTGRES_TEMPLATE_VARIABLE] : undefined;
  await connectedTo(postgresUrl, (admin) => admin.query(`create database "${name}"${template ? ` template "${template}"` : ''}`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await connectedTo(postgresUrl!, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** Runs statements over a connection of the test's own, outside any server's pool. */
export async function connectedTo<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
