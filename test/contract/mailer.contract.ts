import { beforeEach, describe, expect, it } from 'vitest';
import type { Mailer, OutgoingMail } from '@core/ports/mailer';

/** A message as its recipient's mail program reads it. */
export interface DeliveredMail {
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe's https address, and whether List-Unsubscribe-Post offers the one click (RFC 8058). */
  unsubscribe?: { url: string; oneClick: boolean };
  /** The files it carries, each byte for byte; absent when it carries none. */
  attachments?: { filename: string; contentType: string; content: string }[];
}

/** Every harness's sender. */
export const CONTRACT_SENDER = 'Mitzvah Gifts <gifts@mitzvahgifts.test>';
const sender = { name: 'Mitzvah Gifts', address: 'gifts@mitzvahgifts.test' };

/** A mailer, and a look at the other end: what it delivered, and a way to make delivery fail. */
export interface MailerHarness {
  mailer: Mailer;
  /** The messages delivered so far, as their recipient reads them. */
  delivered(): Promise<DeliveredMail[]>;
  /** The next send cannot be delivered: the provider is down, the outbox cannot be written. */
  failNextDelivery(): Promise<void>;
}

/** What the mail worker hands a mailer: a thank-you note in three scripts, with what trips encoders. */
const thankYouNote: OutgoingMail = {
  id: '5b0c2f0e-3a4d-4c1e-9f3a-2d6f1f0b9c11',
  kind: 'account',
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

    /** What the recipient should read of a message sent with the contract's sender. */
    const read = ({ to, replyTo, subject: title, text, html, senderName, unsubscribeUrl, attachments }: OutgoingMail): DeliveredMail => ({
      from: senderName ? { name: senderName, address: sender.address } : sender,
      to,
      ...(replyTo ? { replyTo } : {}),
      subject: title,
      text,
      html,
      ...(unsubscribeUrl ? { unsubscribe: { url: unsubscribeUrl, oneClick: true } } : {}),
      ...(attachments?.length ? { attachments: attachments.map((file) => ({ ...file })) } : {}),
    });

    it('delivers a message with its recipient, subject, text and HTML exactly as given, from the configured sender', async () => {
      await subject.mailer.send(thankYouNote);
      expect(await subject.delivered()).toEqual([read(thankYouNote)]);
    });

    it('puts a message’s own sender name before our address, whatever the name holds, and no header of its own', async () => {
      const names = [
        'The Cohen family via Mitzvah Gifts',
        'The Ben-David family via Mitzvah Gifts',
        'Noa "the kid" <noa@evil.example>, Bcc: x@evil.example via Mitzvah Gifts',
        'משפחת כהן via Mitzvah Gifts 🎉',
      ];
      const cards = names.map((senderName, index) => ({
        ...thankYouNote,
        id: `5b0c2f0e-3a4d-4c1e-9f3a-2d6f1f0b9c2${index}`,
        kind: 'thank-you-card' as const,
        to: `guest${index}@example.com`,
        senderName,
        replyTo: 'rachel@example.com',
      }));
      for (const card of cards) await subject.mailer.send(card);
      const delivered = await subject.delivered();
      for (const card of cards) expect(delivered.find((message) => message.to === card.to)).toEqual(read(card));
    });

    it('offers the one-click unsubscribe on a message that has one, and none on a transactional message', async () => {
      const reminder = {
        ...thankYouNote,
        kind: 'thank-you-reminder' as const,
        to: 'owner@example.com',
        unsubscribeUrl: 'https://gifts.example/api/unsubscribe/AbC-123_xyz',
      };
      await subject.mailer.send(reminder);
      await subject.mailer.send(thankYouNote);
      const delivered = await subject.delivered();
      expect(delivered.find((message) => message.to === reminder.to)).toEqual(read(reminder));
      expect(delivered.find((message) => message.to === thankYouNote.to)?.unsubscribe).toBeUndefined();
    });

    it('delivers the address a reply goes to, and none on a message that names none', async () => {
      const card = { ...thankYouNote, replyTo: 'rachel.cohen+family@example.com' };
      const receipt = { ...thankYouNote, to: 'dan@example.com', subject: 'Your receipt' };
      await subject.mailer.send(card);
      await subject.mailer.send(receipt);
      const delivered = await subject.delivered();
      expect(delivered.find((message) => message.to === card.to)).toEqual(read(card));
      const plain = delivered.find((message) => message.to === receipt.to);
      expect(plain).toEqual(read(receipt));
      expect(plain?.replyTo).toBeUndefined();
    });

    it('delivers a message’s attachment byte for byte, its CRLF line ends and non-ASCII text kept, and none on a message without', async () => {
      const event =
        'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nSUMMARY:Noa’s Bat Mitzvah\\, בת מצווה\r\nDESCRIPTION:Line one\\nline two\r\nEND:VCALENDAR\r\n';
      const invitation = {
        ...thankYouNote,
        kind: 'thank-you-card' as const,
        to: 'guest@example.com',
        attachments: [{ filename: 'invitation.ics', contentType: 'text/calendar', content: event }],
      };
      await subject.mailer.send(invitation);
      await subject.mailer.send(thankYouNote);
      const delivered = await subject.delivered();
      expect(delivered.find((message) => message.to === invitation.to)).toEqual(read(invitation));
      expect(delivered.find((message) => message.to === thankYouNote.to)?.attachments).toBeUndefined();
    });

    it('delivers each of several messages sent at once, each once', async () => {
      const messages = Array.from({ length: 6 }, (_, index) => ({
        ...thankYouNote,
        to: `guest${index}@example.com`,
        subject: `Thank you, guest ${index}`,
      }));
      await Promise.all(messages.map((message) => subject.mailer.send(message)));
      const bySubject = (a: { subject: string }, b: { subject: string }) => a.subject.localeCompare(b.subject);
      expect((await subject.delivered()).sort(bySubject)).toEqual(messages.map(read).sort(bySubject));
    });

    it('rejects a message it could not deliver, so the worker tries again later, and delivers nothing for it', async () => {
      await subject.failNextDelivery();
      await expect(subject.mailer.send(thankYouNote)).rejects.toBeInstanceOf(Error);
      expect(await subject.delivered()).toEqual([]);
    });
  });
}
