import { DatabaseInUseError } from '../adapters/persistence/embedded-lock';
import { createLogger } from '../adapters/http/logger';
import { SchemaBehindError } from '../adapters/persistence/schema-version';
import { ConfigError, readConfig } from './config';
import { DRAIN_LIMIT_MS, startServer } from './start-server';

// The requests in flight have DRAIN_LIMIT_MS; stopping the mail worker and the database gets the rest.
const SHUTDOWN_GRACE_MS = DRAIN_LIMIT_MS + 10_000;

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const running = await startServer(config, { logger });
  logger.info(
    {
      url: config.publicUrl,
      address: running.bound,
      database: config.database.kind,
      payments: config.payments.provider,
      mail: config.mail.provider,
      photos: config.photos.provider,
    },
    `Gift registry is listening on ${running.bound}; open ${config.publicUrl}`,
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    running.close().then(
      () => {
        logger.info('shut down');
        process.exit(0);
      },
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  if (error instanceof SchemaBehindError) {
    // One JSON line a fleet's log search finds: which release waits for which migrations.
    createLogger('info').fatal({ pendingMigrations: error.pending }, error.message);
  } else if (error instanceof ConfigError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
