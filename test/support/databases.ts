import pg from 'pg';
import { migrate, openOrm, type Orm } from '../../adapters/persistence/orm';
import { pgliteTemplateDump, POSTGRES_TEMPLATE_VARIABLE } from './migrated-templates';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A freshly migrated database of its own for one test file (a copy of the migrated template): in-memory PGlite, or a new database on
 * the TEST_DATABASE_URL server (dropped again by the returned close), so files can run in parallel.
 */
export async function openTestDatabase(
  kind: 'pglite' | 'postgresql',
  options: { /** Run every migration here rather than copy the migrated template. */ fromScratch?: boolean } = {},
): Promise<{ orm: Orm; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const orm = await openOrm({ kind: 'pglite', dataDir: 'memory://', loadDataDir: options.fromScratch ? undefined : pgliteTemplateDump() });
    await migrate(orm);
    return { orm, close: () => orm.close(true) };
  }
  const database = await createTestDatabase({ migrated: !options.fromScratch });
  const orm = await openOrm({ kind: 'postgresql', url: database.url });
  await migrate(orm);
  return {
    orm,
    close: async () => {
      await orm.close(true);
      await database.drop();
    },
  };
}

/**
 * A database of its own on the TEST_DATABASE_URL server, and the way to drop it again: empty, or
 * (migrated) a copy of the migrated template when the global setup made one.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
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
