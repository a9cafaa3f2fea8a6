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
}

/** Sends e-mail: SendGrid when configured, a local outbox of .eml files otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
