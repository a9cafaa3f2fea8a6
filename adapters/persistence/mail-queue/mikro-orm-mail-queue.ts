import type { SqlEntityManager } from '@mikro-orm/sql';
import { prepareQueuedMail, type MailQueue, type QueuedMail } from '@core/ports/mail-queue';

/**
 * The mail queue on our own database (a transactional outbox): enqueue inserts one mail_outbox row
 * through the caller's EntityManager, so inside a unit of work the message commits or rolls back
 * with the change that caused it. The unique dedupe key makes a second enqueue of the same key a
 * no-op across processes for as long as the row is kept (see purgeSentMail): a concurrent insert
 * of the same key waits for the first transaction and then does nothing (or inserts, if that one
 * rolled back).
 */
export class MikroOrmMailQueue implements MailQueue {
  constructor(private readonly em: () => SqlEntityManager) {}

  async enqueue(queued: QueuedMail): Promise<void> {
    const mail = prepareQueuedMail(queued);
    await this.em().execute(
      `insert into "mail_outbox" ("dedupe_key", "to", "reply_to", "kind", "sender_name", "thank_you_note_id", "subject", "text", "html", "attachments") values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb)
       on conflict ("dedupe_key") do nothing`,
      [
        mail.dedupeKey,
        mail.to,
        mail.replyTo ?? null,
        mail.kind,
        mail.senderName ?? null,
        mail.thankYouNoteId ?? null,
        mail.subject,
        mail.text,
        mail.html,
        mail.attachments ? JSON.stringify(mail.attachments) : null,
      ],
      'run',
    );
  }
}

/**
 * A queue on this EntityManager (inside a unit of work: the transaction's own, so the message
 * commits with it), or on an EntityManagerSource such as the repositories take.
 */
export function createMailQueue(em: SqlEntityManager | (() => SqlEntityManager)): MailQueue {
  return new MikroOrmMailQueue(typeof em === 'function' ? em : () => em);
}
