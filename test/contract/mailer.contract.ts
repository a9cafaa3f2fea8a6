import { beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '@core/ports/mailer';

/** A mailer, and a look at the other end: what it delivered, and a way to make delivery fail. */
export interface MailerHarness {
  mailer: Mailer;
  /** The messages delivered so far, as their recipient reads them. */
  delivered(): Promise<MailMessage[]>;
  /** The next send cannot be delivered: the provider is down, the outbox cannot be written. */
  failNextDelivery(): Promise<void>;
}

/** What the mail worker hands a mailer: a thank-you note in three scripts, with what trips encoders. */
const thankYouNote: MailMessage = {
  to: 'sarah.levi@example.com',
  subject: 'Todah rabah! 🎉 A thank-you note from Noa’s Bat Mitzvah — תודה רבה from the whole Cohen family',
  text: [
    'Shalom Sarah,',
    '',
    'Thank you for your gift of $180.00 = 10 × chai. ',
    'From the family, with love.',
    '.',
    `${'A line longer than any mail line may be, '.repeat(4)}still one line.`,
    'תודה רבה',
  ].join('\n'),
  html: '<p style="margin:0">Shalom Sarah,</p>\n<p>Thank you for your gift of <b>$180.00</b> — תודה רבה 🎉</p>\n<a href="https://gifts.example/r/k7m2q9xz?from=note&amp;x=1">Noa’s registry</a>',
};

/**
 * What every mailer promises the mail worker (core/ports/mailer.ts), run against the in-memory fake,
 * the local outbox and SendGrid (over MSW) alike.
 */
export function mailerContract(name: string, factory: () => Promise<MailerHarness>): void {
  describe(`mailer: ${name}`, () => {
    let subject: MailerHarness;
    beforeEach(async () => {
      subject = await factory();
    });

    it('delivers a message with its recipient, subject, text and HTML exactly as given', async () => {
      await subject.mailer.send(thankYouNote);
      expect(await subject.delivered()).toEqual([thankYouNote]);
    });

    it('delivers the address a reply goes to, and none on a message that names none', async () => {
      const card = { ...thankYouNote, replyTo: 'rachel.cohen+family@example.com' };
      const receipt = { ...thankYouNote, to: 'dan@example.com', subject: 'Your receipt' };
      await subject.mailer.send(card);
      await subject.mailer.send(receipt);
      const delivered = await subject.delivered();
      expect(delivered.find((message) => message.to === card.to)).toEqual(card);
      const plain = delivered.find((message) => message.to === receipt.to);
      expect(plain).toEqual(receipt);
      expect(plain?.replyTo).toBeUndefined();
    });

    it('delivers each of several messages sent at once, each once', async () => {
      const messages = Array.from({ length: 6 }, (_, index) => ({ ...thankYouNote, to: `guest${index}@example.com`, subject: `Thank you, guest ${index}` }));
      await Promise.all(messages.map((message) => subject.mailer.send(message)));
      const bySubject = (a: MailMessage, b: MailMessage) => a.subject.localeCompare(b.subject);
      expect((await subject.delivered()).sort(bySubject)).toEqual(messages.sort(bySubject));
    });

    it('rejects a message it could not deliver, so the worker tries again later, and delivers nothing for it', async () => {
      await subject.failNextDelivery();
      await expect(subject.mailer.send(thankYouNote)).rejects.toBeInstanceOf(Error);
      expect(await subject.delivered()).toEqual([]);
    });
  });
}
