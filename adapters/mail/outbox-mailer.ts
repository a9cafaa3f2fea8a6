import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '@core/ports/clock';
import type { MailProblem } from '@core/model/suppression';
import type { MailEventInbox } from '@core/ports/mail-events';
import type { Mailer, OutgoingMail } from '@core/ports/mailer';
import { composeMessage } from './compose-message';
import { parseSender, type SenderAddress } from './sender-address';

export interface OutboxMailerOptions {
  /** The folder for the .eml files ($DATA_DIR/outbox); made when missing. */
  directory: string;
  /** The sender, "Name <address>" or a bare address. */
  from: string;
  /** Told the file name of each message written, nothing else (no address, subject or body). */
  logger?: { info(details: object, message: string): void };
  clock?: Clock;
  /**
   * Where the test addresses' reports go (OUTBOX_TEST_ADDRESSES): the inbox SendGrid's webhook
   * fills, so that without a provider a person trying the product sees a bounce run its course.
   */
  events?: MailEventInbox;
}

/**
 * Addresses that, on the local outbox, answer as a real mailbox might (README, "Try it"): like the
 * sandbox's test cards. The message is written to the outbox all the same, then reported.
 */
export const OUTBOX_TEST_ADDRESSES: Readonly<Record<string, MailProblem>> = {
  'bounce@example.com': 'bounce',
  'complaint@example.com': 'spam-report',
};

let sequence = 0;

/**
 * The embedded default: each message becomes one .eml file in the outbox folder, for a developer
 * or an operator to open in any mail client. Names sort by the time they were written
 * (20261121T063253.123Z-000001-3f9a1c2b.eml) and never collide; a file appears whole or not at all.
 */
export class OutboxMailer implements Mailer {
  private readonly clock: Clock;
  private readonly from: SenderAddress;

  constructor(private readonly options: OutboxMailerOptions) {
    this.clock = options.clock ?? { now: () => new Date() };
    this.from = parseSender(options.from);
  }

  async send(message: OutgoingMail): Promise<void> {
    const now = this.clock.now();
    const eml = await composeMessage(message, { from: this.from, date: now });
    sequence = (sequence + 1) % 1_000_000;
    const stamp = now.toISOString().replace(/[-:]/g, '');
    const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}.eml`;
    await mkdir(this.options.directory, { recursive: true, mode: 0o700 });
    // Written beside its final name and renamed, so a reader never sees half a message; the wx flag
    // refuses to overwrite anything. Owner-only: the messages hold names and addresses.
    const partial = path.join(this.options.directory, `.${name}.partial`);
    await writeFile(partial, eml, { flag: 'wx', mode: 0o600 });
    await rename(partial, path.join(this.options.directory, name));
    this.options.logger?.info({ file: name }, 'Mail written to the outbox');
    const problem = OUTBOX_TEST_ADDRESSES[message.to.trim().toLowerCase()];
    if (problem && this.options.events) {
      await this.options.events.record([
        { id: `outbox:${message.id}`, problem, address: message.to, mailId: message.id, kind: message.kind, occurredAt: now },
      ]);
    }
  }
}
