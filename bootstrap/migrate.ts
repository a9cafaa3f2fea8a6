import { createLogger } from '../adapters/http/logger';
import { DatabaseInUseError } from '../adapters/persistence/embedded-lock';
import { MigrationLockedError, runMigrations } from '../adapters/persistence/migration-run';
import { ConfigError, readMigrationConfig } from './config';

// npm run migrate: a release's own step, before its instances start (docs/operations.md#releases-and-migrations).
const logger = createLogger(process.env.LOG_LEVEL?.trim() || 'info');
try {
  const config = readMigrationConfig();
  const applied = await runMigrations({ ...config, log: logger });
  logger.info(
    { applied, database: config.database.kind },
    applied.length > 0 ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The schema is up to date; nothing to apply',
  );
  process.exit(0);
} catch (error) {
  if (error instanceof MigrationLockedError)
    logger.error({ migration: error.migration, waits: error.waits, tries: error.tries }, error.message);
  else if (error instanceof ConfigError || error instanceof DatabaseInUseError) logger.error(error.message);
  else logger.error({ err: error }, 'Migrating failed; nothing was applied');
  process.exit(1);
}
