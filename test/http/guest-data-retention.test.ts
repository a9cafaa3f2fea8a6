import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Orm } from '../../adapters/persistence/orm';
import { createTestDatabase, postgresUrl } from '../support/databases';
import { startTestServer, type TestServer } from '../support/test-server';

// More than one batch of the purge's transactions (a hundred registries each).
const DUE = 230;

/**
 * Registries paid out 731 days ago (due), 729 days ago (kept), and one closed but not paid out
 * (kept), each with two gifts paid online and one given by hand, straight into the tables.
 */
async function seed(orm: Orm, counts: { due: number }): Promise<void> {
  const em = orm.em.fork();
  const [user] = await em.execute<{ id: string }[]>(
    `insert into "users" ("username", "email", "password") values ('family-' || gen_random_uuid(), gen_random_uuid() || '@example.com', 'x') returning "id"`,
  );
  const [charity] = await em.execute<{ id: string }[]>(`select "id" from "charities" limit 1`);
  const registries = (paidDaysAgo: number | null, count: number, prefix: string) =>
    em.execute(
      `insert into "registries" ("user_id", "short_code", "child_name", "celebration_date", "currency", "status", "total_received", "payout_method",
         "closed_at", "payout_amount", "charity_payout_amount", "payout_status", "payout_sent_at", "created_at", "updated_at")
       select ?, upper(substr(md5(random()::text), 1, 8)), ? || n, now() - interval '800 days', 'USD', ${paidDaysAgo === null ? `'closed'` : `'payout_sent'`}, 54, 'check',
         now() - interval '${(paidDaysAgo ?? 0) + 1} days', 48.6, 5.4, ${paidDaysAgo === null ? `'pending'` : `'completed'`},
         ${paidDaysAgo === null ? 'null' : `now() - interval '${paidDaysAgo} days'`}, now(), now()
       from generate_series(1, ${count}) as n`,
      [user!.id, prefix],
    );
  await registries(731, counts.due, 'Due ');
  await registries(729, 3, 'Recent ');
  await registries(null, 2, 'Unpaid ');
  await em.execute(
    `insert into "gifts" ("registry_id", "gift_giver_name", "gift_giver_email", "currency", "amount", "child_amount", "charity_amount", "platform_fee", "stripe_fee",
       "charity_id", "personal_message", "payment_status", "created_at", "giver_key", "email_key", "message_key")
     select r."id", 'Guest ' || g, 'guest' || g || '@example.com', 'USD', 18, 16.2, 1.8, 3, 0.95, ?, 'Mazel tov!', 'succeeded', now() - interval '800 days',
       'guest ' || g, 'guest' || g || '@example.com', 'mazel tov!'
     from "registries" r cross join generate_series(1, 2) as g where r."user_id" = ?`,
    [charity!.id, user!.id],
  );
  await em.execute(
    `insert into "offline_gifts" ("registry_id", "gift_giver_name", "gift_giver_email", "amount", "method", "received_on", "note", "created_at", "updated_at", "giver_key", "email_key", "message_key")
     select r."id", 'Aunt Dora', 'dora@example.com', 36, 'cash', '2024-10-01', 'In the card box', now(), now(), 'aunt dora', 'dora@example.com', 'in the card box' from "registries" r where r."user_id" = ?`,
    [user!.id],
  );
}

async function guestsOf(orm: Orm) {
  const em = orm.em.fork();
  const gifts = await em.execute<
    { child_name: string; gift_giver_name: string; gift_giver_email: string; personal_message: string | null; amount: string }[]
  >(
    `select r."child_name", g."gift_giver_name", g."gift_giver_email", g."personal_message", g."amount"::text from "gifts" g join "registries" r on r."id" = g."registry_id"`,
  );
  const byHand = await em.execute<{ child_name: string; gift_giver_name: string; gift_giver_email: string | null; note: string | null }[]>(
    `select r."child_name", o."gift_giver_name", o."gift_giver_email", o."note" from "offline_gifts" o join "registries" r on r."id" = o."registry_id"`,
  );
  const purged = (prefix: string) => gifts.filter((gift) => gift.child_name.startsWith(prefix));
  return { gifts, byHand, purged };
}

function expectPurgedOnlyWhereDue(found: Awaited<ReturnType<typeof guestsOf>>, due: number): void {
  const dueGifts = found.purged('Due ');
  expect(dueGifts).toHaveLength(due * 2);
  for (const gift of dueGifts)
    expect(gift).toMatchObject({
      gift_giver_name: expect.stringMatching(/^Guest /),
      gift_giver_email: '',
      personal_message: null,
      amount: '18.00',
    });
  for (const gift of [...found.purged('Recent '), ...found.purged('Unpaid ')])
    expect(gift).toMatchObject({ gift_giver_email: expect.stringMatching(/@example\.com$/), personal_message: 'Mazel tov!' });
  for (const gift of found.byHand) {
    expect(gift.gift_giver_name).toBe('Aunt Dora');
    expect(gift.note).toBe('In the card box');
    expect(gift.gift_giver_email).toBe(gift.child_name.startsWith('Due ') ? null : 'dora@example.com');
  }
}

describe('the guests’ data purge on the embedded database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: 'pglite' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('purges the e-mails and messages of registries paid out over 730 days ago, once, and nothing else', async () => {
    await seed(server.infrastructure.orm, { due: 3 });
    expect(await server.runJob('guest-data-purge')).toEqual({ registries: 3, gifts: 6, giftsByHand: 3 });
    expectPurgedOnlyWhereDue(await guestsOf(server.infrastructure.orm), 3);
    expect(await server.runJob('guest-data-purge')).toEqual({ registries: 0, gifts: 0, giftsByHand: 0 });
  });

  it('says the retention period on the configuration the privacy page reads', async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config).toMatchObject({ guestDataRetentionDays: 730, accountDeletionGraceDays: 14, privacyEmail: 'support@mitzvahgifts.test' });
  });
});

describe.skipIf(!postgresUrl)('the guests’ data purge on PostgreSQL, two instances at once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: TestServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    instances = await Promise.all(
      [0, 1].map(() =>
        startTestServer({ env: { DATABASE_URL: database.url, GUEST_DATA_RETENTION_DAYS: '730', PRIVACY_EMAIL: 'privacy@example.org' } }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('purges each due registry once between them, fails neither, and keeps the rest', async () => {
    await seed(instances[0]!.infrastructure.orm, { due: DUE });
    const results = await Promise.all(instances.map((instance) => instance.runJob('guest-data-purge')));
    expect(results.reduce((sum, result) => sum + result.registries, 0)).toBe(DUE);
    expect(results.reduce((sum, result) => sum + result.gifts, 0)).toBe(DUE * 2);
    expect(results.reduce((sum, result) => sum + result.giftsByHand, 0)).toBe(DUE);
    expectPurgedOnlyWhereDue(await guestsOf(instances[1]!.infrastructure.orm), DUE);
    const config = await (await fetch(`${instances[1]!.url}/api/config`)).json();
    expect(config).toMatchObject({ privacyEmail: 'privacy@example.org' });
  });
});
