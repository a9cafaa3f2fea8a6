import type { MailMessage } from './mailer';

export interface QueuedMail extends MailMessage {
  /** One message per key, ever: enqueueing the same key again does nothing. */
  dedupeKey: string;
}

/**
 * E-mail to send later, durably: enqueued in the same transaction as the change that causes it, so
 * the gift and its receipt land together or not at all, and sent with retries by a worker, so a
 * provider outage delays mail but never loses it or holds up the gift.
 */
export interface MailQueue {
  enqueue(mail: QueuedMail): Promise<void>;
}
