import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, openOrm } from '../../adapters/persistence/orm';

/**
 * Migrating a database takes about two seconds, and the suite opens a hundred of them. So the
 * committed migrations are run once, into a template named for their content, and every test
 * database is a copy of it: PGlite from a dump of its data folder, PostgreSQL by
 * CREATE DATABASE … TEMPLATE. A changed migration changes the name, so a stale template is never
 * used. The names travel to the test workers in these environment variables.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'REGISTRY_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'REGISTRY_TEST_POSTGRES_TEMPLATE';

/**
 * Templates of other migrations kept: another checkout using the same server or temporary folder
 * (a branch with a migration of its own) may be copying one of them right now.
 */
const TEMPLATES_KEPT = 4;

const migrationsFolder = fileURLToPath(new URL('../../adapters/persistence/migrations', import.meta.url));

function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsFolder).sort()) {
    digest.update(file);
    digest.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return digest.digest('hex').slice(0, 16);
}

/** A dump of a migrated in-memory PGlite, as a file, made once per content of the migrations. */
async function pgliteTemplate(digest: string): Promise<string> {
  const folder = path.join(tmpdir(), 'registry-test-templates');
  const file = path.join(folder, `pglite-${digest}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const orm = await openOrm({ kind: 'pglite', dataDir: 'memory://' });
  try {
    await migrate(orm);
    const client = (await orm.driver.getConnection().getNativeClient()) as { dumpDataDir(compression: 'none'): Promise<Blob> };
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed, so a run starting at the same moment never reads half a file.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // The dumps of earlier migrations will not be loaded again, but for the newest few, which
    // another checkout's run (a branch with a migration of its own) may be about to read.
    const older = readdirSync(folder)
      .filter((name) => /^pglite-[0-9a-f]+\.tar$/.test(name) && path.join(folder, name) !== file)
      .map((name) => ({ name, modified: statSync(path.join(folder, name)).mtimeMs }))
      .sort((a, b) => b.modified - a.modified)
      .slice(TEMPLATES_KEPT - 1);
    for (const { name } of older) rmSync(path.join(folder, name), { force: true });
  } finally {
    await orm.close(true);
  }
  return file;
}

/** A migrated database on the TEST_DATABASE_URL server, made once per content of the migrations. */
async function postgresTemplate(serverUrl: string, digest: string): Promise<string> {
  const name = `registry_template_${digest}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    // Built under another name and renamed when whole: a run that stopped half-way leaves no
    // half-migrated template, and two runs at once never copy one that is still being built.
    const building = `${name}_building_${process.pid}`;
    await admin.query(`drop database if exists "${building}" with (force)`);
    await admin.query(`create database "${building}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const orm = await openOrm({ kind: 'postgresql', url: url.toString() });
    try {
      await migrate(orm, { kind: 'postgresql', url: url.toString() });
    } finally {
      await orm.close(true);
    }
    try {
      await admin.query(`alter database "${building}" rename to "${name}"`);
    } catch (error) {
      // Another run finished the same template first: theirs is as good as ours.
      await admin.query(`drop database if exists "${building}" with (force)`);
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    await dropOlderTemplates(admin, name);
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * The migrations changed, so the templates of earlier ones will not be copied again: all but the
 * newest few go, or each change would leave one more database on the server.
 */
async function dropOlderTemplates(admin: pg.Client, current: string): Promise<void> {
  const older = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'registry\\_template\\_%' and datname not like '%\\_building\\_%' and datname <> $1
     order by oid::text::bigint desc offset $2`,
    [current, TEMPLATES_KEPT - 1],
  );
  for (const { datname } of older.rows) {
    await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

/** Vitest's global setup for the projects that open databases. */
export async function setup(): Promise<void> {
  const digest = migrationsDigest();
  process.env[PGLITE_TEMPLATE_VARIABLE] = await pgliteTemplate(digest);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) process.env[POSTGRES_TEMPLATE_VARIABLE] = await postgresTemplate(serverUrl, digest);
}

let loaded: Blob | undefined;

/** The migrated PGlite cluster to start an in-memory database from, when the global setup made one. */
export function pgliteTemplateDump(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!file) return undefined;
  loaded ??= new Blob([readFileSync(file)]);
  return loaded;
}
