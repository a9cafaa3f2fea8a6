import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpApp } from '../adapters/http/app';
import { createLogger, type Logger } from '../adapters/http/logger';
import { listRoutes, type RouteEntry } from '../adapters/http/route-list';
import { createRateLimiter } from '../adapters/persistence/rate-limit-store';
import { createSandboxAccountStore } from '../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { seedCharities } from '../adapters/persistence/seed/seed-charities';
import { Argon2PasswordHasher } from '../adapters/security/argon2-password-hasher';
import { nodeSecretTokens } from '../adapters/security/node-secret-tokens';
import { SharpImageSanitizer } from '../adapters/photos/sharp-image-sanitizer';
import { makeShortCode } from '@core/registry/short-code';
import { randomBytes } from 'node:crypto';
import { createPhotoStore } from './photo-store';
import { createPayments } from './payment-gateway';
import { createMailer } from './mailer';
import { startMailWorker, type MailWorker } from '../adapters/persistence/mail-queue';
import { expireAbandonedGifts, type SweepResult } from '@core/gift/expire-abandoned-gifts';
import { finishStuckRefunds, REFUND_SWEEP_EVERY_MS } from '@core/gift/refund-gift';
import { remindPendingCharityPayouts } from '@core/payout/charity-payout-reminder';
import { remindUnthankedGifts } from '@core/thank-you/thank-you-reminder';
import { TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT } from '@core/thank-you/typed-address-budget';
import type { Clock } from '@core/ports/clock';
import { resolveSessionSecret, type AppConfig } from './config';
import { openInfrastructure, type Infrastructure } from './container';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const SESSION_PURGE_INTERVAL_MS = 60 * 60 * 1000;
// Every instance sweeps; each gift changes once (a conditional update), so sweeps may overlap.
const GIFT_SWEEP_INTERVAL_MS = 10 * 60 * 1000;
// At start too (what a crash cut off is finished when the instance comes back), a moment after
// listening so the start itself is not slowed.
const FIRST_SWEEP_MS = 1000;
// The administrators' daily line about pending charity payouts: every instance looks each hour,
// and the first look of a (UTC) day sends it, once, whichever instance makes it.
const CHARITY_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_CHARITY_REMINDER_MS = 2 * 60 * 1000;
// The owner's one reminder about gifts without a card, a week after the celebration: every
// instance looks each hour, and a recorded reminder is never sent again, whichever sent it.
const THANK_YOU_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_THANK_YOU_REMINDER_MS = 3 * 60 * 1000;
// One password-reset e-mail per address in this time, however many ask: the newest link always
// has most of its hour left, and no inbox gets more than a dozen an hour.
const PASSWORD_RESET_MAIL_EVERY_S = 5 * 60;
const DAY_S = 24 * 60 * 60;
// The embedded database's planner statistics (container.ts): at start, then each hour as it grows.
const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

export interface RunningServer {
  url: string;
  /** The address and port actually listened on, as the operating system reports them. */
  bound: string;
  /** Tests call drainOnce() to send queued mail now rather than at the next poll. */
  mailWorker: MailWorker;
  infrastructure: Infrastructure;
  logger: Logger;
  /** Settles abandoned gifts and refunds cut off halfway now rather than at the next sweep (tests call it). */
  sweepAbandonedGifts: () => Promise<SweepResult & { refundsFinished: number; refundsRestored: number }>;
  /** Queues today's line about pending charity payouts to the administrators now, if not yet queued (tests call it). */
  remindPendingCharityPayouts: () => Promise<number>;
  /** Queues the owners' reminders about gifts without a thank-you card that are due now (tests call it). */
  remindUnthankedGifts: () => Promise<number>;
  /** Every API route the server answers (the fuzz tests walk them all). */
  routes: RouteEntry[];
  close: () => Promise<void>;
}

const systemClock: Clock = { now: () => new Date() };

/** Wires every adapter from the configuration and starts listening. */
export async function startServer(config: AppConfig, options: { logger?: Logger; webRoot?: string | null } = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const infrastructure = await openInfrastructure(config);
  try {
    const { orm, repositories } = infrastructure;
    const seeded = await seedCharities(orm);
    if (seeded > 0) logger.info({ charities: seeded }, 'seeded partner charities');

    const hasher = new Argon2PasswordHasher();
    const photos = await createPhotoStore(config);
    const sessionSecret = resolveSessionSecret(config);
    const payments = await createPayments(config, sessionSecret, createSandboxAccountStore(orm));
    const app = createHttpApp({
      repositories,
      photos: photos.store,
      sanitizer: new SharpImageSanitizer(),
      newShortCode: () => makeShortCode((count) => new Uint8Array(randomBytes(count))),
      gateway: payments.gateway,
      sandbox: payments.sandbox,
      stripeWebhook: payments.stripeWebhook,
      rates: config.processingRates,
      hasher,
      decoyHash: await hasher.hash(crypto.randomUUID()),
      secretTokens: nodeSecretTokens,
      clock: systemClock,
      logger,
      limits: {
        loginPerAccount: createRateLimiter(orm, { keyPrefix: 'login-account', points: 10, duration: 15 * 60 }),
        loginPerAddress: createRateLimiter(orm, { keyPrefix: 'login-address', points: 50, duration: 15 * 60 }),
        registerPerAddress: createRateLimiter(orm, { keyPrefix: 'register-address', points: 20, duration: 60 * 60 }),
        uploadsPerAccount: createRateLimiter(orm, { keyPrefix: 'upload-account', points: 100, duration: 60 * 60 }),
        paymentIntentsPerAddress: createRateLimiter(orm, { keyPrefix: 'payment-address', points: 30, duration: 10 * 60 }),
        passwordResetPerAddress: createRateLimiter(orm, { keyPrefix: 'reset-address', points: 10, duration: 60 * 60 }),
        passwordResetPerEmailAndAddress: createRateLimiter(orm, { keyPrefix: 'reset-email-address', points: 3, duration: 60 * 60 }),
        passwordResetMailsPerEmail: createRateLimiter(orm, { keyPrefix: 'reset-mail', points: 1, duration: PASSWORD_RESET_MAIL_EVERY_S }),
        passwordResetSubmitsPerAddress: createRateLimiter(orm, { keyPrefix: 'reset-submit-address', points: 20, duration: 60 * 60 }),
        currentPasswordPerAccount: createRateLimiter(orm, { keyPrefix: 'current-password-account', points: 10, duration: 15 * 60 }),
        newsletterPerAddress: createRateLimiter(orm, { keyPrefix: 'newsletter-address', points: 10, duration: 60 * 60 }),
        offlineGiftsPerAccount: createRateLimiter(orm, { keyPrefix: 'offline-gift-account', points: 300, duration: 60 * 60 }),
        thankYouSendsPerAccount: createRateLimiter(orm, { keyPrefix: 'thank-you-send-account', points: 100, duration: 60 * 60 }),
        coOwnerInvitationsPerAccount: createRateLimiter(orm, { keyPrefix: 'co-owner-invitation-account', points: 20, duration: 60 * 60 }),
        typedAddressCardsBeforePaidGiftPerAccount: createRateLimiter(orm, { keyPrefix: 'typed-card-new-account', points: TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT, duration: DAY_S }),
        typedAddressCardsBeforePaidGiftPerNetwork: createRateLimiter(orm, { keyPrefix: 'typed-card-new-network', points: TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT, duration: DAY_S }),
        typedAddressCardsPerAccount: createRateLimiter(orm, { keyPrefix: 'typed-card-account', points: 200, duration: DAY_S }),
        searchesPerNetwork: createRateLimiter(orm, { keyPrefix: 'search-network', points: 30, duration: 60 }),
        searchResultsPerNetwork: createRateLimiter(orm, { keyPrefix: 'search-results-network', points: 50, duration: 60 * 60 }),
      },
      checkDatabase: infrastructure.checkDatabase,
      settings: {
        sessionSecret,
        publicUrl: config.publicUrl,
        production: config.production,
        trustProxy: config.trustProxy,
        trustProxyHops: config.trustProxyHops,
        webRoot: options.webRoot === undefined ? path.join(projectRoot, 'dist', 'web') : options.webRoot,
        uploadsDirectory: photos.localDirectory,
        photoOrigins: config.photos.provider === 'gcs' ? ['https://storage.googleapis.com'] : [],
        publicConfig: {
          paymentProvider: config.payments.provider,
          stripePublishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
          supportEmail: config.support.email,
          supportPhone: config.support.phone,
          processingRates: config.processingRates,
        },
      },
    });

    const server: Server = await new Promise((resolve, reject) => {
      const listening = app.listen(config.port, config.host, () => resolve(listening));
      listening.once('error', reject);
    });
    server.requestTimeout = 30_000;
    server.headersTimeout = 20_000;
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const bound = typeof address === 'object' && address ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);

    // Every server process sends queued mail; each message is claimed by one of them.
    const mailWorker = startMailWorker({ orm, mailer: await createMailer(config, logger), logger: logger.child({ component: 'mail' }) });

    // Expired sessions and expired e-mailed links (password reset, e-mail change) go within the hour.
    const purgeExpired = async () => {
      await repositories.sessions.purgeExpired(systemClock.now());
      await repositories.accountTokens.purgeExpired(systemClock.now());
    };
    const stopPurges = repeat(purgeExpired, { firstMs: 60 * 1000, everyMs: SESSION_PURGE_INTERVAL_MS }, (error) =>
      logger.warn({ err: error }, 'session and link purge failed'),
    );

    const stopStatistics = repeat(infrastructure.refreshStatistics, { firstMs: STATISTICS_INTERVAL_MS, everyMs: STATISTICS_INTERVAL_MS }, (error) =>
      logger.warn({ err: error }, 'refreshing the planner statistics failed'),
    );

    const sweepLog = logger.child({ component: 'gift-sweep' });
    const sweeping = { unitOfWork: repositories, gifts: repositories.gifts, registries: repositories.registries, gateway: payments.gateway, appUrl: config.publicUrl, supportEmail: config.support.email, clock: systemClock };
    const sweepCutOffRefunds = async () => {
      const refunds = await finishStuckRefunds(sweeping);
      const result = { refundsFinished: refunds.refunded, refundsRestored: refunds.restored, refundsUnconfirmed: refunds.unconfirmed };
      if (Object.values(result).some((count) => count > 0)) sweepLog.info(result, 'cut-off refunds settled');
      return result;
    };
    const expireAbandoned = async () => {
      const abandoned = await expireAbandonedGifts(sweeping);
      if (Object.values(abandoned).some((count) => count > 0)) sweepLog.info(abandoned, 'abandoned gifts settled');
      return abandoned;
    };
    const sweepAbandonedGifts = async () => ({ ...(await expireAbandoned()), ...(await sweepCutOffRefunds()) });
    const stopSweeps = repeat(expireAbandoned, { firstMs: FIRST_SWEEP_MS, everyMs: GIFT_SWEEP_INTERVAL_MS }, (error) =>
      sweepLog.warn({ err: error }, 'abandoned-gift sweep failed'),
    );
    // Refunds oftener: a family waits for one before it can close (REFUND_FINISHES_WITHIN_MINUTES).
    const stopRefundSweeps = repeat(sweepCutOffRefunds, { firstMs: FIRST_SWEEP_MS, everyMs: REFUND_SWEEP_EVERY_MS }, (error) =>
      sweepLog.warn({ err: error }, 'cut-off refund sweep failed'),
    );

    const reminderLog = logger.child({ component: 'charity-payout-reminder' });
    const remindCharityPayouts = () =>
      remindPendingCharityPayouts({ unitOfWork: repositories, clock: systemClock, appUrl: config.publicUrl, supportEmail: config.support.email });
    const stopReminders = repeat(remindCharityPayouts, { firstMs: FIRST_CHARITY_REMINDER_MS, everyMs: CHARITY_REMINDER_INTERVAL_MS }, (error) =>
      reminderLog.warn({ err: error }, 'charity payout reminder failed'),
    );

    const thankYouLog = logger.child({ component: 'thank-you-reminder' });
    const remindThankYous = async () => {
      const queued = await remindUnthankedGifts({ unitOfWork: repositories, clock: systemClock, appUrl: config.publicUrl, supportEmail: config.support.email });
      if (queued > 0) thankYouLog.info({ reminders: queued }, 'thank-you reminders queued');
      return queued;
    };
    const stopThankYouReminders = repeat(remindThankYous, { firstMs: FIRST_THANK_YOU_REMINDER_MS, everyMs: THANK_YOU_REMINDER_INTERVAL_MS }, (error) =>
      thankYouLog.warn({ err: error }, 'thank-you reminder failed'),
    );

    return {
      url: `http://localhost:${port}`,
      bound,
      infrastructure,
      logger,
      mailWorker,
      sweepAbandonedGifts,
      remindPendingCharityPayouts: remindCharityPayouts,
      remindUnthankedGifts: remindThankYous,
      routes: listRoutes(app as never),
      close: async () => {
        stopPurges();
        stopStatistics();
        stopSweeps();
        stopRefundSweeps();
        stopReminders();
        stopThankYouReminders();
        await mailWorker.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await infrastructure.close();
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

/** Runs a background job once after firstMs and then every everyMs, never holding the process open; answers how to stop it. */
function repeat(job: () => Promise<unknown>, timing: { firstMs: number; everyMs: number }, onError: (error: unknown) => void): () => void {
  const run = () => {
    job().catch(onError);
  };
  const first = setTimeout(run, timing.firstMs);
  first.unref();
  const every = setInterval(run, timing.everyMs);
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
