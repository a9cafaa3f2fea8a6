import type { MailKind } from '../model/mail-kinds';

/**
 * A file a message carries: text only (a calendar event), small, so it is kept in the outbox row
 * with the message and blanked with its body once sent.
 */
export interface MailAttachment {
  filename: string;
  /** The bare media type, such as text/calendar. */
  contentType: string;
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Where a reply goes, when not to the sender: the family's own address on a thank-you card, the
   * support address on receipts and payout e-mails. One bare address; absent, replies go to the sender.
   */
  replyTo?: string;
  /** What the message is (core/model/mail-kinds.ts): whether it may be stopped, and by which opt-out. */
  kind: MailKind;
  /**
   * For a message written on someone's behalf, the name before our own address in From ("The Cohen
   * family via Mitzvah Gifts"); absent, the configured sender's name. Plain text: the mailer encodes it.
   */
  senderName?: string;
  /** Files the message carries (an invitation's calendar event); absent, none. */
  attachments?: readonly MailAttachment[];
}

/** A message as the mail worker hands it over; a message queued before kinds were recorded has none (transactional). */
export interface OutgoingMail extends Omit<MailMessage, 'kind'> {
  kind: MailKind | null;
  /** The queued message's id, given to the provider so that its delivery events name the message. */
  id: string;
  /**
   * For mail that is not transactional: the one-click unsubscribe address (List-Unsubscribe with
   * List-Unsubscribe-Post, RFC 8058), also linked in the message's footer.
   */
  unsubscribeUrl?: string;
}

/** Sends e-mail: SendGrid when configured, a local outbox of .eml files otherwise. */
export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}
