import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DATABASE_ERROR_CLASSES, databaseErrorClass } from './database-error-class';
import { RATE_LIMIT_POLICIES } from './rate-limit-policies';
import { MAIL_KINDS, type MailKind } from '@core/model/mail-kinds';
import type { MailProblem } from '@core/model/suppression';

/** What happened to payments, as the provider reported it (a decline is a webhook answered 200). */
export const PAYMENT_OUTCOMES = ['succeeded', 'declined', 'disputed', 'refunded'] as const;
export type PaymentOutcomeLabel = (typeof PAYMENT_OUTCOMES)[number];

/** The photo queue's refusals share the limits' counter. */
export const PHOTO_QUEUE_LIMIT = 'photo-decodes';

/** What the database holds that an operator watches, read at each scrape. */
export interface OperationsReading {
  mailOutbox: { queued: number; sending: number; failed: number; oldestUnsentSeconds: number | null };
  payouts: { familyPending: number; familyFailed: number; charityPending: number };
}

/** The connection pool now: connections checked out and idle, and queries waiting for one. */
export interface PoolReading {
  inUse: number;
  idle: number;
  waiting: number;
}

export interface MetricSources {
  readOperations: () => Promise<OperationsReading>;
  /** Null where there is no pool (PGlite: one connection inside this process). */
  readPool: () => PoolReading | null;
  /** A scrape whose database reading failed still answers, without those figures; this hears why. */
  onReadFailed: (error: unknown) => void;
  /** Which release runs here: the package's version and the commit it was built from. */
  build: { version: string; commit: string };
}

export interface Metrics {
  /** One answered request, by the router's pattern (never the raw path), method and status. */
  requestServed(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** A limit refused a request (a rate limiter's name, or the photo queue). */
  limitRefused(limit: string): void;
  /** A repeating job (a sweep, a reminder, a purge) finished without an error. */
  jobSucceeded(job: string): void;
  /** Payments that came to an outcome (default one). */
  paymentOutcome(outcome: PaymentOutcomeLabel, count?: number): void;
  /**
   * A message that did not reach its mailbox, by its kind (null: queued before kinds were recorded):
   * a provider's bounce, drop or spam report as applied, or a send the suppression list stopped.
   */
  mailProblem(event: { problem: MailProblem; kind: MailKind | null; suppressed: boolean }): void;
  /** Differences a reconciliation run found between the ledger and the provider. */
  reconciliationDifferences(count: number): void;
  /** Counts a failure by its database error class; anything that is not a database error is ignored. */
  failed(error: unknown): void;
  /** The Prometheus text exposition of everything, database readings taken now. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The server's Prometheus metrics, in a registry of its own (several servers may share a process
 * in tests). prom-client stays here: the rest of the server reports through the Metrics interface.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const limits = new Counter({
    name: 'registry_limit_refusals_total',
    help: 'Requests refused by a limit',
    labelNames: ['limit'],
    registers: [registry],
  });
  const paymentOutcomes = new Counter({
    name: 'registry_payment_outcomes_total',
    help: 'Payments that came to an outcome: succeeded, declined, disputed (a dispute opened), refunded',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const mailKindLabels = [...MAIL_KINDS, 'unknown'];
  const byMailKind = (name: string, help: string) => new Counter({ name, help, labelNames: ['kind'], registers: [registry] });
  const bounces = byMailKind('registry_mail_bounces_total', 'E-mails a provider reported bounced or dropped, by kind of message');
  const complaints = byMailKind('registry_mail_complaints_total', 'E-mails their recipient reported as spam, by kind of message');
  const suppressed = byMailKind(
    'registry_mail_suppressed_total',
    'E-mails not sent because their address is on the suppression list, by kind of message',
  );
  const differences = new Counter({
    name: 'registry_reconciliation_differences_total',
    help: 'Differences reconciliation runs found between the ledger and the payment provider',
    registers: [registry],
  });
  new Gauge({
    name: 'registry_build_info',
    help: 'The release this instance runs: 1, labelled with its version and commit',
    labelNames: ['version', 'commit'],
    registers: [registry],
  }).set(sources.build, 1);
  const jobs = new Gauge({
    name: 'registry_job_last_success_timestamp_seconds',
    help: 'When each repeating job last finished without an error (Unix time)',
    labelNames: ['job'],
    registers: [registry],
  });
  const databaseErrors = new Counter({
    name: 'registry_database_errors_total',
    help: 'Failures caused by the database, by PostgreSQL error class (or pool_timeout, connection_lost)',
    labelNames: ['class'],
    registers: [registry],
  });
  const pool = new Gauge({
    name: 'registry_database_pool_connections',
    help: 'Pooled database connections, in use or idle (PostgreSQL only)',
    labelNames: ['state'],
    registers: [registry],
  });
  const poolWaiting = new Gauge({
    name: 'registry_database_pool_waiting',
    help: 'Queries waiting for a pooled connection (PostgreSQL only)',
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'registry_mail_outbox_messages',
    help: 'E-mails not yet sent, by status',
    labelNames: ['status'],
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'registry_mail_outbox_oldest_unsent_age_seconds',
    help: 'How long the oldest e-mail not yet sent (queued or sending) has waited; 0 when none waits',
    registers: [registry],
  });
  const payouts = new Gauge({
    name: 'registry_payouts',
    help: "Payouts not yet made: the families' (pending, and failed: a bank transfer refused) and the charities' (pending)",
    labelNames: ['payee', 'state'],
    registers: [registry],
  });
  // Every label value known in advance starts at zero: a series that appears only with its first
  // increment is one that increase() and rate() miss.
  for (const policy of Object.values(RATE_LIMIT_POLICIES)) limits.inc({ limit: policy.keyPrefix }, 0);
  limits.inc({ limit: PHOTO_QUEUE_LIMIT }, 0);
  for (const outcome of PAYMENT_OUTCOMES) paymentOutcomes.inc({ outcome }, 0);
  for (const kind of DATABASE_ERROR_CLASSES) databaseErrors.inc({ class: kind }, 0);
  differences.inc(0);
  for (const kind of mailKindLabels) for (const counter of [bounces, complaints, suppressed]) counter.inc({ kind }, 0);

  const databaseRead = new Gauge({
    name: 'registry_metrics_database_read_ok',
    help: '1 when this scrape read the database, 0 when it could not',
    registers: [registry],
  });

  const readDatabase = async () => {
    const poolNow = sources.readPool();
    if (poolNow) {
      pool.set({ state: 'in_use' }, poolNow.inUse);
      pool.set({ state: 'idle' }, poolNow.idle);
      poolWaiting.set(poolNow.waiting);
    }
    try {
      const reading = await sources.readOperations();
      outbox.set({ status: 'queued' }, reading.mailOutbox.queued);
      outbox.set({ status: 'sending' }, reading.mailOutbox.sending);
      outbox.set({ status: 'failed' }, reading.mailOutbox.failed);
      outboxAge.set(reading.mailOutbox.oldestUnsentSeconds ?? 0);
      payouts.set({ payee: 'family', state: 'pending' }, reading.payouts.familyPending);
      payouts.set({ payee: 'family', state: 'failed' }, reading.payouts.familyFailed);
      payouts.set({ payee: 'charity', state: 'pending' }, reading.payouts.charityPending);
      databaseRead.set(1);
    } catch (error) {
      // Stale figures would look like good news: they go until the database answers again.
      outbox.reset();
      outboxAge.reset();
      payouts.reset();
      databaseRead.set(0);
      sources.onReadFailed(error);
    }
  };

  return {
    requestServed: ({ method, route, status }, seconds) => requests.observe({ method, route, status: String(status) }, seconds),
    limitRefused: (limit) => limits.inc({ limit }),
    jobSucceeded: (job) => jobs.setToCurrentTime({ job }),
    paymentOutcome: (outcome, count = 1) => paymentOutcomes.inc({ outcome }, count),
    mailProblem: ({ problem, kind, suppressed: stopped }) => {
      const labels = { kind: kind ?? 'unknown' };
      if (stopped) suppressed.inc(labels);
      else if (problem === 'bounce' || problem === 'dropped') bounces.inc(labels);
      else if (problem === 'spam-report') complaints.inc(labels);
    },
    reconciliationDifferences: (count) => differences.inc(count),
    failed: (error) => {
      const kind = databaseErrorClass(error);
      if (kind) databaseErrors.inc({ class: kind });
    },
    async exposition() {
      await readDatabase();
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
