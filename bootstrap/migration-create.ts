import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openOrm } from '../adapters/persistence/orm';

/**
 * Writes a migration for whatever the entity definitions now say that the committed migrations do
 * not: it replays them on a throwaway in-memory database and diffs. Add the new class to
 * adapters/persistence/migrations/index.ts afterwards.
 */
const folder = fileURLToPath(new URL('../adapters/persistence/migrations', import.meta.url));
const orm = await openOrm({ kind: 'pglite', dataDir: 'memory://' });
try {
  await migrate(orm);
  const result = await orm.migrator.create(folder);
  if (!result.fileName) {
    console.log('The entities match the migrations; nothing to write.');
  } else {
    console.log(`Wrote ${path.join('adapters/persistence/migrations', result.fileName)}:`);
    for (const line of result.diff.up) console.log(`  ${line}`);
    console.log('Now list it in adapters/persistence/migrations/index.ts.');
  }
} finally {
  await orm.close(true);
}
