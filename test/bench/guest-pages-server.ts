import { existsSync } from 'node:fs';
import { say } from './report';
import { startService, type ServiceProcess } from './service-process';
import { createBenchDatabase, type BenchDatabase } from './bench-database';
import { ensureWebBuild } from './web-build';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The team's flags for Debian's Chromium (no sandbox in containers, nothing fetched from outside).
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The real server on a fresh PGlite, serving the web app as `npm start` does, for a browser to look
 * at the guest pages; null, with the reason said, on a machine without Chromium.
 */
export async function guestPagesServer(): Promise<{ server: ServiceProcess; database: BenchDatabase } | null> {
  if (!existsSync(CHROMIUM)) {
    say(`(skipped: no Chromium at ${CHROMIUM}; install Debian's chromium or set CHROMIUM_PATH)`);
    return null;
  }
  ensureWebBuild();
  const database = await createBenchDatabase('pglite');
  const server = await startService('server', 'bootstrap/server.ts', { ...database.serverEnv, LOG_LEVEL: 'warn', NODE_ENV: 'development' });
  return { server, database };
}
