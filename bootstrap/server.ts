import { DatabaseInUseError } from '../adapters/persistence/embedded-lock';
import { createLogger, createStartupLogger } from '../adapters/http/logger';
import { SchemaBehindError } from '../adapters/persistence/schema-version';
import { ConfigError, readConfig } from './config';
import { DRAIN_LIMIT_MS, startServer } from './start-server';

// After the delay, the requests in flight have DRAIN_LIMIT_MS; stopping the mail worker and the database gets the rest.
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

  // A stop fails readiness first and keeps serving for the delay, so that the balancer, checking
  // readiness, stops sending before this instance stops listening; a second signal (a developer's
  // second Ctrl+C) cuts the delay short.
  let stopping = false;
  let endDelay = () => {};
  const stop = (signal: string) => {
    if (stopping) {
      endDelay();
      return;
    }
    stopping = true;
    running.failReadiness();
    logger.info(
      { signal, delaySeconds: config.shutdownDelayMs / 1000 },
      `shutting down: readiness fails now, serving ${config.shutdownDelayMs / 1000} s more, then draining`,
    );
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownDelayMs + SHUTDOWN_GRACE_MS);
    force.unref();
    const delayed = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, config.shutdownDelayMs);
      endDelay = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    delayed
      .then(() => running.close())
      .then(
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

// One JSON line at level fatal, as every other line: a log collector reads why a start failed.
main().catch((error) => {
  const log = createStartupLogger();
  // One JSON line a fleet's log search finds: which release waits for which migrations.
  if (error instanceof SchemaBehindError) log.fatal({ pendingMigrations: error.pending }, error.message);
  else if (error instanceof ConfigError) log.fatal({ problems: error.problems }, error.message);
  else if (error instanceof DatabaseInUseError) log.fatal(error.message);
  else log.fatal({ err: error }, 'The server could not start');
  process.exit(1);
});
