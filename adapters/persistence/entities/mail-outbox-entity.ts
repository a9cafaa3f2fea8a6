import { EntitySchema } from '@mikro-orm/core';

/**
 * queued: waiting for its next attempt; sending: claimed by a worker until next_attempt_at (a
 * lease: if that worker dies, another takes the message up after it); sent; failed: out of tries,
 * kept for an operator.
 */
export type MailOutboxStatus = 'queued' | 'sending' | 'sent' | 'failed';

/** E-mail waiting to be sent (the transactional outbox of the mail queue). */
export interface MailOutboxRow {
  id: string;
  dedupeKey: string;
  to: string;
  /** Where a reply goes (one bare address), or null: to the sender. */
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  status: MailOutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export const MailOutboxEntity = new EntitySchema<MailOutboxRow>({
  name: 'MailOutbox',
  tableName: 'mail_outbox',
  indexes: [{ name: 'mail_outbox_status_next_attempt_at_index', properties: ['status', 'nextAttemptAt'] }],
  checks: [{ name: 'mail_outbox_status_check', expression: `"status" in ('queued', 'sending', 'sent', 'failed')` }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    dedupeKey: { type: 'string', length: 255, unique: 'mail_outbox_dedupe_key_unique' },
    to: { type: 'string', length: 320 },
    replyTo: { type: 'string', length: 320, nullable: true },
    subject: { type: 'text' },
    text: { type: 'text' },
    html: { type: 'text' },
    status: { type: 'string', length: 10, default: 'queued' },
    attempts: { type: 'integer', default: 0 },
    nextAttemptAt: { type: 'datetime', defaultRaw: 'now()' },
    lastError: { type: 'text', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    sentAt: { type: 'datetime', nullable: true },
  },
});
