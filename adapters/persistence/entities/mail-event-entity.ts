import { EntitySchema } from '@mikro-orm/core';
import type { MailKind } from '@core/mail/mail-kinds';
import { MAIL_PROBLEMS, type MailProblem } from '@core/mail/suppression';
import { oneOf } from './one-of-check';

/**
 * A mail provider's report of a problem with an address (SendGrid's Event Webhook, or the local
 * outbox's test addresses), kept as received: the webhook stores it and answers, and the mail
 * worker applies it (processed_at) before its next sends. The id is the provider's event id
 * (sg_event_id), so a report delivered twice is stored once.
 */
export interface MailEventRow {
  id: string;
  problem: MailProblem;
  address: string;
  /** The queued message it is about, when the provider echoed our id back. */
  mailId: string | null;
  kind: MailKind | null;
  occurredAt: Date;
  receivedAt: Date;
  processedAt: Date | null;
}

export const MailEventEntity = new EntitySchema<MailEventRow>({
  name: 'MailEvent',
  tableName: 'mail_events',
  indexes: [{ name: 'mail_events_received_at_index', properties: ['receivedAt'] }],
  checks: [{ name: 'mail_events_problem_check', expression: oneOf('problem', MAIL_PROBLEMS) }],
  properties: {
    id: { type: 'string', length: 100, primary: true },
    problem: { type: 'string', length: 20 },
    address: { type: 'string', length: 320 },
    mailId: { type: 'uuid', nullable: true },
    kind: { type: 'string', length: 30, nullable: true },
    occurredAt: { type: 'datetime' },
    receivedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    processedAt: { type: 'datetime', nullable: true },
  },
});
