import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '@core/ports/clock';
import type { Mailer, MailMessage } from '@core/ports/mailer';
import { composeMessage } from './compose-message';

export interface OutboxMailerOptions {
  /** The folder for the .eml files ($DATA_DIR/outbox); made when missing. */
  directory: string;
  /** The sender, "Name <address>" or a bare address. */
  from: string;
  /** Told the file name of each message written, nothing else (no address, subject or body). */
  logger?: { info(details: object, message: string): void };
  clock?: Clock;
}

let sequence = 0;

/**
 * The embedded default: each message becomes one .eml file in the outbox folder, for a developer
 * or an operator to open in any mail client. Names sort by the time they were written
 * (20261121T063253.123Z-000001-3f9a1c2b.eml) and never collide; a file appears whole or not at all.
 */
export class OutboxMailer implements Mailer {
  private readonly clock: Clock;

  constructor(private readonly options: OutboxMailerOptions) {
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async send(message: MailMessage): Promise<void> {
    const now = this.clock.now();
    const eml = await composeMessage(message, { from: this.options.from, date: now });
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
  }
}
