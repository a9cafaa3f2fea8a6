import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MailMessage } from '@core/ports/mailer';
import { readEml } from '../adapters/mail/read-eml';

/** Every message in a server's local outbox, oldest first, as a mail client shows it (Reply-To included). */
export function readOutbox(dataDir: string): Omit<MailMessage, 'kind' | 'senderName'>[] {
  const folder = path.join(dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return files.map((file) => readEml(readFileSync(path.join(folder, file), 'utf8')));
}
