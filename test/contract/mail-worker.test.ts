import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InMemoryMailer } from '../../adapters/in-memory/in-memory-mailer';
import { createLogger } from '../../adapters/http/logger';
import {
  createMailEventInbox,
  createMailQueue,
  DEFAULT_RETRY_DELAYS_MS,
  startMailWorker,
  type MailWorker,
  type MailWorkerLogger,
} from '../../adapters/persistence/mail-queue';
import { openOrm, type Orm } from '../../adapters/persistence/orm';
import type { Clock } from '@core/ports/clock';
import type { Mailer, OutgoingMail } from '@core/ports/mailer';
import { openTestDatabase, postgresUrl } from '../support/databases';
import { aQueuedMail } from './mail-queue.contract';

// pino's logger is what bootstrap passes: it must fit the worker's logger type.
const _pinoFits: MailWorkerLogger = createLogger('silent');

/** The one-click links and postal address the worker's footers carry. */
const TEST_LISTS = {
  unsubscribeUrl: (address: string, category: string) => `https://gifts.example/api/unsubscribe/${category}-${address}`,
  postalAddress: '1 Test Street, Springfield',
};

/** Real time plus an offset a test moves forward: the database stamps rows with its own now(). */
class MovableClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

class RecordingLogger implements MailWorkerLogger {
  readonly records: { level: string; details: object; message: string }[] = [];
  info(details: object, message: string) {
    this.records.push({ level: 'info', details, message });
  }
  warn(details: object, message: string) {
    this.records.push({ level: 'warn', details, message });
  }
  error(details: object, message: string) {
    this.records.push({ level: 'error', details, message });
  }
  get text(): string {
    return JSON.stringify(this.records);
  }
}

/** A mailer that takes a while, so that two workers' passes overlap. */
class SlowMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly ms: number,
  ) {}
  async send(message: OutgoingMail): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.ms));
    await this.inner.send(message);
  }
}

interface OutboxRow {
  dedupe_key: string;
  status: string;
  attempts: number;
  /** Raw timestamps, as the driver gives them to a plain query. */
  next_attempt_at: string;
  last_error: string | null;
  sent_at: string | null;
  text: string;
  html: string;
}

for (const kind of ['pglite', 'postgresql'] as const) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  if (kind === 'postgresql' && !postgresUrl) {
    describe(`mail worker on ${label}`, () => {
      it.skip('needs TEST_DATABASE_URL (CI sets it; see README)', () => undefined);
    });
    continue;
  }

  describe(`mail worker on ${label}`, () => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let orm: Orm;
    let mailer: InMemoryMailer;
    let logger: RecordingLogger;
    let clock: MovableClock;
    const workers: MailWorker[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      orm = database.orm;
    });
    afterAll(async () => {
      await database?.close();
    });
    beforeEach(async () => {
      await orm.em.fork().execute('truncate "mail_outbox", "mail_suppressions", "mail_events"');
      mailer = new InMemoryMailer();
      logger = new RecordingLogger();
      clock = new MovableClock();
    });
    afterEach(async () => {
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    });

    // Polling far apart: the tests drive each pass with drainOnce.
    function worker(options: { mailer?: Mailer; orm?: Orm; intervalMs?: number } = {}): MailWorker {
      const started = startMailWorker({
        orm: options.orm ?? orm,
        mailer: options.mailer ?? mailer,
        logger,
        clock,
        intervalMs: options.intervalMs ?? 3_600_000,
        lists: TEST_LISTS,
      });
      workers.push(started);
      return started;
    }
    const enqueue = (mails: ReturnType<typeof aQueuedMail>[]) =>
      orm.em.fork().transactional(async (em) => {
        const queue = createMailQueue(em);
        for (const mail of mails) await queue.enqueue(mail);
      });
    const rows = () => orm.em.fork().execute<OutboxRow[]>('select * from "mail_outbox" order by "dedupe_key"');

    it('adds the footer and one-click unsubscribe to mail that may be stopped, and neither to transactional mail', async () => {
      const reminder = aQueuedMail({
        kind: 'thank-you-reminder',
        text: 'A week ago…',
        html: '<html><body><p>A week ago…</p></body></html>',
      });
      const receipt = aQueuedMail();
      await enqueue([reminder, receipt]);
      expect(await worker().drainOnce()).toBe(2);
      const [sentReminder] = mailer.sentTo(reminder.to);
      expect(sentReminder?.unsubscribeUrl).toBe(`https://gifts.example/api/unsubscribe/reminders-${reminder.to}`);
      expect(sentReminder?.text).toContain(
        `A week ago…\n\n--\nYou receive this e-mail as Mitzvah Gifts’s reminders about thank-you cards.`,
      );
      expect(sentReminder?.text).toContain(
        `https://gifts.example/api/unsubscribe/reminders-${reminder.to}\nMitzvah Gifts, 1 Test Street, Springfield`,
      );
      expect(sentReminder?.html).toMatch(
        /<p>A week ago…<\/p><table[^]*Unsubscribe from these e-mails[^]*1 Test Street, Springfield[^]*<\/table><\/body><\/html>$/,
      );
      const [sentReceipt] = mailer.sentTo(receipt.to);
      expect(sentReceipt).not.toHaveProperty('unsubscribeUrl');
      expect(sentReceipt?.text).toBe(receipt.text);
    });

    it('sends a family’s invitations at a pace, after the other mail of each pass, so a receipt never waits behind a list', async () => {
      const invitations = Array.from({ length: 25 }, (_, index) =>
        aQueuedMail({
          kind: index % 5 === 0 ? 'guest-reminder' : 'guest-invitation',
          dedupeKey: `guest-invitation-${index}-${crypto.randomUUID()}`,
        }),
      );
      await enqueue(invitations);
      const receipts = Array.from({ length: 12 }, () => aQueuedMail());
      await enqueue(receipts);
      const paced = worker();
      // A pass sends every receipt (more than one batch of them), and at most 10 invitations, last.
      expect(await paced.drainOnce()).toBe(22);
      expect(mailer.sent.slice(0, 12).every((mail) => mail.kind === 'gift-receipt')).toBe(true);
      expect(mailer.sent.slice(12).every((mail) => mail.kind === 'guest-invitation' || mail.kind === 'guest-reminder')).toBe(true);
      // A receipt queued meanwhile goes at the next pass, ahead of the invitations still waiting.
      const late = aQueuedMail();
      await enqueue([late]);
      expect(await paced.drainOnce()).toBe(11);
      expect(mailer.sent[22]?.to).toBe(late.to);
      expect(await paced.drainOnce()).toBe(5);
      expect(await paced.drainOnce()).toBe(0);
      expect(new Set(mailer.sent.map((mail) => mail.to)).size).toBe(38);
    });

    it('sends nothing to a suppressed address the suppression covers, records why, and still sends what it does not cover', async () => {
      const address = 'Gone.Giver@Example.com';
      await orm.em
        .fork()
        .execute(
          `insert into "mail_suppressions" ("address", "scope", "reason") values ('gone.giver@example.com', 'non-transactional', 'spam-report')`,
        );
      const card = aQueuedMail({ to: address, kind: 'thank-you-card' });
      const receipt = aQueuedMail({ to: address });
      await enqueue([card, receipt]);
      expect(await worker().drainOnce()).toBe(1);
      expect(mailer.sent.map((mail) => mail.kind)).toEqual(['gift-receipt']);
      const stored = await orm.em
        .fork()
        .execute<{ status: string; delivery_problem: string | null; text: string }[]>(
          'select "status", "delivery_problem", "text" from "mail_outbox" where "dedupe_key" = ?',
          [card.dedupeKey],
        );
      expect(stored).toEqual([{ status: 'suppressed', delivery_problem: 'spam-report', text: '' }]);
      expect(logger.text).not.toContain('example.com');
    });

    it('applies a reported bounce before its next sends: the address then gets nothing, receipts included', async () => {
      const first = aQueuedMail();
      await enqueue([first]);
      expect(await worker().drainOnce()).toBe(1);
      const [sent] = await orm.em
        .fork()
        .execute<{ id: string }[]>('select "id" from "mail_outbox" where "dedupe_key" = ?', [first.dedupeKey]);
      const id = sent?.id ?? null;
      await createMailEventInbox(orm).record([
        { id: 'sendgrid:evt-1', problem: 'bounce', address: first.to, mailId: id, kind: null, occurredAt: new Date() },
      ]);
      // The same report again (a provider's retry) is stored once.
      expect(
        await createMailEventInbox(orm).record([
          { id: 'sendgrid:evt-1', problem: 'bounce', address: first.to, mailId: id, kind: null, occurredAt: new Date() },
        ]),
      ).toBe(0);
      const again = aQueuedMail({ to: first.to });
      await enqueue([again]);
      expect(await worker().drainOnce()).toBe(0);
      const outcome = await orm.em
        .fork()
        .execute<{ dedupe_key: string; status: string; delivery_problem: string | null }[]>(
          'select "dedupe_key", "status", "delivery_problem" from "mail_outbox" order by "created_at"',
        );
      expect(outcome.map(({ status, delivery_problem }) => [status, delivery_problem])).toEqual([
        ['sent', 'bounce'],
        ['suppressed', 'bounce'],
      ]);
      expect(await orm.em.fork().execute('select "scope", "reason" from "mail_suppressions"')).toEqual([
        { scope: 'all', reason: 'bounce' },
      ]);
    });

    it('hands the mailer the address a reply goes to, and none for a message that names none', async () => {
      const card = aQueuedMail({ replyTo: 'rachel@example.com' });
      const receipt = aQueuedMail();
      await enqueue([card, receipt]);
      expect(await worker().drainOnce()).toBe(2);
      expect(mailer.sentTo(card.to)).toEqual([
        {
          id: expect.any(String),
          kind: 'gift-receipt',
          to: card.to,
          replyTo: 'rachel@example.com',
          subject: card.subject,
          text: card.text,
          html: card.html,
        },
      ]);
      expect(mailer.sentTo(receipt.to)).toEqual([
        { id: expect.any(String), kind: 'gift-receipt', to: receipt.to, subject: receipt.subject, text: receipt.text, html: receipt.html },
      ]);
      expect(mailer.sentTo(receipt.to)[0]).not.toHaveProperty('replyTo');
    });

    it('hands the mailer a message’s attachments, and keeps none of them once it is sent', async () => {
      const attachments = [{ filename: 'invitation.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' }];
      const invitation = aQueuedMail({ attachments });
      await enqueue([invitation]);
      expect(await worker().drainOnce()).toBe(1);
      expect(mailer.sentTo(invitation.to)[0]?.attachments).toEqual(attachments);
      expect(await orm.em.fork().execute('select "attachments" from "mail_outbox"')).toEqual([{ attachments: null }]);
    });

    it('sends what was queued once, with its subject, text and HTML, and marks it sent', async () => {
      const mails = [
        aQueuedMail({ subject: 'Gift received 🎉', text: 'Todah!\nLine 2', html: '<p>Todah!</p>' }),
        aQueuedMail(),
        aQueuedMail(),
      ];
      await enqueue(mails);
      const mailWorker = worker();

      expect(await mailWorker.drainOnce()).toBe(3);
      expect(await mailWorker.drainOnce()).toBe(0);
      const sent = mailer.sent.map(({ to, subject, text, html }) => ({ to, subject, text, html }));
      expect(sent).toHaveLength(3);
      expect(sent).toEqual(expect.arrayContaining(mails.map(({ to, subject, text, html }) => ({ to, subject, text, html }))));
      for (const row of await rows()) {
        // Delivered, its body (which may hold a single-use link) is kept no longer.
        expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null, text: '', html: '' });
        expect(new Date(row.sent_at!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
    });

    it('sends a message queued while a pass is mid-send in the drain asked for after it', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow: Mailer = { send: async (message) => (await held, mailer.send(message)) };
      const first = aQueuedMail();
      await enqueue([first]);
      const mailWorker = worker({ mailer: slow });
      const inProgress = mailWorker.drainOnce();
      await vi.waitFor(async () => expect((await rows())[0]!.status).toBe('sending'));
      const late = aQueuedMail();
      await enqueue([late]);
      const drained = mailWorker.drainOnce();
      release();
      await Promise.all([inProgress, drained]);
      expect(mailer.sent.map((message) => message.to).sort()).toEqual([first.to, late.to].sort());
    });

    it('sends nothing that a rolled-back transaction queued', async () => {
      await orm.em
        .fork()
        .transactional(async (em) => {
          await createMailQueue(em).enqueue(aQueuedMail());
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await worker().drainOnce()).toBe(0);
      expect(mailer.sent).toEqual([]);
    });

    it('sends a message queued for one key twice only once, even after it was sent', async () => {
      const mail = aQueuedMail({ dedupeKey: 'gift-receipt:1' });
      await enqueue([mail, mail]);
      const mailWorker = worker();
      await mailWorker.drainOnce();
      await enqueue([{ ...mail, subject: 'Again' }]); // the same provider event, delivered again later
      clock.advance(24 * 3_600_000);
      await mailWorker.drainOnce();
      expect(mailer.sent.map((message) => message.subject)).toEqual([mail.subject]);
    });

    it('keeps mail through a provider outage, retries with backoff, and sends it once the provider is back', async () => {
      const mail = aQueuedMail();
      await enqueue([mail]);
      const mailWorker = worker();
      mailer.failWith(new Error(`SendGrid refused the message (HTTP 503) for ${mail.to}`));

      expect(await mailWorker.drainOnce()).toBe(0);
      let [row] = await rows();
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row!.last_error).toContain('HTTP 503');
      expect(row!.last_error).not.toContain(mail.to);
      expect(new Date(row!.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime() + DEFAULT_RETRY_DELAYS_MS[0]! - 5_000);

      // Not due yet: nothing is tried again straight away.
      expect(await mailWorker.drainOnce()).toBe(0);
      expect((await rows())[0]!.attempts).toBe(1);

      clock.advance(DEFAULT_RETRY_DELAYS_MS[0]!);
      expect(await mailWorker.drainOnce()).toBe(0);
      [row] = await rows();
      expect(row).toMatchObject({ status: 'queued', attempts: 2 });

      mailer.recover();
      clock.advance(DEFAULT_RETRY_DELAYS_MS[1]!);
      expect(await mailWorker.drainOnce()).toBe(1);
      expect(mailer.sent.map((message) => message.to)).toEqual([mail.to]);
      expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    });

    it('after five tries over about half an hour keeps the message as failed, does not try again, and logs no address or content', async () => {
      expect(DEFAULT_RETRY_DELAYS_MS.length + 1).toBe(5);
      const total = DEFAULT_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
      expect(total).toBeGreaterThanOrEqual(25 * 60_000);
      expect(total).toBeLessThanOrEqual(35 * 60_000);

      const mail = aQueuedMail({ subject: 'Secret subject', text: 'Secret body', html: '<p>Secret body</p>' });
      await enqueue([mail]);
      const mailWorker = worker();
      mailer.failWith(new Error('provider down'));
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await mailWorker.drainOnce();
        clock.advance(20 * 60_000);
      }
      expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 5, last_error: 'Error: provider down' });

      mailer.recover();
      clock.advance(24 * 3_600_000);
      expect(await mailWorker.drainOnce()).toBe(0);
      expect(mailer.sent).toEqual([]);
      expect((await rows())[0]).toMatchObject({ status: 'failed', attempts: 5 });

      expect(logger.records.filter((record) => record.level === 'warn')).toHaveLength(4);
      expect(logger.records.filter((record) => record.level === 'error')).toHaveLength(1);
      for (const secret of [mail.to, 'example.com', 'Secret']) expect(logger.text).not.toContain(secret);
    });

    it('takes up a message whose worker died mid-send once its lease runs out, and fails one that died on its last try', async () => {
      const orphan = aQueuedMail({ dedupeKey: 'a-orphan' });
      const lastTry = aQueuedMail({ dedupeKey: 'b-last-try' });
      await enqueue([orphan, lastTry]);
      await orm.em
        .fork()
        .execute(
          `update "mail_outbox" set "status" = 'sending', "attempts" = 1, "next_attempt_at" = now() + interval '5 minutes' where "dedupe_key" = 'a-orphan'`,
        );
      await orm.em
        .fork()
        .execute(
          `update "mail_outbox" set "status" = 'sending', "attempts" = 5, "next_attempt_at" = now() + interval '5 minutes' where "dedupe_key" = 'b-last-try'`,
        );
      const mailWorker = worker();

      expect(await mailWorker.drainOnce()).toBe(0); // still leased to the (dead) worker
      clock.advance(6 * 60_000);
      expect(await mailWorker.drainOnce()).toBe(1);
      expect(mailer.sent.map((message) => message.to)).toEqual([orphan.to]);
      expect(await rows()).toMatchObject([
        { dedupe_key: 'a-orphan', status: 'sent', attempts: 2 },
        { dedupe_key: 'b-last-try', status: 'failed', attempts: 5 },
      ]);
    });

    it('with two workers draining at once (two processes), sends every message exactly once', async () => {
      const mails = Array.from({ length: 40 }, () => aQueuedMail());
      await enqueue(mails);
      // On PostgreSQL the second worker runs on an ORM of its own, as another server process would.
      const secondOrm = kind === 'postgresql' ? await openOrm({ kind: 'postgresql', url: String(orm.config.get('clientUrl')) }) : orm;
      try {
        const first = worker({ mailer: new SlowMailer(mailer, 5) });
        const second = worker({ mailer: new SlowMailer(mailer, 5), orm: secondOrm });
        const counts = await Promise.all([first.drainOnce(), second.drainOnce()]);
        expect(counts[0]! + counts[1]!).toBe(40);
        if (kind === 'postgresql') expect(counts[0]! > 0 && counts[1]! > 0).toBe(true);
        expect(await Promise.all([first.drainOnce(), second.drainOnce()])).toEqual([0, 0]);
      } finally {
        if (secondOrm !== orm) {
          await Promise.all(workers.splice(0).map((started) => started.stop()));
          await secondOrm.close(true);
        }
      }
      expect(mailer.sent).toHaveLength(40);
      expect(new Set(mailer.sent.map((message) => message.to)).size).toBe(40);
      expect((await rows()).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
    });

    it('never holds up the caller: queueing works while the provider is down, and the worker only reports it', async () => {
      mailer.failWith();
      const mails = Array.from({ length: 3 }, () => aQueuedMail());
      await enqueue(mails);
      expect(await worker().drainOnce()).toBe(0);
      expect((await rows()).map((row) => row.status)).toEqual(['queued', 'queued', 'queued']);
    });

    it('polls on its own and stops cleanly', async () => {
      const mailWorker = worker({ intervalMs: 20 });
      const mail = aQueuedMail();
      await enqueue([mail]);
      await expect.poll(() => mailer.sent.length, { timeout: 5_000 }).toBe(1);
      await mailWorker.stop();
      await enqueue([aQueuedMail()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(mailer.sent).toHaveLength(1);
    });
  });
}
