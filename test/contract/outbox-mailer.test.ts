import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { OutboxMailer } from '../../adapters/mail/outbox-mailer';
import { readDelivered } from '../adapters/mail/parse-eml';
import { CONTRACT_SENDER, mailerContract } from './mailer.contract';

const roots: string[] = [];
afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

mailerContract('local outbox', async () => {
  const root = await mkdtemp(join(tmpdir(), 'outbox-contract-'));
  roots.push(root);
  const directory = join(root, 'outbox');
  return {
    mailer: new OutboxMailer({ directory, from: CONTRACT_SENDER }),
    // Delivered is what a mail client opens: the finished .eml files, not a half-written one.
    async delivered() {
      const isFolder = await stat(directory).then(
        (found) => found.isDirectory(),
        () => false,
      );
      const names = isFolder ? (await readdir(directory)).filter((name) => name.endsWith('.eml')).sort() : [];
      return Promise.all(names.map(async (name) => readDelivered(await readFile(join(directory, name)))));
    },
    // A file where the outbox folder should be: nothing can be written there (even by root, unlike a read-only folder).
    async failNextDelivery() {
      await writeFile(directory, 'not a folder');
    },
  };
});
