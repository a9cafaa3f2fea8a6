import { buildUseCases } from './use-cases';
import { existsSync, realpathSync } from 'node:fs';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createHttpApp } from '../adapters/http/app';
import { trackConnections } from '../adapters/http/connection-drain';
import { createLogger, type Logger } from '../adapters/http/logger';
import { listRoutes, type RouteEntry } from '../adapters/http/route-list';
import { boundedQueue, type BoundedQueueLimits } from '../adapters/http/bounded-queue';
import { createMetrics } from '../adapters/http/metrics';
import { readOperations } from '../adapters/persistence/operations-reading';
import { poolUsageReader } from '../adapters/persistence/pool-usage';
import { createRateLimiter, type RateLimiterOptions } from '../adapters/persistence/rate-limit-store';
import { createPaymentStartNotes } from '../adapters/persistence/payment-start-notes';
import { RATE_LIMIT_POLICIES } from '../adapters/http/rate-limit-policies';
import type { AttemptLimits } from '../adapters/http/attempt-limiter';
import { createSandboxAccountStore } from '../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { seedCharities } from '../adapters/persistence/seed/seed-charities';
import { Argon2PasswordHasher } from '../adapters/security/argon2-password-hasher';
import type { PasswordHasher } from '@core/ports/password-hasher';
import { nodeSecretTokens } from '../adapters/security/node-secret-tokens';
import { SharpImageSanitizer } from '../adapters/photos/sharp-image-sanitizer';
import { makeShortCode } from '@core/registry/short-code';
import { randomBytes } from 'node:crypto';
import { createPhotoStore } from './photo-store';
import { createPayments, verifyProviderKeys, type SandboxDisputeDelays } from './payment-gateway';
import { readReleaseInfo } from './build-info';
import { createMailer } from './mailer';
import { parseSendGridPublicKey, sendGridEventVerifier } from '../adapters/mail/sendgrid-event-webhook';
import { sealedUnsubscribeTokens } from '../adapters/security/sealed-unsubscribe-tokens';
import { derivedGuestLinkTokens } from '../adapters/security/derived-guest-link-tokens';
import { ACCOUNT_DELETION_GRACE_DAYS } from '@core/account/account-deletion';
import { createMailEventInbox, type MailWorker } from '../adapters/persistence/mail-queue';
import type { Clock } from '@core/ports/clock';
import { resolveSessionSecret, type AppConfig } from './config';
import { openInfrastructure, type Infrastructure } from './container';
import { loadGuestPageRenderer } from './guest-page-renderer';
import { startBackgroundWork, type BackgroundWork, type ServerJobName } from './server-jobs';

/**
 * The web app this server serves: in a build (dist/app/server.js) the one beside it, from source
 * (tsx) the checkout's dist/web. Resolved once, to the build folder dist links to now, so a later
 * `npm run build` (which links dist to a new folder) changes nothing under this instance.
 */
function builtWebRoot(): string {
  const here = import.meta.url;
  const web = fileURLToPath(new URL(here.endsWith('.ts') ? '../dist/web' : '../web', here));
  return existsSync(web) ? realpathSync(web) : web;
}

/** How long a request may take to arrive (Node's requestTimeout), and so how long a deploy waits for those in flight. */
const REQUEST_TIMEOUT_MS = 30_000;
export const DRAIN_LIMIT_MS = REQUEST_TIMEOUT_MS;
/**
 * Decoding one photo and encoding its smaller copies holds about 150 MB for a second or two
 * (measured from 12 to 49 megapixels), so photos are processed one per core, four at most whatever
 * the machine, with eight more waiting at most 10 s each; beyond that an upload answers 503.
 */
export const PHOTO_QUEUE_LIMITS: BoundedQueueLimits = {
  concurrency: Math.min(availableParallelism(), 4),
  maxWaiting: 8,
  maxWaitMs: 10_000,
};

/**
 * A started server. Its process (bootstrap/server.ts) reads `bound` and stops it with
 * failReadiness and close. The rest is for tests and the fuzzers: each reads or runs what the
 * server runs anyway (its database, its routes, its mail worker and repeating jobs, now rather than
 * at their next turn), and none changes how it behaves.
 */
export interface RunningServer {
  url: string;
  /** The address and port actually listened on, as the operating system reports them. */
  bound: string;
  /**
   * The first step of a stop: readiness (GET /api/health) answers 503 from now on, while every
   * request is still served, so that a balancer stops sending before close() stops listening.
   */
  failReadiness: () => void;
  /**
   * Stops the repeating jobs and taking connections, lets the requests in flight finish (each told
   * `Connection: close`) for up to DRAIN_LIMIT_MS, then stops the mail worker and closes the database.
   */
  close: () => Promise<void>;
  /** The database and the repositories over it, to set rows up and read them. */
  infrastructure: Infrastructure;
  /** Every API route the server answers (the fuzz tests walk them all). */
  routes: RouteEntry[];
  /** drainOnce() sends the queued mail now rather than at the next poll. */
  mailWorker: MailWorker;
  /** Runs one repeating job (bootstrap/server-jobs.ts) now rather than at its next turn, and answers its result. */
  runJob: BackgroundWork['jobs']['runNow'];
}

const systemClock: Clock = { now: () => new Date() };

/** Wires every adapter from the configuration and starts listening. */
export async function startServer(
  config: AppConfig,
  options: {
    logger?: Logger;
    webRoot?: string | null;
    /** argon2id at production cost unless given (tests hash cheaply). */
    hasher?: PasswordHasher;
    /** The sandbox's dispute timing, seconds unless given (tests wait less). */
    sandboxDisputeDelays?: SandboxDisputeDelays;
    /**
     * Jobs that run only when runJob asks, not on their own timers: tests that set gifts up for a
     * sweep run it themselves, so that one the server starts meanwhile cannot settle them first.
     */
    heldJobs?: readonly ServerJobName[];
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const infrastructure = await openInfrastructure(config, {
    migrate: config.migrateOnStart,
    onNewerSchema: (unknown) =>
      logger.warn(
        { unknownMigrations: unknown },
        `The database has had ${unknown.length} migration(s) this release does not know (${unknown.join(', ')}): a newer release migrated it; this one runs on, as migrations are additive`,
      ),
  });
  try {
    const { orm, repositories } = infrastructure;
    const seeded = await seedCharities(orm);
    if (seeded > 0) logger.info({ charities: seeded }, 'seeded partner charities');

    const hasher = options.hasher ?? new Argon2PasswordHasher();
    const photos = await createPhotoStore(config);
    const sessionSecret = resolveSessionSecret(config);
    const payments = await createPayments(
      config,
      sessionSecret,
      createSandboxAccountStore(orm),
      createSandboxBalance(orm),
      options.sandboxDisputeDelays,
    );
    await verifyProviderKeys(payments, config.production, logger);
    const metrics = createMetrics({
      build: readReleaseInfo(import.meta.url, config.buildCommit),
      readOperations: () => readOperations(orm),
      readPool: await poolUsageReader(orm, config.database),
      onReadFailed: (error) => {
        metrics.failed(error);
        logger.warn({ err: error }, 'the metrics could not read the database');
      },
    });
    const unsubscribeTokens = sealedUnsubscribeTokens(sessionSecret);
    const guestLinkTokens = derivedGuestLinkTokens(sessionSecret);
    const mailEvents = createMailEventInbox(orm);
    const limiter = (options: RateLimiterOptions) => createRateLimiter(orm, options, metrics.limitRefused);
    let shuttingDown = false;
    const webRoot = options.webRoot === undefined ? builtWebRoot() : options.webRoot;
    const decoyHash = await hasher.hash(crypto.randomUUID());
    const sendGridEvents = config.sendGridWebhookPublicKey
      ? sendGridEventVerifier(parseSendGridPublicKey(config.sendGridWebhookPublicKey), systemClock)
      : null;
    const app = createHttpApp({
      useCases: buildUseCases({
        repositories,
        tokens: nodeSecretTokens,
        photos: photos.store,
        clock: systemClock,
        publicUrl: config.publicUrl,
        supportEmail: config.support.email,
        gateway: payments.gateway,
        rates: config.processingRates,
        newShortCode: () => makeShortCode((count) => new Uint8Array(randomBytes(count))),
        guestLinkTokens,
        hasher,
        decoyHash,
        unsubscribeTokens,
        mailEvents,
        sendGridEvents,
      }),
      repositories,
      photos: photos.store,
      sanitizer: new SharpImageSanitizer(),
      sandbox: payments.sandbox,
      stripeWebhook: payments.stripeWebhook,
      clock: systemClock,
      logger,
      limits: Object.fromEntries(
        Object.entries(RATE_LIMIT_POLICIES).map(([name, policy]) => [
          name,
          limiter({ keyPrefix: policy.keyPrefix, points: policy.points, duration: policy.durationS }),
        ]),
      ) as Record<keyof AttemptLimits, ReturnType<typeof limiter>>,
      paymentStartNotes: createPaymentStartNotes(orm),
      photoQueue: boundedQueue(PHOTO_QUEUE_LIMITS),
      metrics,
      checkDatabase: infrastructure.checkDatabase,
      shuttingDown: () => shuttingDown,
      settings: {
        sessionSecret,
        publicUrl: config.publicUrl,
        production: config.production,
        trustProxy: config.trustProxy,
        trustProxyHops: config.trustProxyHops,
        webRoot,
        renderGuestPage: await loadGuestPageRenderer(webRoot),
        uploadsDirectory: photos.localDirectory,
        photoOrigins: config.photos.provider === 'gcs' ? ['https://storage.googleapis.com'] : [],
        publicConfig: {
          paymentProvider: config.payments.provider,
          stripePublishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
          supportEmail: config.support.email,
          supportPhone: config.support.phone,
          privacyEmail: config.privacy.email,
          guestDataRetentionDays: config.privacy.guestDataRetentionDays,
          accountDeletionGraceDays: ACCOUNT_DELETION_GRACE_DAYS,
          processingRates: config.processingRates,
          sandboxTestMode: payments.sandbox?.testMode ?? null,
        },
        metricsToken: config.metricsToken,
      },
    });

    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
      listening.once('error', reject);
    });
    server.requestTimeout = REQUEST_TIMEOUT_MS;
    server.headersTimeout = 20_000;
    const connections = trackConnections(server);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const bound =
      typeof address === 'object' && address
        ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`
        : String(address);

    const background = startBackgroundWork(
      {
        config,
        infrastructure,
        gateway: payments.gateway,
        photos: photos.store,
        hasher,
        metrics,
        logger,
        clock: systemClock,
        guestLinkTokens,
        mailer: await createMailer(config, logger, mailEvents),
        unsubscribeTokens,
      },
      { held: options.heldJobs },
    );

    return {
      url: `http://localhost:${port}`,
      bound,
      failReadiness: () => {
        shuttingDown = true;
      },
      close: async () => {
        shuttingDown = true;
        background.jobs.stop();
        const { cut } = await connections.drain(DRAIN_LIMIT_MS);
        if (cut > 0) logger.warn({ cut }, `${cut} request(s) still running ${DRAIN_LIMIT_MS / 1000} s after shutdown began were cut`);
        await background.mailWorker.stop();
        await infrastructure.close();
      },
      infrastructure,
      routes: listRoutes(app as never),
      mailWorker: background.mailWorker,
      runJob: background.jobs.runNow,
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}
