import pg from 'pg';
import { migrate, openOrm, type Orm } from '../../adapters/persistence/orm';

export const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * A freshly migrated database of its own for one test file: in-memory PGlite, or a new database on
 * the TEST_DATABASE_URL server (dropped again by the returned close), so files can run in parallel.
 */
export async function openTestDatabase(kind: 'pglite' | 'postgresql'): Promise<{ orm: Orm; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const orm = await openOrm({ kind: 'pglite', dataDir: 'memory://' });
    await migrate(orm);
    return { orm, close: () => orm.close(true) };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `registry_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const orm = await openOrm({ kind: 'postgresql', url: url.toString() });
  await migrate(orm);
  return {
    orm,
    close: async () => {
      await orm.close(true);
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
