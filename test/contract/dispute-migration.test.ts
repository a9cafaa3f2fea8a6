import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDispute } from '@core/dispute/record-dispute';
import type { DisputeReport } from '@core/model/dispute';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aCharity, aNewUser } from '../support/builders';

const DISPUTES_MIGRATION = 'Migration20261125181000Disputes';

const LEDGER_MIGRATION = 'Migration20261125150000Ledger';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the disputes migration on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) =>
    database.orm.em.fork().execute<T[]>(statement, params);

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.orm.migrator.up({ to: migrationBefore(LEDGER_MIGRATION) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('upgrades a database holding paid gifts with its books still agreeing, and then follows a dispute of one of them', async () => {
    // Written through the tables alone, in SQL, since today's entities name columns added since
    // (the gift's currency, say); then every migration runs, the disputes one among them.
    const repos = createMikroOrmRepositories(database.orm);
    const owner = await repos.users.create(aNewUser());
    const charity = await repos.charities.create(aCharity());
    const [registry] = await sql<{ id: string }>(
      `insert into registries (user_id, short_code, child_name, celebration_date, currency, total_received) values (?, 'dm000001', 'Noa Levi', '2027-05-16', 'USD', 100) returning id`,
      [owner.id],
    );
    const paymentIntentId = 'pi_paid_before_disputes';
    await sql(
      `insert into gifts (registry_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, charity_id, stripe_payment_intent_id, payment_status)
       values (?, 'Aunt Miriam', 'miriam@example.com', 100, 90, 10, 3, 3.39, ?, ?, 'succeeded')`,
      [registry!.id, charity.id, paymentIntentId],
    );
    expect((await database.orm.migrator.getPending()).map((migration) => migration.name)).toContain(DISPUTES_MIGRATION);

    await database.orm.migrator.up();
    expect((await verifyLedger(repos)).flatMap((verdict) => verdict.differences)).toEqual([]);

    const mail = { appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
    const report: DisputeReport = {
      disputeId: 'dp_after_upgrade',
      paymentIntentId,
      amount: 10_639,
      currency: 'USD',
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceDueBy: new Date(Date.UTC(2030, 0, 8)),
      withdrawn: { amount: 10_639, fee: 1_500 },
      reinstated: null,
    };
    await recordDispute(report, { unitOfWork: repos, clock: new FixedClock(), ...mail });
    const [gift] = await repos.gifts.listByRegistry(registry!.id);
    expect(gift!.paymentStatus).toBe('disputed');
    expect((await verifyLedger(repos)).flatMap((verdict) => verdict.differences)).toEqual([]);
  });
});
