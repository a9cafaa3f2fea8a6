import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '../../adapters/persistence/orm';
import { createTestDatabase, postgresUrl } from '../support/databases';
import { startTestServer, type TestServer } from '../support/test-server';

const DAY_MS = 24 * 60 * 60 * 1000;
// More than one batch of the purge's deletes (a thousand rows each).
const OLD_SENT_MAIL = 2_500;
const EXPIRED_COUNTERS = 1_200;

/**
 * Rows past keeping, and rows beside them that must stay: mail sent 31 days ago (gone) and 29 days
 * ago (kept), old mail still queued or failed (kept), counters whose window ended two hours ago
 * (gone), ten minutes ago (kept: another instance's clock may run behind) or not yet (kept).
 */
async function seed(orm: Orm): Promise<void> {
  const em = orm.em.fork();
  const now = Date.now();
  const at = (ms: number) => new Date(now - ms).toISOString();
  await em.execute(
    `insert into "mail_outbox" ("dedupe_key", "to", "subject", "text", "html", "status", "created_at", "next_attempt_at", "sent_at")
     select 'old-sent-' || n, 'guest@example.com', 'Your receipt', '', '', 'sent', ?::timestamptz, ?::timestamptz, ?::timestamptz from generate_series(1, ${OLD_SENT_MAIL}) as n`,
    [at(32 * DAY_MS), at(31 * DAY_MS), at(31 * DAY_MS)],
  );
  await em.execute(
    `insert into "mail_outbox" ("dedupe_key", "to", "subject", "text", "html", "status", "created_at", "next_attempt_at", "sent_at") values
     ('recent-sent', 'guest@example.com', 'Your receipt', '', '', 'sent', ?::timestamptz, ?::timestamptz, ?::timestamptz),
     ('old-queued', 'guest@example.com', 'Your receipt', 'text', 'html', 'queued', ?::timestamptz, ?::timestamptz, null),
     ('old-failed', 'guest@example.com', 'Your receipt', 'text', 'html', 'failed', ?::timestamptz, ?::timestamptz, null)`,
    [
      at(29 * DAY_MS),
      at(29 * DAY_MS),
      at(29 * DAY_MS),
      at(40 * DAY_MS),
      new Date(now + 365 * DAY_MS).toISOString(),
      at(40 * DAY_MS),
      at(40 * DAY_MS),
    ],
  );
  await em.execute(
    `insert into "rate_limits" ("key", "points", "expire") select 'login-address:old-' || n, 3, ? from generate_series(1, ${EXPIRED_COUNTERS}) as n`,
    [now - 2 * 60 * 60 * 1000],
  );
  await em.execute(
    `insert into "rate_limits" ("key", "points", "expire") values ('login-address:just-ended', 1, ?), ('login-address:running', 1, ?), ('login-address:forever', 1, null)`,
    [now - 10 * 60 * 1000, now + 10 * 60 * 1000],
  );
}

async function remaining(orm: Orm): Promise<{ mail: string[]; counters: string[] }> {
  const em = orm.em.fork();
  const mail = await em.execute<{ key: string }[]>(`select "dedupe_key" as "key" from "mail_outbox" order by 1`);
  const counters = await em.execute<{ key: string }[]>(`select "key" from "rate_limits" order by 1`);
  return { mail: mail.map((row) => row.key), counters: counters.map((row) => row.key) };
}

const KEPT = {
  mail: ['old-failed', 'old-queued', 'recent-sent'],
  counters: ['login-address:forever', 'login-address:just-ended', 'login-address:running'],
};

describe('the hourly purge on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('deletes sent mail older than 30 days and counters expired over an hour ago, and nothing else', async () => {
    await seed(server.infrastructure.orm);
    expect(await server.runJob('expired-rows-purge')).toMatchObject({ sentMail: OLD_SENT_MAIL, rateLimits: EXPIRED_COUNTERS });
    expect(await remaining(server.infrastructure.orm)).toEqual(KEPT);
    expect(await server.runJob('expired-rows-purge')).toMatchObject({ sentMail: 0, rateLimits: 0 });
  });
});

describe.skipIf(!postgresUrl)('the hourly purge on PostgreSQL, two instances at once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: TestServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([0, 1].map(() => startTestServer({ env: { DATABASE_URL: database.url, MIGRATE_ON_START: 'true' } })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('deletes each old row once between them, fails neither, and keeps the rest', async () => {
    await seed(instances[0]!.infrastructure.orm);
    const results = await Promise.all(instances.map((instance) => instance.runJob('expired-rows-purge')));
    expect(results.reduce((sum, result) => sum + result.sentMail, 0)).toBe(OLD_SENT_MAIL);
    expect(results.reduce((sum, result) => sum + result.rateLimits, 0)).toBe(EXPIRED_COUNTERS);
    expect(await remaining(instances[1]!.infrastructure.orm)).toEqual(KEPT);
  });
});
