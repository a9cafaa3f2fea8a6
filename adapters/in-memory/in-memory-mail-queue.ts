import { prepareQueuedMail, type MailQueue, type QueuedMail } from '@core/ports/mail-queue';

/**
 * Records queued mail, one message per dedupe key, ever. Its rows live in a Map named `rows` like
 * the other in-memory tables, so an in-memory unit of work can snapshot and restore it with them
 * (a rolled-back transaction then leaves nothing queued). For tests only.
 */
export class InMemoryMailQueue implements MailQueue {
  rows = new Map<string, QueuedMail>();

  async enqueue(queued: QueuedMail): Promise<void> {
    const mail = prepareQueuedMail(queued);
    if (!this.rows.has(mail.dedupeKey)) this.rows.set(mail.dedupeKey, mail);
  }

  /** In the order they were queued. */
  get queued(): QueuedMail[] {
    return [...this.rows.values()].map((mail) => structuredClone(mail));
  }
}
