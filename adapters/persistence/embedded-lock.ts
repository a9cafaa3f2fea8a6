import { mkdirSync } from 'node:fs';
import lockfile from 'proper-lockfile';

export class DatabaseInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The embedded database in ${dataDir} is in use by another process (most likely the running server). ` +
        'PGlite admits one process at a time: stop the server (Ctrl+C), run this command, then start the server again. ' +
        'With DATABASE_URL set (PostgreSQL), commands can run while the server does.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/**
 * PGlite keeps its whole cluster in one folder that only one process may open; two would corrupt
 * it. The server and the admin CLI both take this lock first. A crashed holder's lock goes stale
 * after a few seconds, so a crash never locks the data away.
 */
export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { stale: 10_000, update: 2_000, realpath: false, lockfilePath: `${dataDir}.lock` });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DatabaseInUseError(dataDir);
    throw error;
  }
}
