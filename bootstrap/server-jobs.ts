import type { Logger } from '../adapters/http/logger';
import type { Metrics } from '../adapters/http/metrics';
import { accountExportFile } from '../adapters/http/presenters/account-export';
import { purgeAppliedMailEvents, purgeSentMail, startMailWorker, type MailWorker } from '../adapters/persistence/mail-queue';
import { purgeExpiredPaymentStartNotes } from '../adapters/persistence/payment-start-notes';
import { purgeExpiredRateLimits } from '../adapters/persistence/rate-limit-store';
import { deleteAccountsDue } from '@core/account/account-deletion';
import { buildQueuedExports } from '@core/account/export-in-background';
import { sendPendingFollowUpTransfers } from '@core/dispute/follow-up-payout';
import { expireAbandonedGifts } from '@core/gift/expire-abandoned-gifts';
import { finishStuckRefunds } from '@core/gift/finish-stuck-refunds';
import { reconcileYesterday } from '@core/ledger/reconcile-day';
import { unsubscribeUrl } from '@core/mail/unsubscribe-link';
import { REFUND_SWEEP_EVERY_MS } from '@core/model/refund-timing';
import { remindPendingCharityPayouts } from '@core/payout/charity-payout-reminder';
import type { Clock } from '@core/ports/clock';
import type { Mailer } from '@core/ports/mailer';
import type { PasswordHasher } from '@core/ports/password-hasher';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { PhotoStore } from '@core/ports/photo-store';
import type { UnsubscribeTokens } from '@core/ports/unsubscribe-tokens';
import { purgeGuestDataDue } from '@core/registry/guest-data-retention';
import { remindUnthankedGifts } from '@core/thank-you/thank-you-reminder';
import { remindInvitedGuests } from '@core/invitation/remind-invited-guests';
import { guestOwnLink } from '@core/invitation/personal-link';
import { nodeSecretTokens } from '../adapters/security/node-secret-tokens';
import type { GuestLinkTokens } from '@core/ports/guest-link-tokens';
import type { AppConfig } from './config';
import type { Infrastructure } from './container';
import { repeatingJob, startRepeatingJobs, type JobName, type RunningJobs } from './repeating-jobs';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
// Every instance purges each hour; each purge is a conditional delete, so purges may overlap.
const PURGE_INTERVAL_MS = HOUR_MS;
// How long the record of a sent e-mail (to whom, the subject, when) stays: long enough for support
// to answer "did my receipt go?", and far longer than any retry that could enqueue it again (its
// dedupe key goes with it).
const SENT_MAIL_KEPT_MS = 30 * 24 * HOUR_MS;
// A provider's report, once applied, is kept past its retries (a day, SendGrid's), so a report
// delivered again is recognised by its id and stored once.
const MAIL_EVENTS_KEPT_MS = 7 * 24 * HOUR_MS;
// Every instance sweeps; each gift changes once (a conditional update), so sweeps may overlap.
const GIFT_SWEEP_INTERVAL_MS = 10 * MINUTE_MS;
// At start too (what a crash cut off is finished when the instance comes back), a moment after
// listening so the start itself is not slowed.
const FIRST_SWEEP_MS = 1000;
// The administrators' daily line about pending charity payouts: every instance looks each hour,
// and the first look of a (UTC) day sends it, once, whichever instance makes it.
const CHARITY_REMINDER_INTERVAL_MS = HOUR_MS;
const FIRST_CHARITY_REMINDER_MS = 2 * MINUTE_MS;
// The owner's one reminder about gifts without a card, a week after the celebration: every
// instance looks each hour, and a recorded reminder is never sent again, whichever sent it.
const THANK_YOU_REMINDER_INTERVAL_MS = HOUR_MS;
const FIRST_THANK_YOU_REMINDER_MS = 3 * MINUTE_MS;
// The guests' one reminder about an invitation, the family's chosen days before the date: every
// instance looks each hour, and each guest is claimed by one conditional update, whichever
// instance claims first.
const INVITATION_REMINDER_INTERVAL_MS = HOUR_MS;
const FIRST_INVITATION_REMINDER_MS = 6 * MINUTE_MS;
// Reconciliation with the provider, of the last UTC day over for two hours (RECONCILIATION_GRACE_MS):
// every instance looks each hour, and the first look claims the day in the database (one row per
// day), so one instance runs it; a run that failed or whose instance died is taken over later.
const RECONCILIATION_INTERVAL_MS = HOUR_MS;
const FIRST_RECONCILIATION_MS = 4 * MINUTE_MS;
// Accounts whose deletion fell due, and closed registries past the guests' data retention: every
// instance looks each hour; each account and registry is taken in a transaction that locks it and
// skips what another instance holds, so nothing is deleted or purged twice.
const PERSONAL_DATA_INTERVAL_MS = HOUR_MS;
const FIRST_PERSONAL_DATA_MS = 5 * MINUTE_MS;
// Exports asked for by e-mail: a person waits for one, so every instance looks each minute.
const EXPORT_INTERVAL_MS = MINUTE_MS;
// The embedded database's planner statistics (container.ts): at start, then each hour as it grows.
const STATISTICS_INTERVAL_MS = HOUR_MS;

export interface PurgeResult {
  sessions: number;
  links: number;
  sentMail: number;
  mailEvents: number;
  rateLimits: number;
  paymentStartNotes: number;
  exports: number;
}

export interface ServerJobPorts {
  config: AppConfig;
  infrastructure: Infrastructure;
  gateway: PaymentGateway;
  photos: PhotoStore;
  hasher: PasswordHasher;
  metrics: Metrics;
  logger: Logger;
  clock: Clock;
  guestLinkTokens: GuestLinkTokens;
}

/**
 * Every job the server repeats on its own timers (docs/operations.md#background-jobs): a job is
 * one entry, its name, its timing, what it runs and what a failed turn logs.
 */
export function serverJobs({ config, infrastructure, gateway, photos, hasher, metrics, logger, clock, guestLinkTokens }: ServerJobPorts) {
  const { orm, repositories } = infrastructure;
  const mailed = { appUrl: config.publicUrl, supportEmail: config.support.email };
  const sweeping = { unitOfWork: repositories, gifts: repositories.gifts, registries: repositories.registries, gateway, clock, ...mailed };
  const sweepLog = logger.child({ component: 'gift-sweep' });
  const reconciliationLog = logger.child({ component: 'ledger-reconciliation' });
  const thankYouLog = logger.child({ component: 'thank-you-reminder' });
  const invitationLog = logger.child({ component: 'invitation-reminder' });
  const personalDataLog = logger.child({ component: 'personal-data' });
  const exportLog = logger.child({ component: 'account-export' });
  return [
    // Expired sessions and e-mailed links (password reset, e-mail change) go within the hour,
    // rate-limit counters within two hours of their window's end, and the record of a sent e-mail
    // after SENT_MAIL_KEPT_MS. One failing does not keep the others from running.
    repeatingJob({
      name: 'expired-rows-purge',
      timing: { firstMs: MINUTE_MS, everyMs: PURGE_INTERVAL_MS },
      log: logger,
      failure: 'purging expired rows failed',
      run: async (): Promise<PurgeResult> => {
        const now = clock.now();
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
      },
    }),
    repeatingJob({
      name: 'planner-statistics',
      timing: { firstMs: STATISTICS_INTERVAL_MS, everyMs: STATISTICS_INTERVAL_MS },
      log: logger,
      failure: 'refreshing the planner statistics failed',
      run: infrastructure.refreshStatistics,
    }),
    repeatingJob({
      name: 'gift-sweep',
      timing: { firstMs: FIRST_SWEEP_MS, everyMs: GIFT_SWEEP_INTERVAL_MS },
      log: sweepLog,
      failure: 'abandoned-gift sweep failed',
      run: async () => {
        const abandoned = await expireAbandonedGifts(sweeping);
        if (Object.values(abandoned).some((count) => count > 0)) sweepLog.info(abandoned, 'abandoned gifts settled');
        return abandoned;
      },
    }),
    // Refunds oftener: a family waits for one before it can close (REFUND_FINISHES_WITHIN_MINUTES).
    repeatingJob({
      name: 'refund-sweep',
      timing: { firstMs: FIRST_SWEEP_MS, everyMs: REFUND_SWEEP_EVERY_MS },
      log: sweepLog,
      failure: 'cut-off refund sweep failed',
      run: async () => {
        const refunds = await finishStuckRefunds(sweeping);
        // A won dispute's bank follow-up whose transfer was cut off or unanswered: asked again by its own key.
        const followUpsSent = await sendPendingFollowUpTransfers(sweeping);
        const result = {
          refundsFinished: refunds.refunded,
          refundsRestored: refunds.restored,
          refundsUnconfirmed: refunds.unconfirmed,
          followUpsSent,
        };
        metrics.paymentOutcome('refunded', refunds.refunded);
        if (Object.values(result).some((count) => count > 0)) sweepLog.info(result, 'cut-off refunds settled');
        for (const { giftId, error } of refunds.failed) sweepLog.error({ err: error, giftId }, 'cut-off refund could not be settled');
        // The job did not do its work: no success is recorded, so the operators' alert on it fires.
        if (refunds.failed.length > 0)
          throw new Error(`${refunds.failed.length} cut-off refunds could not be settled; they stay under way`);
        return result;
      },
    }),
    repeatingJob({
      name: 'charity-payout-reminder',
      timing: { firstMs: FIRST_CHARITY_REMINDER_MS, everyMs: CHARITY_REMINDER_INTERVAL_MS },
      log: logger.child({ component: 'charity-payout-reminder' }),
      failure: 'charity payout reminder failed',
      run: () => remindPendingCharityPayouts({ unitOfWork: repositories, clock, ...mailed }),
    }),
    repeatingJob({
      name: 'thank-you-reminder',
      timing: { firstMs: FIRST_THANK_YOU_REMINDER_MS, everyMs: THANK_YOU_REMINDER_INTERVAL_MS },
      log: thankYouLog,
      failure: 'thank-you reminder failed',
      run: async () => {
        const queued = await remindUnthankedGifts({ unitOfWork: repositories, clock, ...mailed });
        if (queued > 0) thankYouLog.info({ reminders: queued }, 'thank-you reminders queued');
        return queued;
      },
    }),
    repeatingJob({
      name: 'invitation-reminder',
      timing: { firstMs: FIRST_INVITATION_REMINDER_MS, everyMs: INVITATION_REMINDER_INTERVAL_MS },
      log: invitationLog,
      failure: 'invitation reminder failed',
      run: async () => {
        const queued = await remindInvitedGuests({
          unitOfWork: repositories,
          clock,
          appUrl: config.publicUrl,
          personalLink: guestOwnLink(nodeSecretTokens, guestLinkTokens, config.publicUrl),
        });
        if (queued > 0) invitationLog.info({ reminders: queued }, 'invitation reminders queued');
        return queued;
      },
    }),
    repeatingJob({
      name: 'ledger-reconciliation',
      timing: { firstMs: FIRST_RECONCILIATION_MS, everyMs: RECONCILIATION_INTERVAL_MS },
      log: reconciliationLog,
      failure: 'reconciliation with the payment provider failed',
      run: async () => {
        const run = await reconcileYesterday({ unitOfWork: repositories, gateway, clock, ...mailed });
        if (run) {
          metrics.reconciliationDifferences(run.differences.length);
          const fields = { day: run.day, status: run.status, transactions: run.transactions, differences: run.differences.length };
          if (run.differences.length > 0)
            reconciliationLog.error(fields, 'reconciliation found differences between the ledger and the payment provider');
          else reconciliationLog.info(fields, 'reconciled a day with the payment provider');
        }
        return run;
      },
      // A run that found differences is not a clean success: its last-success time stays where the
      // last run that agreed left it, and its differences are counted.
      clean: (run) => run === null || run.differences.length === 0,
    }),
    repeatingJob({
      name: 'account-deletion',
      timing: { firstMs: FIRST_PERSONAL_DATA_MS, everyMs: PERSONAL_DATA_INTERVAL_MS },
      log: personalDataLog,
      failure: 'deleting accounts or purging guests’ data failed',
      run: async () => {
        const run = await deleteAccountsDue({
          ...sweeping,
          users: repositories.users,
          disputes: repositories.disputes,
          hasher,
          tokens: nodeSecretTokens,
        });
        // The records no longer point at them; a photo the store cannot remove now is only orphaned (its name is unguessable).
        for (const url of run.photos)
          await photos
            .remove(url)
            .catch((error: unknown) => personalDataLog.warn({ err: error }, 'a deleted account’s photo could not be removed'));
        if (run.deleted + run.kept + run.postponed > 0)
          personalDataLog.info(
            { deleted: run.deleted, kept: run.kept, postponed: run.postponed, photos: run.photos.length },
            'accounts due for deletion handled',
          );
        return run;
      },
    }),
    repeatingJob({
      name: 'guest-data-purge',
      timing: { rightAfter: 'account-deletion' },
      log: personalDataLog,
      failure: 'deleting accounts or purging guests’ data failed',
      run: async () => {
        const purged = await purgeGuestDataDue({ unitOfWork: repositories, clock, retentionDays: config.privacy.guestDataRetentionDays });
        if (purged.registries > 0) personalDataLog.info(purged, 'guests’ e-mails and messages purged after the retention period');
        return purged;
      },
    }),
    repeatingJob({
      name: 'account-export',
      timing: { firstMs: EXPORT_INTERVAL_MS, everyMs: EXPORT_INTERVAL_MS },
      log: exportLog,
      failure: 'building account exports failed',
      run: () =>
        buildQueuedExports({
          ...repositories,
          unitOfWork: repositories,
          clock,
          tokens: nodeSecretTokens,
          render: accountExportFile,
          ...mailed,
          onFailure: (request, error) =>
            exportLog.error({ err: error, exportId: request.id, attempts: request.attempts }, 'an account export could not be built'),
        }),
    }),
  ] as const;
}

export type ServerJobs = ReturnType<typeof serverJobs>;
export type ServerJobName = JobName<ServerJobs>;

export interface BackgroundWork {
  /** Sends queued mail on its own polls (only when drainOnce asks, under BACKGROUND_JOBS=off). */
  mailWorker: MailWorker;
  /** Stopped first on a stop; the mail worker after the drain, so that it sends what the requests in flight queue. */
  jobs: RunningJobs<ServerJobs>;
}

/**
 * Starts the mail worker and every repeating job. Every server process sends queued mail; each
 * message is claimed by one of them, after the providers' reports are applied and the suppression
 * list is read.
 */
export function startBackgroundWork(
  ports: ServerJobPorts & { mailer: Mailer; unsubscribeTokens: UnsubscribeTokens },
  options: { held?: readonly ServerJobName[] } = {},
): BackgroundWork {
  const { config, logger, metrics, unsubscribeTokens } = ports;
  // BACKGROUND_JOBS=off (a restore drill, maintenance): nothing runs on its own, so a copy of the
  // live world sends no mail, cancels no payment and asks the provider nothing; tests and
  // RunningServer's runJob still run the jobs when asked.
  if (!config.backgroundJobs)
    logger.warn('BACKGROUND_JOBS=off: no mail is sent and no sweeps, reminders, reconciliation or purges run on this instance');
  const mailWorker = startMailWorker({
    orm: ports.infrastructure.orm,
    mailer: ports.mailer,
    logger: logger.child({ component: 'mail' }),
    polling: config.backgroundJobs,
    lists: {
      unsubscribeUrl: (address, category) => unsubscribeUrl(config.publicUrl, unsubscribeTokens.seal({ address, category })),
      postalAddress: config.mailPostalAddress,
    },
    onProblem: metrics.mailProblem,
  });
  const jobs = startRepeatingJobs(serverJobs(ports), { metrics, scheduled: config.backgroundJobs, held: options.held });
  return { mailWorker, jobs };
}
