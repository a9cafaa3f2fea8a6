import { afterAll, beforeAll, describe, it } from 'vitest';
import { InMemoryMailQueue } from '../../adapters/in-memory/in-memory-mail-queue';
import { createMailQueue } from '../../adapters/persistence/mail-queue';
import type { Orm } from '../../adapters/persistence/orm';
import type { MailQueue, QueuedMail } from '@core/ports/mail-queue';
import { openTestDatabase, postgresUrl } from '../support/databases';
import { mailQueueContract } from './mail-queue.contract';

mailQueueContract('in-memory fake', async () => {
  const fake = new InMemoryMailQueue();
  let serial: Promise<unknown> = Promise.resolve();
  return {
    queue: fake,
    // As the in-memory unit of work does with every table: one at a time, and a failure puts the rows back.
    transaction<T>(work: (queue: MailQueue) => Promise<T>): Promise<T> {
      const run = serial.then(async () => {
        const snapshot = new Map(fake.rows);
        try {
          return await work(fake);
        } catch (error) {
          fake.rows = snapshot;
          throw error;
        }
      });
      serial = run.catch(() => undefined);
      return run;
    },
    queued: async () => fake.queued,
  };
});

async function queuedIn(orm: Orm): Promise<QueuedMail[]> {
  const rows = await orm.em.fork().execute<
    (QueuedMail & {
      replyTo: string | null;
      senderName: string | null;
      thankYouNoteId: string | null;
      attachments: QueuedMail['attachments'] | null;
    })[]
  >(
    'select "dedupe_key" as "dedupeKey", "to", "kind", "reply_to" as "replyTo", "sender_name" as "senderName", "thank_you_note_id" as "thankYouNoteId", "subject", "text", "html", "attachments" from "mail_outbox"',
  );
  // What a message names no reply-to, sender name or note for comes back as it was queued: without them.
  return rows.map(({ replyTo, senderName, thankYouNoteId, attachments, ...mail }) => ({
    ...mail,
    ...(replyTo === null ? {} : { replyTo }),
    ...(senderName === null ? {} : { senderName }),
    ...(thankYouNoteId === null ? {} : { thankYouNoteId }),
    ...(attachments === null ? {} : { attachments }),
  }));
}

for (const kind of ['pglite', 'postgresql'] as const) {
  const label = kind === 'pglite' ? 'outbox on PGlite' : 'outbox on PostgreSQL';
  if (kind === 'postgresql' && !postgresUrl) {
    describe(`mail queue: ${label}`, () => {
      it.skip('needs TEST_DATABASE_URL (CI sets it; see README)', () => undefined);
    });
    continue;
  }
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  mailQueueContract(label, async () => {
    const { orm } = database;
    await orm.em.fork().execute('truncate "mail_outbox"');
    return {
      queue: createMailQueue(() => orm.em.fork()),
      transaction: (work) => orm.em.fork().transactional((em) => work(createMailQueue(em))),
      queued: () => queuedIn(orm),
    };
  });
}
