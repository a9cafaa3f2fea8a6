import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aCharity, aNewUser } from '../support/builders';

const KEYS_MIGRATION = 'Migration20261205300000GiftListSearchKeys';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the gift list search keys migration on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) =>
    database.orm.em.fork().execute<T[]>(statement, params);

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.orm.migrator.up({ to: migrationBefore(KEYS_MIGRATION) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('folds the gifts already given, so the owner finds and sorts them as gifts given since', async () => {
    const repos = createMikroOrmRepositories(database.orm);
    const owner = await repos.users.create(aNewUser());
    const charity = await repos.charities.create(aCharity());
    const [registry] = await sql<{ id: string }>(
      `insert into registries (user_id, short_code, child_name, celebration_date, currency) values (?, 'gk000001', 'Noa Levi', '2027-05-16', 'USD') returning id`,
      [owner.id],
    );
    // More than one batch of the migration's, accents and case in every field.
    await sql(
      `insert into gifts (registry_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, charity_id, payment_status, personal_message, currency)
       select ?, 'José Ñúñez ' || g, 'JOSE' || g || '@Example.com', 18, 16.2, 1.8, 3, 0.95, ?, 'succeeded', case when g = 1 then 'Mazel Tov, Émile!' end, 'USD' from generate_series(1, 1201) as g`,
      [registry!.id, charity.id],
    );
    await sql(
      `insert into offline_gifts (registry_id, gift_giver_name, gift_giver_email, amount, method, received_on, note) values (?, 'Zoë Levi', null, 36, 'cash', '2027-05-16', 'Dans la boîte')`,
      [registry!.id],
    );
    await database.orm.migrator.up();

    const page = (q: string) => repos.gifts.pageReceived(registry!.id, { q, sort: 'giver', order: 'asc', page: 1 });
    // 12, 120 to 129, 1200 and 1201.
    expect((await page('jose nunez 12')).matching).toBe(13);
    // 7, 17, 27 … 1197: every number ending in 7.
    expect((await page('7@example')).matching).toBe(120);
    expect((await page('emile')).matching).toBe(1);
    expect((await page('boite')).gifts.map((gift) => gift.giftGiverName)).toEqual(['Zoë Levi']);
    const [first] = (await page('')).gifts;
    expect(first?.giftGiverName).toBe('José Ñúñez 1');
    const [unfolded] = await sql<{ count: string | number }>(
      `select count(*) as "count" from gifts where giver_key is null or email_key is null`,
    );
    expect(Number(unfolded!.count)).toBe(0);
  });
});
