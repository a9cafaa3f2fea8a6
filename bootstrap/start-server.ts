import { existsSync, realpathSync } from 'node:fs';
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createHttpApp } from '../adapters/http/app';
import { trackConnections } from '../adapters/http/connection-drain';
import { createLogger, type Logger } from '../adapters/http/logger';
import { listRoutes, type RouteEntry } from '../adapters/http/route-list';
import { boundedQueue, type BoundedQueueLimits } from '../adapters/http/bounded-queue';
import { createMetrics, type Metrics } from '../adapters/http/metrics';
import { readOperations } from '../adapters/persistence/operations-reading';
import { poolUsageReader } from '../adapters/persistence/pool-usage';
import { createRateLimiter, purgeExpiredRateLimits, type RateLimiterOptions } from '../adapters/persistence/rate-limit-store';
import { createPaymentStartNotes, purgeExpiredPaymentStartNotes } from '../adapters/persistence/payment-start-notes';
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
import { createMailEventInbox, purgeAppliedMailEvents, purgeSentMail, startMailWorker, type MailWorker } from '../adapters/persistence/mail-queue';
import { parseSendGridPublicKey, sendGridEventVerifier } from '../adapters/mail/sendgrid-event-webhook';
import { sealedUnsubscribeTokens } from '../adapters/security/sealed-unsubscribe-tokens';
import { unsubscribeUrl } from '@core/mail/unsubscribe-link';
import { expireAbandonedGifts, type SweepResult } from '@core/gift/expire-abandoned-gifts';
import { finishStuckRefunds } from '@core/gift/refund-gift';
import { REFUND_SWEEP_EVERY_MS } from '@core/model/refund-timing';
import { sendPendingFollowUpTransfers } from '@core/dispute/follow-up-payout';
import { remindPendingCharityPayouts } from '@core/payout/charity-payout-reminder';
import { reconcileYesterday } from '@core/ledger/reconcile-day';
import type { ReconciliationRun } from '@core/model/reconciliation';
import { remindUnthankedGifts } from '@core/thank-you/thank-you-reminder';
import { remindInvitedGuests } from '@core/invitation/remind-invited-guests';
import { guestOwnLink } from '@core/invitation/personal-link';
import { ACCOUNT_DELETION_GRACE_DAYS, deleteAccountsDue, type DeletionRun } from '@core/account/account-deletion';
import { buildQueuedExports } from '@core/account/export-in-background';
import { purgeGuestDataDue, type GuestDataPurge } from '@core/registry/guest-data-retention';
import { accountExportFile } from '../adapters/http/presenters/account-export';
import type { Clock } from '@core/ports/clock';
import { resolveSessionSecret, type AppConfig } from './config';
import { openInfrastructure, type Infrastructure } from './container';
import { loadGuestPageRenderer } from './guest-page-renderer';

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
// Every instance purges each hour; each purge is a conditional delete, so purges may overlap.
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
// How long the record of a sent e-mail (to whom, the subject, when) stays: long enough for support
// to answer "did my receipt go?", and far longer than any retry that could enqueue it again (its
// dedupe key goes with it).
const SENT_MAIL_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
// A provider's report, once applied, is kept past its retries (a day, SendGrid's), so a report
// delivered again is recognised by its id and stored once.
const MAIL_EVENTS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
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
// The guests' one reminder about an invitation, the family's chosen days before the date: every
// instance looks each hour, and each guest is claimed by one conditional update, whichever
// instance claims first.
const INVITATION_REMINDER_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_INVITATION_REMINDER_MS = 6 * 60 * 1000;
// Reconciliation with the provider, of the last UTC day over for two hours (RECONCILIATION_GRACE_MS):
// every instance looks each hour, and the first look claims the day in the database (one row per
// day), so one instance runs it; a run that failed or whose instance died is taken over later.
const RECONCILIATION_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_RECONCILIATION_MS = 4 * 60 * 1000;
// Accounts whose deletion fell due, and closed registries past the guests' data retention: every
// instance looks each hour; each account and registry is taken in a transaction that locks it and
// skips what another instance holds, so nothing is deleted or purged twice.
const PERSONAL_DATA_INTERVAL_MS = 60 * 60 * 1000;
const FIRST_PERSONAL_DATA_MS = 5 * 60 * 1000;
// Exports asked for by e-mail: a person waits for one, so every instance looks each minute.
const EXPORT_INTERVAL_MS = 60 * 1000;
/** How long a request may take to arrive (Node's requestTimeout), and so how long a deploy waits for those in flight. */
const REQUEST_TIMEOUT_MS = 30_000;
export const DRAIN_LIMIT_MS = REQUEST_TIMEOUT_MS;
// The embedded database's planner statistics (container.ts): at start, then each hour as it grows.
const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Decoding one photo and encoding its smaller copies holds about 150 MB for a second or two
 * (measured from 12 to 49 megapixels), so photos are processed one per core, four at most whatever
 * the machine, with eight more waiting at most 10 s each; beyond that an upload answers 503.
 */
export const PHOTO_QUEUE_LIMITS: BoundedQueueLimits = { concurrency: Math.min(availableParallelism(), 4), maxWaiting: 8, maxWaitMs: 10_000 };

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
  /** Reconciles yesterday (UTC) with the provider now, unless an instance has (tests call it); answers the run, or null. */
  reconcileYesterday: () => Promise<ReconciliationRun | null>;
  /** Queues the owners' reminders about gifts without a thank-you card that are due now (tests call it). */
  remindUnthankedGifts: () => Promise<number>;
  /** Queues the guests' reminders about their invitation that are due now (tests call it); answers how many. */
  remindInvitedGuests: () => Promise<number>;
  /** Deletes what is past keeping now rather than at the next hourly purge (tests call it); answers how many rows of each. */
  purgeExpired: () => Promise<PurgeResult>;
  /** Deletes the accounts whose grace period ended now rather than at the next hourly look (tests call it). */
  deleteAccountsDue: () => Promise<DeletionRun>;
  /** Purges the guests' data of registries past the retention period now (tests call it). */
  purgeGuestData: () => Promise<GuestDataPurge>;
  /** Builds the exports asked for by e-mail now rather than at the next look (tests call it); answers how many. */
  buildQueuedExports: () => Promise<number>;
  /** Every API route the server answers (the fuzz tests walk them all). */
  routes: RouteEntry[];
  /**
   * The first step of a stop: readiness (GET /api/health) answers 503 from now on, while every
   * request is still served, so that a balancer stops sending before close() stops listening.
   */
  failReadiness: () => void;
  /**
   * Stops taking connections, lets the requests in flight finish (each told `Connection: close`)
   * for up to DRAIN_LIMIT_MS, then stops the background work and closes the database.
   */
  close: () => Promise<void>;
}

export interface PurgeResult {
  sessions: number;
  links: number;
  sentMail: number;
  mailEvents: number;
  rateLimits: number;
  paymentStartNotes: number;
  exports: number;
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
     * Whether the gift and refund sweeps run on their own (a second after starting, then on their
     * interval); tests that set gifts up for a sweep run it themselves (sweepAbandonedGifts), so
     * one the server starts meanwhile cannot settle them first.
     */
    scheduledSweeps?: boolean;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const infrastructure = await openInfrastructure(config, {
    migrate: config.migrateOnStart,
    onNewerSchema: (unknown) =>
      logger.warn({ unknownMigrations: unknown }, `The database has had ${unknown.length} migration(s) this release does not know (${unknown.join(', ')}): a newer release migrated it; this one runs on, as migrations are additive`),
  });
  try {
    const { orm, repositories } = infrastructure;
    const seeded = await seedCharities(orm);
    if (seeded > 0) logger.info({ charities: seeded }, 'seeded partner charities');

    const hasher = options.hasher ?? new Argon2PasswordHasher();
    const photos = await createPhotoStore(config);
    const sessionSecret = resolveSessionSecret(config);
    const payments = await createPayments(config, sessionSecret, createSandboxAccountStore(orm), createSandboxBalance(orm), options.sandboxDisputeDelays);
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
    const mailEvents = createMailEventInbox(orm);
    const limiter = (options: RateLimiterOptions) => createRateLimiter(orm, options, metrics.limitRefused);
    let shuttingDown = false;
    const webRoot = options.webRoot === undefined ? builtWebRoot() : options.webRoot;
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
      unsubscribeTokens,
      mailEvents,
      sendGridEvents: config.sendGridWebhookPublicKey ? sendGridEventVerifier(parseSendGridPublicKey(config.sendGridWebhookPublicKey), systemClock) : null,
      clock: systemClock,
      logger,
      limits: Object.fromEntries(
        Object.entries(RATE_LIMIT_POLICIES).map(([name, policy]) => [name, limiter({ keyPrefix: policy.keyPrefix, points: policy.points, duration: policy.durationS })]),
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
    const bound = typeof address === 'object' && address ? `${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}` : String(address);

    // BACKGROUND_JOBS=off (a restore drill, maintenance): nothing below runs on its own, so a copy of
    // the live world sends no mail, cancels no payment and asks the provider nothing; tests and the
    // calls on RunningServer still run them when asked.
    const every: typeof repeat = config.backgroundJobs ? repeat : () => () => undefined;
    if (!config.backgroundJobs) logger.warn('BACKGROUND_JOBS=off: no mail is sent and no sweeps, reminders, reconciliation or purges run on this instance');

    // Every server process sends queued mail; each message is claimed by one of them, after the
    // providers' reports are applied and the suppression list is read.
    const mailWorker = startMailWorker({
      orm,
      mailer: await createMailer(config, logger, mailEvents),
      logger: logger.child({ component: 'mail' }),
      polling: config.backgroundJobs,
      lists: { unsubscribeUrl: (address, category) => unsubscribeUrl(config.publicUrl, unsubscribeTokens.seal({ address, category })), postalAddress: config.mailPostalAddress },
      onProblem: metrics.mailProblem,
    });

    // Expired sessions and e-mailed links (password reset, e-mail change) go within the hour,
    // rate-limit counters within two hours of their window's end, and the record of a sent e-mail
    // after SENT_MAIL_KEPT_MS. One failing does not keep the others from running.
    const purgeExpired = measured(metrics, 'expired-rows-purge', async (): Promise<PurgeResult> => {
      const now = systemClock.now();
      const purges = {
        sessions: repositories.sessions.purgeExpired(now),
        links: repositories.accountTokens.purgeExpired(now),
        sentMail: purgeSentMail(orm, new Date(now.getTime() - SENT_MAIL_KEPT_MS)),
        mailEvents: purgeAppliedMailEvents(orm, new Date(now.getTime() - MAIL_EVENTS_KEPT_MS)),
        rateLimits: purgeExpiredRateLimits(orm, now),
        paymentStartNotes: purgeExpiredPaymentStartNotes(orm, now),
        exports: repositories.accountExports.purgeExpired(now),
      };
      await Promise.allSettled(Object.values(purges));
      return {
        sessions: await purges.sessions,
        links: await purges.links,
        sentMail: await purges.sentMail,
        mailEvents: await purges.mailEvents,
        rateLimits: await purges.rateLimits,
        paymentStartNotes: await purges.paymentStartNotes,
        exports: await purges.exports,
      };
    });
    const stopPurges = every(purgeExpired, { firstMs: 60 * 1000, everyMs: PURGE_INTERVAL_MS }, (error) => logger.warn({ err: error }, 'purging expired rows failed'));

    const stopStatistics = every(measured(metrics, 'planner-statistics', infrastructure.refreshStatistics), { firstMs: STATISTICS_INTERVAL_MS, everyMs: STATISTICS_INTERVAL_MS }, (error) =>
      logger.warn({ err: error }, 'refreshing the planner statistics failed'),
    );

    const sweepLog = logger.child({ component: 'gift-sweep' });
    const sweeping = { unitOfWork: repositories, gifts: repositories.gifts, registries: repositories.registries, gateway: payments.gateway, appUrl: config.publicUrl, supportEmail: config.support.email, clock: systemClock };
    const sweepCutOffRefunds = measured(metrics, 'refund-sweep', async () => {
      const refunds = await finishStuckRefunds(sweeping);
      // A won dispute's bank follow-up whose transfer was cut off or unanswered: asked again by its own key.
      const followUpsSent = await sendPendingFollowUpTransfers(sweeping);
      const result = { refundsFinished: refunds.refunded, refundsRestored: refunds.restored, refundsUnconfirmed: refunds.unconfirmed, followUpsSent };
      metrics.paymentOutcome('refunded', refunds.refunded);
      if (Object.values(result).some((count) => count > 0)) sweepLog.info(result, 'cut-off refunds settled');
      return result;
    });
    const expireAbandoned = measured(metrics, 'gift-sweep', async () => {
      const abandoned = await expireAbandonedGifts(sweeping);
      if (Object.values(abandoned).some((count) => count > 0)) sweepLog.info(abandoned, 'abandoned gifts settled');
      return abandoned;
    });
    const sweepAbandonedGifts = async () => ({ ...(await expireAbandoned()), ...(await sweepCutOffRefunds()) });
    const sweepsOnTheirOwn = options.scheduledSweeps ?? true;
    const stopSweeps = sweepsOnTheirOwn
      ? every(expireAbandoned, { firstMs: FIRST_SWEEP_MS, everyMs: GIFT_SWEEP_INTERVAL_MS }, (error) => sweepLog.warn({ err: error }, 'abandoned-gift sweep failed'))
      : () => {};
    // Refunds oftener: a family waits for one before it can close (REFUND_FINISHES_WITHIN_MINUTES).
    const stopRefundSweeps = sweepsOnTheirOwn
      ? every(sweepCutOffRefunds, { firstMs: FIRST_SWEEP_MS, everyMs: REFUND_SWEEP_EVERY_MS }, (error) => sweepLog.warn({ err: error }, 'cut-off refund sweep failed'))
      : () => {};

    const reminderLog = logger.child({ component: 'charity-payout-reminder' });
    const remindCharityPayouts = measured(metrics, 'charity-payout-reminder', () =>
      remindPendingCharityPayouts({ unitOfWork: repositories, clock: systemClock, appUrl: config.publicUrl, supportEmail: config.support.email }),
    );
    const stopReminders = every(remindCharityPayouts, { firstMs: FIRST_CHARITY_REMINDER_MS, everyMs: CHARITY_REMINDER_INTERVAL_MS }, (error) =>
      reminderLog.warn({ err: error }, 'charity payout reminder failed'),
    );

    const reconciliationLog = logger.child({ component: 'ledger-reconciliation' });
    // A run that found differences is not a clean success: its last-success time stays where the
    // last run that agreed left it, and its differences are counted.
    const reconcile = measured(
      metrics,
      'ledger-reconciliation',
      async () => {
        const run = await reconcileYesterday({ unitOfWork: repositories, gateway: payments.gateway, clock: systemClock, appUrl: config.publicUrl, supportEmail: config.support.email });
        if (run) {
          metrics.reconciliationDifferences(run.differences.length);
          const fields = { day: run.day, status: run.status, transactions: run.transactions, differences: run.differences.length };
          if (run.differences.length > 0) reconciliationLog.error(fields, 'reconciliation found differences between the ledger and the payment provider');
          else reconciliationLog.info(fields, 'reconciled a day with the payment provider');
        }
        return run;
      },
      (run) => run === null || run.differences.length === 0,
    );
    const stopReconciliations = every(reconcile, { firstMs: FIRST_RECONCILIATION_MS, everyMs: RECONCILIATION_INTERVAL_MS }, (error) =>
      reconciliationLog.warn({ err: error }, 'reconciliation with the payment provider failed'),
    );

    const thankYouLog = logger.child({ component: 'thank-you-reminder' });
    const remindThankYous = measured(metrics, 'thank-you-reminder', async () => {
      const queued = await remindUnthankedGifts({ unitOfWork: repositories, clock: systemClock, appUrl: config.publicUrl, supportEmail: config.support.email });
      if (queued > 0) thankYouLog.info({ reminders: queued }, 'thank-you reminders queued');
      return queued;
    });
    const stopThankYouReminders = every(remindThankYous, { firstMs: FIRST_THANK_YOU_REMINDER_MS, everyMs: THANK_YOU_REMINDER_INTERVAL_MS }, (error) =>
      thankYouLog.warn({ err: error }, 'thank-you reminder failed'),
    );

    const invitationLog = logger.child({ component: 'invitation-reminder' });
    const remindGuests = measured(metrics, 'invitation-reminder', async () => {
      const queued = await remindInvitedGuests({ unitOfWork: repositories, clock: systemClock, appUrl: config.publicUrl, personalLink: guestOwnLink(nodeSecretTokens, config.publicUrl) });
      if (queued > 0) invitationLog.info({ reminders: queued }, 'invitation reminders queued');
      return queued;
    });
    const stopInvitationReminders = every(remindGuests, { firstMs: FIRST_INVITATION_REMINDER_MS, everyMs: INVITATION_REMINDER_INTERVAL_MS }, (error) =>
      invitationLog.warn({ err: error }, 'invitation reminder failed'),
    );

    const personalDataLog = logger.child({ component: 'personal-data' });
    const deleteAccounts = measured(metrics, 'account-deletion', async () => {
      const run = await deleteAccountsDue({ ...sweeping, users: repositories.users, disputes: repositories.disputes, hasher, tokens: nodeSecretTokens });
      // The records no longer point at them; a photo the store cannot remove now is only orphaned (its name is unguessable).
      for (const url of run.photos) await photos.store.remove(url).catch((error: unknown) => personalDataLog.warn({ err: error }, 'a deleted account’s photo could not be removed'));
      if (run.deleted + run.kept + run.postponed > 0) personalDataLog.info({ deleted: run.deleted, kept: run.kept, postponed: run.postponed, photos: run.photos.length }, 'accounts due for deletion handled');
      return run;
    });
    const purgeGuests = measured(metrics, 'guest-data-purge', async () => {
      const purged = await purgeGuestDataDue({ unitOfWork: repositories, clock: systemClock, retentionDays: config.privacy.guestDataRetentionDays });
      if (purged.registries > 0) personalDataLog.info(purged, 'guests’ e-mails and messages purged after the retention period');
      return purged;
    });
    const stopPersonalData = every(
      async () => {
        await deleteAccounts();
        await purgeGuests();
      },
      { firstMs: FIRST_PERSONAL_DATA_MS, everyMs: PERSONAL_DATA_INTERVAL_MS },
      (error) => personalDataLog.warn({ err: error }, 'deleting accounts or purging guests’ data failed'),
    );
    const exportLog = logger.child({ component: 'account-export' });
    const buildExports = measured(metrics, 'account-export', () =>
      buildQueuedExports({
        ...repositories,
        unitOfWork: repositories,
        clock: systemClock,
        tokens: nodeSecretTokens,
        render: accountExportFile,
        appUrl: config.publicUrl,
        supportEmail: config.support.email,
        onFailure: (request, error) => exportLog.error({ err: error, exportId: request.id, attempts: request.attempts }, 'an account export could not be built'),
      }),
    );
    const stopExports = every(buildExports, { firstMs: EXPORT_INTERVAL_MS, everyMs: EXPORT_INTERVAL_MS }, (error) => exportLog.warn({ err: error }, 'building account exports failed'));

    return {
      url: `http://localhost:${port}`,
      bound,
      infrastructure,
      logger,
      mailWorker,
      sweepAbandonedGifts,
      remindPendingCharityPayouts: remindCharityPayouts,
      remindUnthankedGifts: remindThankYous,
      remindInvitedGuests: remindGuests,
      reconcileYesterday: reconcile,
      purgeExpired,
      deleteAccountsDue: deleteAccounts,
      purgeGuestData: purgeGuests,
      buildQueuedExports: buildExports,
      routes: listRoutes(app as never),
      failReadiness: () => {
        shuttingDown = true;
      },
      close: async () => {
        shuttingDown = true;
        stopPurges();
        stopStatistics();
        stopSweeps();
        stopRefundSweeps();
        stopReminders();
        stopThankYouReminders();
        stopInvitationReminders();
        stopReconciliations();
        stopPersonalData();
        stopExports();
        const { cut } = await connections.drain(DRAIN_LIMIT_MS);
        if (cut > 0) logger.warn({ cut }, `${cut} request(s) still running ${DRAIN_LIMIT_MS / 1000} s after shutdown began were cut`);
        await mailWorker.stop();
        await infrastructure.close();
      },
    };
  } catch (error) {
    await infrastructure.close();
    throw error;
  }
}

/**
 * A repeating job that records when it last succeeded (each result it finishes with, unless
 * `clean` says that one is not), and counts its database failures by class.
 */
function measured<T>(metrics: Metrics, job: string, work: () => Promise<T>, clean: (result: T) => boolean = () => true): () => Promise<T> {
  return async () => {
    try {
      const result = await work();
      if (clean(result)) metrics.jobSucceeded(job);
      return result;
    } catch (error) {
      metrics.failed(error);
      throw error;
    }
  };
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
