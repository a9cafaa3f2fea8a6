import type { Mailer, OutgoingMail } from '@core/ports/mailer';

/** Records what it sends; can be told to fail, as a provider outage would. For tests only. */
export class InMemoryMailer implements Mailer {
  readonly sent: OutgoingMail[] = [];
  private failure: Error | null = null;

  async send(message: OutgoingMail): Promise<void> {
    if (this.failure) throw this.failure;
    this.sent.push(structuredClone(message));
  }

  /** Every send fails with this error (a provider outage) until recover() is called. */
  failWith(error: Error = new Error('The mail provider is unavailable')): void {
    this.failure = error;
  }

  recover(): void {
    this.failure = null;
  }

  sentTo(address: string): OutgoingMail[] {
    return this.sent.filter((message) => message.to === address);
  }
}
