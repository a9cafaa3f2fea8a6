import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../adapters/http/logger';
import { readConfig } from '../../bootstrap/config';
import { startServer, type RunningServer } from '../../bootstrap/start-server';

export interface TestServer extends RunningServer {
  /** Every log line the server wrote, as text. */
  logs: string[];
  /** The server's data folder (outbox, uploads, secret). */
  dataDir: string;
}

/**
 * The real server on a free port: in-memory PGlite unless a data folder (to test restarts) or a
 * DATABASE_URL is given,
 * logs captured, no web build needed.
 */
export async function startTestServer(options: { dataDir?: string; env?: Record<string, string>; webRoot?: string } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'registry-http-'));
  const config = readConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', TRUST_PROXY: 'true', ...options.env });
  if (!options.dataDir && config.database.kind === 'pglite') config.database = { kind: 'pglite', dataDir: 'memory://' };
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const running = await startServer(config, { logger: createLogger('info', sink), webRoot: options.webRoot ?? null });
  return { ...running, logs, dataDir };
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'registry-data-'));
}
