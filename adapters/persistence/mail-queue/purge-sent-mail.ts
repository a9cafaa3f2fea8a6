import { deleteInBatches } from '../batched-delete';
import type { Orm } from '../orm';

/**
 * Deletes the record of messages sent (or suppressed) before a moment: to whom, the subject and
 * when; their bodies went at delivery. Messages still queued, being sent or failed are kept,
 * whatever their age.
 */
export function purgeSentMail(orm: Orm, sentBefore: Date): Promise<number> {
  return deleteInBatches(orm, {
    table: 'mail_outbox',
    key: 'id',
    where: `(("status" = 'sent' and "sent_at" < ?::timestamptz) or ("status" = 'suppressed' and "delivery_problem_at" < ?::timestamptz))`,
    params: [sentBefore.toISOString(), sentBefore.toISOString()],
  });
}
