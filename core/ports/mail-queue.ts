import { oneLineText } from '../control-characters';
import { isMailKind } from '../model/mail-kinds';
import type { MailMessage } from './mailer';

export interface QueuedMail extends MailMessage {
  /**
   * One message per key: enqueueing the same key again does nothing while the first is kept (a
   * sent one is kept for 30 days, far longer than any retry that could enqueue it again).
   */
  dedupeKey: string;
  /**
   * The thank-you note the message carries: if it cannot be delivered (the address is suppressed,
   * or the provider reports a bounce), the note shows the family "Not delivered".
   */
  thankYouNoteId?: string;
}

/**
 * E-mail to send later, durably: enqueued in the same transaction as the change that causes it, so
 * the gift and its receipt land together or not at all, and sent with retries by a worker, so a
 * provider outage delays mail but never loses it or holds up the gift.
 */
export interface MailQueue {
  enqueue(mail: QueuedMail): Promise<void>;
}

const MAX_DEDUPE_KEY_LENGTH = 255;
const MAX_ADDRESS_LENGTH = 320;
const MAX_SENDER_NAME_LENGTH = 200;
/** An invitation's calendar event is about a kilobyte; the outbox row is no place for a large file. */
const MAX_ATTACHMENTS_LENGTH = 64 * 1024;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const MEDIA_TYPE = /^[a-z]+\/[a-z0-9.+-]+$/;
/** One bare address (local@domain): no name, no list, no white space or line break, nothing a header could be split on. */
const BARE_ADDRESS = /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+$/;

/**
 * What every MailQueue does first at enqueue: checks (below), and drops NUL characters, which
 * PostgreSQL text cannot hold and no mail needs (a guest's pasted message could carry one, and it
 * must not fail the gift it is a receipt for). The subject quotes names, some stored before names
 * refused them: it is made one line with no control or direction characters, so no name can
 * split the header or show the subject reversed.
 */
export function prepareQueuedMail(mail: QueuedMail): QueuedMail {
  checkQueuedMail(mail);
  const clean = (text: string) => text.replaceAll('\u0000', '');
  return {
    dedupeKey: mail.dedupeKey,
    to: mail.to,
    kind: mail.kind,
    ...(mail.replyTo === undefined ? {} : { replyTo: mail.replyTo }),
    ...(mail.senderName === undefined ? {} : { senderName: oneLineText(mail.senderName) }),
    ...(mail.thankYouNoteId === undefined ? {} : { thankYouNoteId: mail.thankYouNoteId }),
    ...(mail.attachments === undefined ? {} : { attachments: mail.attachments.map((file) => ({ ...file, content: clean(file.content) })) }),
    subject: oneLineText(mail.subject),
    text: clean(mail.text),
    html: clean(mail.html),
  };
}

/**
 * What every MailQueue checks at enqueue (the in-memory fake too): mistakes in the calling code that
 * the outbox could never store or send, caught at once rather than hours later by the worker.
 */
function checkQueuedMail(mail: QueuedMail): void {
  if (!mail.dedupeKey || mail.dedupeKey.length > MAX_DEDUPE_KEY_LENGTH) {
    throw new RangeError(`A queued mail needs a dedupe key of 1 to ${MAX_DEDUPE_KEY_LENGTH} characters`);
  }
  if (!mail.to || mail.to.length > MAX_ADDRESS_LENGTH || /[\r\n]/.test(mail.to)) {
    throw new RangeError(`A queued mail needs one recipient address of at most ${MAX_ADDRESS_LENGTH} characters on one line`);
  }
  if (!isMailKind(mail.kind)) throw new RangeError(`A queued mail needs one of the known kinds (got ${String(mail.kind)})`);
  if (mail.senderName !== undefined && (mail.senderName.length === 0 || mail.senderName.length > MAX_SENDER_NAME_LENGTH)) {
    throw new RangeError(`A queued mail's sender name must be 1 to ${MAX_SENDER_NAME_LENGTH} characters`);
  }
  if (mail.replyTo !== undefined && (mail.replyTo.length > MAX_ADDRESS_LENGTH || !BARE_ADDRESS.test(mail.replyTo))) {
    throw new RangeError(`A queued mail's reply-to must be one address of at most ${MAX_ADDRESS_LENGTH} characters on one line`);
  }
  if (mail.attachments !== undefined) {
    if (mail.attachments.some((file) => !FILE_NAME.test(file.filename) || !MEDIA_TYPE.test(file.contentType))) {
      throw new RangeError("A queued mail's attachment needs a plain file name and a bare media type");
    }
    if (mail.attachments.reduce((sum, file) => sum + file.content.length, 0) > MAX_ATTACHMENTS_LENGTH) {
      throw new RangeError(`A queued mail's attachments may hold at most ${MAX_ATTACHMENTS_LENGTH} characters`);
    }
  }
}
