import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../adapters/http/logger';
import { readConfig } from '../../bootstrap/config';
import { startServer, type RunningServer } from '../../bootstrap/start-server';
import { createTestDatabase } from './databases';
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
 * The real server on a free port: in-memory PGlite unless a data folder (to test restarts) or a
 * DATABASE_URL is given, logs captured, no web build needed. Its gift and refund sweeps run only
 * when the test calls sweepAbandonedGifts, unless scheduledSweeps (a test of the server's own).
 */
export async function startTestServer(options: { dataDir?: string; env?: Record<string, string>; webRoot?: string; scheduledSweeps?: boolean } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'registry-http-'));
  const config = readConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', TRUST_PROXY: 'true', ...options.env });
  if (config.database.kind === 'pglite') {
    // A data folder given to test a restart starts from the migrated template the first time only.
    config.database = options.dataDir
      ? { ...config.database, loadDataDir: existsSync(config.database.dataDir) ? undefined : pgliteTemplateDump() }
      : { kind: 'pglite', dataDir: 'memory://', loadDataDir: pgliteTemplateDump() };
  }
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const running = await startServer(config, { logger: createLogger('info', sink), webRoot: options.webRoot ?? null, hasher: cheapPasswordHasher, sandboxDisputeDelays: quickDisputes, scheduledSweeps: options.scheduledSweeps ?? false });
  return { ...running, logs, dataDir };
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'registry-data-'));
}

/**
 * The server on in-memory PGlite, or on a database of its own on the TEST_DATABASE_URL server (for
 * what real PostgreSQL's locking must prove too), with the id of its first charity.
 */
export async function startTestServerOn(kind: 'pglite' | 'postgresql') {
  const database = kind === 'postgresql' ? await createTestDatabase({ migrated: true }) : undefined;
  const server = await startTestServer({ env: database ? { DATABASE_URL: database.url } : {} });
  const charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  const stop = async () => {
    await server.close();
    await database?.drop();
  };
  return { server, charityId, stop };
}
