import { EntitySchema } from '@mikro-orm/core';
import { MAIL_PROBLEMS } from '@core/model/suppression';
import type { MailEvent } from '@core/ports/mail-events';
import { oneOf } from './one-of-check';

/**
 * A mail provider's report of a problem with an address (SendGrid's Event Webhook, or the local
 * outbox's test addresses), kept as received: the webhook stores it and answers, and the mail
 * worker applies it (processed_at) before its next sends. The id is the provider's event id
 * (sg_event_id), so a report delivered twice is stored once.
 */
export interface MailEventRow extends MailEvent {
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
