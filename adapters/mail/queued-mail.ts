import type { QueuedMail } from '../../core/ports/mail-queue';

export const MAX_DEDUPE_KEY_LENGTH = 255;
export const MAX_ADDRESS_LENGTH = 320;

/**
 * What every MailQueue does first at enqueue: checks (below), and drops NUL characters, which
 * PostgreSQL text cannot hold and no mail needs (a guest's pasted message could carry one, and it
 * must not fail the gift it is a receipt for).
 */
export function prepareQueuedMail(mail: QueuedMail): QueuedMail {
  checkQueuedMail(mail);
  const clean = (text: string) => text.replaceAll('\u0000', '');
  return { dedupeKey: mail.dedupeKey, to: mail.to, subject: clean(mail.subject), text: clean(mail.text), html: clean(mail.html) };
}

/**
 * What every MailQueue checks at enqueue (the in-memory fake too): mistakes in the calling code that
 * the outbox could never store or send, caught at once rather than hours later by the worker.
 */
export function checkQueuedMail(mail: QueuedMail): void {
  if (!mail.dedupeKey || mail.dedupeKey.length > MAX_DEDUPE_KEY_LENGTH) {
    throw new RangeError(`A queued mail needs a dedupe key of 1 to ${MAX_DEDUPE_KEY_LENGTH} characters`);
  }
  if (!mail.to || mail.to.length > MAX_ADDRESS_LENGTH || /[\r\n]/.test(mail.to)) {
    throw new RangeError(`A queued mail needs one recipient address of at most ${MAX_ADDRESS_LENGTH} characters on one line`);
  }
}
