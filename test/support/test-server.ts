import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../adapters/http/logger';
import type { DatabaseWaits } from '../../adapters/persistence/orm';
import { readConfig } from '../../bootstrap/config';
import { startServer, type RunningServer } from '../../bootstrap/start-server';
import { createTestDatabase, postgresUrl } from './databases';
import { HttpClient } from './http-client';
import { pgliteTemplateDump } from './migrated-templates';
import { cheapPasswordHasher } from './cheap-password-hasher';
import { quickDisputes } from './quick-disputes';

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, as text. */
  logs: string[];
  /** The server's data folder (outbox, uploads, secret). */
  dataDir: string;
}

/**
 * The real server on a free port, logs captured, no web build needed. Its database is a copy of the
 * migrated template, on PostgreSQL (a database of its own on the TEST_DATABASE_URL server, dropped
 * when the server closes) when that server is there, as in CI, else in-memory PGlite. PostgreSQL
 * answers a test's calls in a fraction of PGlite's WebAssembly time. `database` asks for one:
 * `'pglite'` for a test that stops the system time and relies on what the database timed (a mail
 * falling due, a link's age), since PGlite, in this process, reads the test's clock and PostgreSQL
 * its own. A data folder (to test restarts) means PGlite in it, and a DATABASE_URL in env that
 * database. The journeys run on PGlite, the default a family runs (test/e2e/browser.ts). Its gift
 * and refund sweeps run only when the test calls runJob('gift-sweep') or runJob('refund-sweep'),
 * unless scheduledSweeps (a test of the server's own). `databaseWaits` shortens PostgreSQL's waits, for a test that waits them out.
 */
export async function startTestServer(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    webRoot?: string;
    scheduledSweeps?: boolean;
    database?: 'pglite' | 'postgresql';
    databaseWaits?: DatabaseWaits;
  } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'registry-http-'));
  const database = options.database ?? (postgresUrl ? 'postgresql' : 'pglite');
  const ownDatabase =
    database === 'postgresql' && !options.dataDir && !options.env?.DATABASE_URL ? await createTestDatabase({ migrated: true }) : undefined;
  const config = readConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}),
    ...options.env,
  });
  if (config.database.kind === 'pglite') {
    // A data folder given to test a restart starts from the migrated template the first time only.
    config.database = options.dataDir
      ? { ...config.database, loadDataDir: existsSync(config.database.dataDir) ? undefined : pgliteTemplateDump() }
      : { kind: 'pglite', dataDir: 'memory://', loadDataDir: pgliteTemplateDump() };
  }
  if (options.databaseWaits && config.database.kind === 'postgresql')
    config.database = { ...config.database, waits: options.databaseWaits };
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  let running: RunningServer;
  try {
    running = await startServer(config, {
      logger: createLogger('info', sink),
      webRoot: options.webRoot ?? null,
      hasher: cheapPasswordHasher,
      sandboxDisputeDelays: quickDisputes,
      heldJobs: options.scheduledSweeps ? [] : ['gift-sweep', 'refund-sweep'],
    });
  } catch (error) {
    await ownDatabase?.drop();
    throw error;
  }
  if (!ownDatabase) return { ...running, logs, dataDir };
  const close = running.close;
  return {
    ...running,
    close: async () => {
      await close();
      await ownDatabase.drop();
    },
    logs,
    dataDir,
  };
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'registry-data-'));
}

/**
 * The server on in-memory PGlite, or on a database of its own on the TEST_DATABASE_URL server (for
 * what real PostgreSQL's locking must prove too), with the id of its first charity.
 */
export async function startTestServerOn(kind: 'pglite' | 'postgresql') {
  const server = await startTestServer({ database: kind });
  const charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  return { server, charityId, stop: () => server.close() };
}
