import { MailService } from '@sendgrid/mail';
import type { Mailer, OutgoingMail } from '@core/ports/mailer';
import { parseSender, senderOf, type SenderAddress } from './sender-address';

export interface SendGridMailerOptions {
  apiKey: string;
  /** The verified sender, "Name <address>" or a bare address. */
  from: string;
  /** How long to wait for SendGrid before giving up on one message (10 s unless told). */
  timeoutMs?: number;
}

/** Why SendGrid did not take a message: the HTTP status if it answered, never the key or the message. */
export class SendGridError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'SendGridError';
  }
}

/**
 * Sends through SendGrid's v3 mail/send API with the official SDK, on a client of its own (not the
 * SDK's shared singleton) with a timeout. Click and open tracking are off: links in a family's
 * e-mail stay the links we wrote, and nobody is tracked opening a thank-you note. SendGrid's own
 * subscription tracking stays off too: our List-Unsubscribe and footer are the opt-out.
 */
export class SendGridMailer implements Mailer {
  // Private fields: neither the key nor the client holding it shows when the mailer is logged or inspected.
  readonly #client = new MailService();
  readonly #from: SenderAddress;
  readonly #apiKey: string;

  constructor(options: SendGridMailerOptions) {
    this.#apiKey = options.apiKey;
    this.#from = parseSender(options.from);
    this.#client.setApiKey(options.apiKey);
    this.#client.setTimeout(options.timeoutMs ?? 10_000);
  }

  async send(message: OutgoingMail): Promise<void> {
    const from = senderOf(this.#from, message.senderName);
    try {
      await this.#client.send({
        from: { name: from.name, email: from.address },
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        ...(message.unsubscribeUrl
          ? { headers: { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
          : {}),
        // Echoed in every Event Webhook report of the message, so a bounce finds its message and kind.
        customArgs: { mail_id: message.id, ...(message.kind ? { mail_kind: message.kind } : {}) },
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((file) => ({
                filename: file.filename,
                type: file.contentType,
                content: Buffer.from(file.content, 'utf8').toString('base64'),
                disposition: 'attachment',
              })),
            }
          : {}),
        trackingSettings: { clickTracking: { enable: false, enableText: false }, openTracking: { enable: false } },
      });
    } catch (error) {
      // The SDK's errors carry the request (its Authorization header among it) and the response:
      // none of that leaves here, only a message of our own.
      throw this.#toSendGridError(error);
    }
  }

  #toSendGridError(error: unknown): SendGridError {
    const failure = (error ?? {}) as { code?: unknown; response?: { body?: { errors?: { message?: unknown }[] } } };
    if (typeof failure.code === 'number') {
      const reasons = (failure.response?.body?.errors ?? [])
        .map((item) => (typeof item.message === 'string' ? item.message : ''))
        .filter(Boolean)
        .join('; ');
      return new SendGridError(
        this.#clean(`SendGrid refused the message (HTTP ${failure.code})${reasons ? `: ${reasons}` : ''}`),
        failure.code,
      );
    }
    const code = typeof failure.code === 'string' ? ` (${failure.code})` : '';
    return new SendGridError(this.#clean(`SendGrid could not be reached${code}`), null);
  }

  /** Provider text may quote an address back; and the key never appears, whatever happens. */
  #clean(text: string): string {
    return text
      .split(this.#apiKey)
      .join('[redacted]')
      .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]')
      .slice(0, 500);
  }
}
