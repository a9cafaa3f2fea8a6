import { MailService } from '@sendgrid/mail';
import type { Mailer, MailMessage } from '@core/ports/mailer';

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
 * e-mail stay the links we wrote, and nobody is tracked opening a thank-you note.
 */
export class SendGridMailer implements Mailer {
  // Private fields: neither the key nor the client holding it shows when the mailer is logged or inspected.
  readonly #client = new MailService();
  readonly #from: string;
  readonly #apiKey: string;

  constructor(options: SendGridMailerOptions) {
    this.#apiKey = options.apiKey;
    this.#from = options.from;
    this.#client.setApiKey(options.apiKey);
    this.#client.setTimeout(options.timeoutMs ?? 10_000);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.#client.send({
        from: this.#from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
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
      return new SendGridError(this.#clean(`SendGrid refused the message (HTTP ${failure.code})${reasons ? `: ${reasons}` : ''}`), failure.code);
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
