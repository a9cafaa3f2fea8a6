import { EntitySchema } from '@mikro-orm/core';
import type { MailKind } from '@core/model/mail-kinds';
import type { MailAttachment } from '@core/ports/mailer';
import type { MailProblem } from '@core/model/suppression';

/**
 * queued: waiting for its next attempt; sending: claimed by a worker until next_attempt_at (a
 * lease: if that worker dies, another takes the message up after it); sent; failed: out of tries,
 * kept for an operator; suppressed: not sent, since the address is on the suppression list for
 * messages of its kind (delivery_problem says why).
 */
export type MailOutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'suppressed';

/** E-mail waiting to be sent (the transactional outbox of the mail queue). */
export interface MailOutboxRow {
  id: string;
  dedupeKey: string;
  to: string;
  /** Where a reply goes (one bare address), or null: to the sender. */
  replyTo: string | null;
  /** What the message is (core/model/mail-kinds.ts); null for a message queued before kinds were recorded, taken as transactional. */
  kind: MailKind | null;
  /** The From name of a message written on someone's behalf, or null: the configured sender's. */
  senderName: string | null;
  /** The thank-you note the message carries, whose family is told when it is not delivered. */
  thankYouNoteId: string | null;
  subject: string;
  text: string;
  html: string;
  /** The files the message carries (an invitation's calendar event), or null; blanked with the body once sent. */
  attachments: MailAttachment[] | null;
  status: MailOutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** Why it did not reach the mailbox: suppressed before sending, or bounced, dropped or reported after. */
  deliveryProblem: MailProblem | null;
  deliveryProblemAt: Date | null;
}

export const MailOutboxEntity = new EntitySchema<MailOutboxRow>({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  indexes: [
    { name: 'mail_outbox_status_next_attempt_at_index', properties: ['status', 'nextAttemptAt'] },
    { name: 'mail_outbox_thank_you_note_id_index', properties: ['thankYouNoteId'] },
  ],
  checks: [{ name: 'mail_outbox_status_check', expression: `"status" in ('queued', 'sending', 'sent', 'failed', 'suppressed')` }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    dedupeKey: { type: 'string', length: 255, unique: 'mail_outbox_dedupe_key_unique' },
    to: { type: 'string', length: 320 },
    replyTo: { type: 'string', length: 320, nullable: true },
    kind: { type: 'string', length: 30, nullable: true },
    senderName: { type: 'string', length: 200, nullable: true },
    thankYouNoteId: { type: 'uuid', nullable: true },
    subject: { type: 'text' },
    text: { type: 'text' },
    html: { type: 'text' },
    attachments: { type: 'json', nullable: true },
    status: { type: 'string', length: 10, default: 'queued' },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'datetime', defaultRaw: 'now()' },
    lastError: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    sentAt: { type: 'datetime', nullable: true },
    deliveryProblem: { type: 'string', length: 20, nullable: true },
    deliveryProblemAt: { type: 'datetime', nullable: true },
  },
});
