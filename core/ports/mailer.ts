export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail: SendGrid when configured, a local outbox of .eml files otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
