import { beforeEach, describe, expect, it } from 'vitest';
import type { MailQueue, QueuedMail } from '@core/ports/mail-queue';

export interface MailQueueUnderTest {
  /** Runs work in one transaction with a queue bound to it; a throw rolls it back. */
  transaction<T>(work: (queue: MailQueue) => Promise<T>): Promise<T>;
  /** A queue outside any transaction. */
  queue: MailQueue;
  /** Everything queued (committed), in any order. */
  queued(): Promise<QueuedMail[]>;
}

export function aQueuedMail(overrides: Partial<QueuedMail> = {}): QueuedMail {
  const id = crypto.randomUUID();
  return {
    dedupeKey: `gift-receipt:${id}`,
    kind: 'gift-receipt',
    to: `guest-${id.slice(0, 8)}@example.com`,
    subject: 'Thank you for your gift',
    text: 'Thank you!',
    html: '<p>Thank you!</p>',
    ...overrides,
  };
}

const byKey = (mails: QueuedMail[]) => [...mails].sort((a, b) => a.dedupeKey.localeCompare(b.dedupeKey));

/** One contract for every MailQueue: the in-memory fake and the outbox on PGlite and PostgreSQL. */
export function mailQueueContract(name: string, factory: () => Promise<MailQueueUnderTest>): void {
  describe(`mail queue: ${name}`, () => {
    let subject: MailQueueUnderTest;
    beforeEach(async () => {
      subject = await factory();
    });

    it('keeps what a committed transaction queued, exactly as given', async () => {
      const mail = aQueuedMail({
        subject: "Todah rabah? It’s “Noa’s” day — 🎉 $1 ? \\ ' ; --",
        text: 'Line one\nLine two with ? and $1 and \\n',
        html: '<p class="x">Ä ש 🎉 \'quoted\'</p>',
      });
      await subject.transaction((queue) => queue.enqueue(mail));
      expect(await subject.queued()).toEqual([mail]);
    });

    it('keeps the address a reply goes to, and none on a message that names none', async () => {
      const card = aQueuedMail({ replyTo: 'rachel.cohen+family@example.com' });
      const receipt = aQueuedMail();
      await subject.transaction(async (queue) => {
        await queue.enqueue(card);
        await queue.enqueue(receipt);
      });
      expect(byKey(await subject.queued())).toEqual(byKey([card, receipt]));
      expect((await subject.queued()).find((mail) => mail.dedupeKey === receipt.dedupeKey)).not.toHaveProperty('replyTo');
    });

    it('keeps a message’s attachments exactly as given, and none on a message without', async () => {
      const event = 'BEGIN:VCALENDAR\r\nSUMMARY:Noa’s Bat Mitzvah\\, 🎉\r\nEND:VCALENDAR\r\n';
      const invitation = aQueuedMail({ attachments: [{ filename: 'invitation.ics', contentType: 'text/calendar', content: event }] });
      const receipt = aQueuedMail();
      await subject.transaction(async (queue) => {
        await queue.enqueue(invitation);
        await queue.enqueue(receipt);
      });
      expect(byKey(await subject.queued())).toEqual(byKey([invitation, receipt]));
    });

    it('refuses an attachment with a file name that is a path or a media type with parameters', async () => {
      const file = { filename: 'invitation.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' };
      await expect(subject.queue.enqueue(aQueuedMail({ attachments: [{ ...file, filename: '../etc/passwd' }] }))).rejects.toThrow(
        RangeError,
      );
      await expect(
        subject.queue.enqueue(aQueuedMail({ attachments: [{ ...file, contentType: 'text/calendar; x="\r\nBcc: a@b.c"' }] })),
      ).rejects.toThrow(RangeError);
      expect(await subject.queued()).toEqual([]);
    });

    it('queues outside a transaction too', async () => {
      const mail = aQueuedMail();
      await subject.queue.enqueue(mail);
      expect(await subject.queued()).toEqual([mail]);
    });

    it('keeps nothing a rolled-back transaction queued', async () => {
      const outcome = await subject
        .transaction(async (queue) => {
          await queue.enqueue(aQueuedMail());
          throw new Error('the gift could not be recorded');
        })
        .catch((error: Error) => error.message);
      expect(outcome).toBe('the gift could not be recorded');
      expect(await subject.queued()).toEqual([]);
    });

    it('queues one message per dedupe key, ever: the first one stays', async () => {
      const first = aQueuedMail({ dedupeKey: 'gift-receipt:42', subject: 'First' });
      await subject.transaction((queue) => queue.enqueue(first));
      await subject.transaction((queue) => queue.enqueue({ ...first, subject: 'Second' }));
      await subject.queue.enqueue({ ...first, subject: 'Third' });
      await subject.transaction(async (queue) => {
        await queue.enqueue({ ...first, subject: 'Fourth' });
        await queue.enqueue({ ...first, subject: 'Fifth' });
      });
      expect(await subject.queued()).toEqual([first]);
    });

    it('queues one message when the same event is handled many times at once', async () => {
      const mail = aQueuedMail({ dedupeKey: 'gift-receipt:parallel' });
      const others = Array.from({ length: 3 }, () => aQueuedMail());
      await Promise.all([
        ...Array.from({ length: 12 }, (_, index) =>
          subject.transaction((queue) => queue.enqueue({ ...mail, subject: `Attempt ${index}` })),
        ),
        ...others.map((other) => subject.transaction((queue) => queue.enqueue(other))),
      ]);
      const queued = await subject.queued();
      expect(queued).toHaveLength(4);
      expect(queued.filter((item) => item.dedupeKey === mail.dedupeKey)).toHaveLength(1);
      expect(byKey(queued.filter((item) => item.dedupeKey !== mail.dedupeKey))).toEqual(byKey(others));
    });

    it('lets a key be queued again when the transaction that first queued it rolled back', async () => {
      const mail = aQueuedMail({ dedupeKey: 'gift-receipt:retry' });
      const failed = subject
        .transaction(async (queue) => {
          await queue.enqueue({ ...mail, subject: 'Rolled back' });
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 10));
      // On PostgreSQL this waits on the first transaction's key, then inserts once it rolls back.
      await subject.transaction((queue) => queue.enqueue(mail));
      await failed;
      expect(await subject.queued()).toEqual([mail]);
    });

    it('drops NUL characters (PostgreSQL text cannot hold them) rather than failing the transaction', async () => {
      const mail = aQueuedMail({ subject: 'Hi\u0000 there', text: 'A pasted\u0000 message', html: '<p>\u0000x</p>' });
      await subject.transaction((queue) => queue.enqueue(mail));
      expect(await subject.queued()).toEqual([{ ...mail, subject: 'Hi there', text: 'A pasted message', html: '<p>x</p>' }]);
    });

    it('refuses a message it could never store or send: no key, a too-long key, a recipient with a line break', async () => {
      await expect(subject.queue.enqueue(aQueuedMail({ dedupeKey: '' }))).rejects.toThrow(/dedupe key/);
      await expect(subject.queue.enqueue(aQueuedMail({ dedupeKey: 'k'.repeat(256) }))).rejects.toThrow(/dedupe key/);
      await expect(subject.queue.enqueue(aQueuedMail({ to: 'a@example.com\r\nBcc: b@example.com' }))).rejects.toThrow(/recipient/);
      expect(await subject.queued()).toEqual([]);
    });

    it('refuses a reply-to that is not one address on one line of at most 320 characters', async () => {
      for (const replyTo of [
        '',
        'owner@example.com\r\nBcc: b@example.com',
        'owner@example.com\nX-Spam: yes',
        'a@example.com, b@example.com',
        'a@example.com; b@example.com',
        'Rachel <owner@example.com>',
        'not an address',
        'nobody',
        `${'a'.repeat(310)}@example.com`,
      ]) {
        await expect(subject.queue.enqueue(aQueuedMail({ replyTo })), JSON.stringify(replyTo)).rejects.toThrow(/reply-to/);
      }
      const longest = aQueuedMail({ replyTo: `${'a'.repeat(308)}@example.com` });
      await subject.queue.enqueue(longest);
      expect(await subject.queued()).toEqual([longest]);
    });
  });
}
