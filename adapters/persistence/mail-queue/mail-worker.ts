import { categoryOf, isMailKind, type MailKind, type OptOutCategory } from '@core/model/mail-kinds';
import { withListFooter } from '@core/mail/list-footer';
import { stoppingSuppression, suppressionKey, type MailProblem, type SuppressionScope } from '@core/model/suppression';
import type { Clock } from '@core/ports/clock';
import type { MailAttachment, Mailer, OutgoingMail } from '@core/ports/mailer';
import type { Orm } from '../orm';
import { applyMailEvents, recordDeliveryProblem, type AppliedMailEvent } from './mail-events';

/** The slice of a pino logger the worker uses (pino's Logger fits it). */
export interface MailWorkerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  orm: Orm;
  mailer: Mailer;
  logger: MailWorkerLogger;
  /** Pause between passes over the queue; 5 s unless told. */
  intervalMs?: number;
  /** false: no passes of its own, only those drainOnce asks for (BACKGROUND_JOBS=off). */
  polling?: boolean;
  /** How long to wait after each failed attempt; the number of tries is one more than its length. */
  retryDelaysMs?: readonly number[];
  /** How long a claimed message stays with its worker before another may take it up (a dead worker's lease). */
  leaseMs?: number;
  /** Messages claimed (and sent in parallel) at a time. */
  batchSize?: number;
  /** Of the paced kinds (a family's invitations), how many one pass sends at most; 10 unless told (with the 5 s pause, two a second). */
  pacedPerPass?: number;
  clock?: Clock;
  /** Mail that may be stopped carries this one-click unsubscribe link and the postal address. */
  lists: {
    unsubscribeUrl: (address: string, category: OptOutCategory) => string;
    postalAddress: string;
  };
  /** Told of every provider event applied (a bounce, a complaint) and every message suppressed: the metrics count them. */
  onProblem?: (problem: AppliedMailEvent & { suppressed: boolean }) => void;
}

export interface MailWorker {
  /** Finishes the pass in progress (its sends included) and stops polling. */
  stop(): Promise<void>;
  /** One pass: sends every message due now; resolves to how many were sent. For tests and shutdown. */
  drainOnce(): Promise<number>;
}

/** 1, 3, 8 and 18 minutes: five tries over about half an hour, then the message is kept as failed. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [60_000, 180_000, 480_000, 1_080_000];
const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_LEASE_MS = 5 * 60_000;
const DEFAULT_BATCH_SIZE = 10;
const DEFAULT_PACED_PER_PASS = 10;

/**
 * Kinds sent at a pace, after the rest of each pass: a family's invitations to a list of hundreds
 * go out a few a second (a provider reads a burst to strangers as spam), and never hold up a
 * receipt or a password reset queued behind them.
 */
export const PACED_KINDS = ['guest-invitation', 'guest-reminder'] as const satisfies readonly MailKind[];
const PACED_LIST = PACED_KINDS.map((kind) => `'${kind}'`).join(', ');
const systemClock: Clock = { now: () => new Date() };

interface ClaimedMail {
  id: string;
  to: string;
  replyTo: string | null;
  kind: string | null;
  senderName: string | null;
  subject: string;
  text: string;
  html: string;
  /** jsonb: PGlite and PostgreSQL's driver both answer it parsed. */
  attachments: MailAttachment[] | null;
  attempts: number;
}

/**
 * Sends queued mail through the Mailer. Any number of server processes may run one: a message is
 * claimed with FOR UPDATE SKIP LOCKED and leased to one worker (status 'sending' until
 * next_attempt_at), sent outside any transaction, then marked sent or given its next attempt. A
 * provider outage only delays mail; after the last try it stays in the table as failed, for an
 * operator. Logs carry the message id and attempt, never an address, subject or body.
 *
 * Delivery is at least once: a worker that dies (or loses the database) between the provider's
 * acceptance and marking the row sent leaves the lease to expire, and the message goes again.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { orm, mailer, logger } = options;
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const maxAttempts = retryDelaysMs.length + 1;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const pacedPerPass = options.pacedPerPass ?? DEFAULT_PACED_PER_PASS;
  const clock = options.clock ?? systemClock;

  const execute = <T>(sql: string, params: unknown[], method: 'all' | 'run' = 'all') =>
    orm.em.fork().execute(sql, params, method) as Promise<T>;
  const at = (date: Date) => date.toISOString();

  async function claim(paced: boolean, limit: number): Promise<ClaimedMail[]> {
    const now = clock.now();
    const kinds = paced ? `"kind" in (${PACED_LIST})` : `("kind" is null or "kind" not in (${PACED_LIST}))`;
    return execute<ClaimedMail[]>(
      `with "due" as (
         select "id" from "mail_outbox"
         where "status" in ('queued', 'sending') and "next_attempt_at" <= ?::timestamptz and "attempts" < ? and ${kinds}
         order by "next_attempt_at"
         limit ?
         for update skip locked
       )
       update "mail_outbox" as "m" set "status" = 'sending', "attempts" = "m"."attempts" + 1, "next_attempt_at" = ?::timestamptz
       from "due" where "m"."id" = "due"."id"
       returning "m"."id", "m"."to", "m"."reply_to" as "replyTo", "m"."kind", "m"."sender_name" as "senderName", "m"."subject", "m"."text", "m"."html", "m"."attachments", "m"."attempts"`,
      [at(now), maxAttempts, limit, at(new Date(now.getTime() + leaseMs))],
    );
  }

  /** A worker that died during the last try leaves its lease behind: that message is failed, not retried. */
  async function failAbandoned(): Promise<void> {
    const rows = await execute<{ id: string }[]>(
      `update "mail_outbox" set "status" = 'failed', "last_error" = coalesce("last_error", 'The worker sending the last attempt stopped before it finished')
       where "status" = 'sending' and "next_attempt_at" <= ?::timestamptz and "attempts" >= ?
       returning "id"`,
      [at(clock.now()), maxAttempts],
    );
    for (const { id } of rows)
      logger.error({ mailId: id, attempts: maxAttempts }, 'Mail not sent: out of attempts; kept as failed for an operator');
  }

  // Guarded by the attempt number: if this worker's lease ran out and another took the message
  // over, the other worker's outcome stands. A sent message's body is blanked: it may hold a
  // single-use link (password reset, e-mail change) or a family's words, and has no use once
  // delivered; the row stays for its dedupe key and as a record of what went to whom and when.
  async function markSent(mail: ClaimedMail): Promise<void> {
    await execute(
      `update "mail_outbox" set "status" = 'sent', "sent_at" = ?::timestamptz, "last_error" = null, "text" = '', "html" = '', "attachments" = null where "id" = ? and "status" = 'sending' and "attempts" = ?`,
      [at(clock.now()), mail.id, mail.attempts],
      'run',
    );
  }

  async function markFailedAttempt(mail: ClaimedMail, error: unknown): Promise<void> {
    const reason = describeError(error);
    const lastTry = mail.attempts >= maxAttempts;
    const delay = retryDelaysMs[mail.attempts - 1] ?? 0;
    await execute(
      `update "mail_outbox" set "status" = ?, "next_attempt_at" = ?::timestamptz, "last_error" = ? where "id" = ? and "status" = 'sending' and "attempts" = ?`,
      [lastTry ? 'failed' : 'queued', at(new Date(clock.now().getTime() + delay)), reason, mail.id, mail.attempts],
      'run',
    );
    if (lastTry)
      logger.error({ mailId: mail.id, attempts: mail.attempts, reason }, 'Mail not sent: out of attempts; kept as failed for an operator');
    else logger.warn({ mailId: mail.id, attempt: mail.attempts, retryInMs: delay, reason }, 'Mail not sent; will try again');
  }

  /**
   * The address is on the suppression list for this kind of message: it is not sent, the row says
   * why (its body blanked, as a sent one's), and the note it carried is marked not delivered, in one
   * transaction. Guarded by the attempt number, as markSent is.
   */
  async function markSuppressed(mail: ClaimedMail, reason: MailProblem, kind: MailKind | null): Promise<void> {
    const now = clock.now();
    const suppressed = await orm.em.fork().transactional(async (em) => {
      const { affectedRows } = await em.execute<{ affectedRows: number }>(
        `update "mail_outbox" set "status" = 'suppressed', "last_error" = null, "text" = '', "html" = '', "attachments" = null where "id" = ? and "status" = 'sending' and "attempts" = ?`,
        [mail.id, mail.attempts],
        'run',
      );
      if (affectedRows > 0) await recordDeliveryProblem(em, mail.id, reason, now);
      return affectedRows > 0;
    });
    if (!suppressed) return;
    logger.info({ mailId: mail.id, kind, reason }, 'Mail not sent: the address is on the suppression list');
    options.onProblem?.({ problem: reason, kind, suppressed: true });
  }

  async function suppressionFor(
    mail: ClaimedMail,
    kind: MailKind | null,
  ): Promise<{ scope: SuppressionScope; reason: MailProblem } | null> {
    const rows = await execute<{ scope: SuppressionScope; reason: MailProblem }[]>(
      `select "scope", "reason" from "mail_suppressions" where "address" = ?`,
      [suppressionKey(mail.to)],
    );
    return stoppingSuppression(rows, kind ? categoryOf(kind) : 'transactional');
  }

  /** The message as the mailer sends it: with its footer and one-click unsubscribe when it may be stopped. */
  function outgoing(mail: ClaimedMail, kind: MailKind | null): OutgoingMail {
    const message: OutgoingMail = {
      id: mail.id,
      to: mail.to,
      kind,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.senderName ? { senderName: mail.senderName } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
    };
    const category = kind ? categoryOf(kind) : 'transactional';
    if (category === 'transactional') return message;
    const unsubscribeUrl = options.lists.unsubscribeUrl(mail.to, category);
    return { ...withListFooter(message, { category, unsubscribeUrl, postalAddress: options.lists.postalAddress }), unsubscribeUrl };
  }

  async function deliver(mail: ClaimedMail): Promise<boolean> {
    // A message queued before kinds were recorded is taken as transactional.
    const kind = isMailKind(mail.kind) ? mail.kind : null;
    const suppression = await suppressionFor(mail, kind);
    if (suppression) {
      await markSuppressed(mail, suppression.reason, kind);
      return false;
    }
    try {
      await mailer.send(outgoing(mail, kind));
    } catch (error) {
      await markFailedAttempt(mail, error);
      return false;
    }
    await markSent(mail);
    return true;
  }

  let stopping = false;
  let running: Promise<number> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  // The providers' reports first, so a bounce reported a moment ago stops the next message to that address.
  async function applyEvents(): Promise<void> {
    for (const event of await applyMailEvents(orm, () => clock.now())) options.onProblem?.({ ...event, suppressed: false });
  }

  async function pass(): Promise<number> {
    await applyEvents();
    await failAbandoned();
    let sent = 0;
    const sendAll = async (batch: ClaimedMail[]) => {
      // Every send of the batch is seen through before a database failure ends the pass.
      const outcomes = await Promise.allSettled(batch.map(deliver));
      sent += outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value).length;
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failure) throw failure.reason;
    };
    while (!stopping) {
      const batch = await claim(false, batchSize);
      await sendAll(batch);
      if (batch.length < batchSize) break;
    }
    // The paced kinds last, and only so many a pass: the rest wait for the next.
    for (let left = pacedPerPass; left > 0 && !stopping; ) {
      const wanted = Math.min(batchSize, left);
      const batch = await claim(true, wanted);
      await sendAll(batch);
      left -= batch.length;
      if (batch.length < wanted) break;
    }
    return sent;
  }

  let following: Promise<number> | null = null;

  function startPass(): Promise<number> {
    running = pass().finally(() => {
      running = null;
    });
    return running;
  }

  // Passes never overlap within a process. A pass in progress may have claimed its batch before the
  // caller's message was queued, so a caller arriving mid-pass gets the next pass, shared with every
  // other caller that arrives before it starts.
  function drainOnce(): Promise<number> {
    if (!running) return startPass();
    following ??= running
      .catch(() => undefined)
      .then(() => {
        following = null;
        return running ?? startPass();
      });
    return following;
  }

  function schedule(): void {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = null;
      drainOnce()
        .catch((error: unknown) => logger.error({ err: { message: describeError(error) } }, 'Mail worker pass failed; trying again later'))
        .finally(schedule);
    }, intervalMs);
    timer.unref?.();
  }
  if (options.polling ?? true) schedule();

  return {
    drainOnce,
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      await following?.catch(() => undefined);
    },
  };
}

/**
 * What went wrong, for the log and last_error: the error's name and message, trimmed, with anything
 * shaped like an e-mail address blanked (a provider may quote the recipient back).
 */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]').slice(0, 500);
}
