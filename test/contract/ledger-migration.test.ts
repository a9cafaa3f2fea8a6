import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { refundGift } from '@core/gift/refund-gift';
import {
  normalBalance,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  familyPayableAccount,
  charityPayableAccount,
  registryGiftsAccount,
} from '@core/ledger/chart-of-accounts';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aCharity, aNewUser } from '../support/builders';

const LEDGER_MIGRATION = 'Migration20261125150000Ledger';
const BEFORE_LEDGER = migrationBefore(LEDGER_MIGRATION);

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the ledger on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) =>
    database.orm.em.fork().execute<T[]>(statement, params);

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.orm.migrator.up({ to: BEFORE_LEDGER });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('opens on a database that already holds gifts, refunds, closed registries and charity payouts, and verify holds at once', async () => {
    // Written as the release before the ledger wrote it: through the tables alone.
    const repos = createMikroOrmRepositories(database.orm);
    const owner = await repos.users.create(aNewUser());
    const mazon = await repos.charities.create(aCharity({ name: 'MAZON' }));
    const hadassah = await repos.charities.create(aCharity({ name: 'Hadassah' }));
    const gift = async (registryId: string, charityId: string, cents: number, status: string, intent: string) => {
      const charity = Math.floor((cents + 5) / 10);
      await sql(
        `insert into gifts (registry_id, gift_giver_name, gift_giver_email, amount, child_amount, charity_amount, platform_fee, stripe_fee, charity_id, stripe_payment_intent_id, payment_status)
         values (?, 'Aunt Miriam', 'miriam@example.com', ?, ?, ?, 3, 3.39, ?, ?, ?)`,
        [registryId, (cents / 100).toFixed(2), ((cents - charity) / 100).toFixed(2), (charity / 100).toFixed(2), charityId, intent, status],
      );
    };
    // Registries and charity payouts as their tables were then: in SQL, since today's entities name columns added since.
    let codes = 0;
    const registryOf = async (currency: 'USD' | 'CAD', totalReceived: number, changes: string, params: unknown[] = []) => {
      codes += 1;
      const [row] = await sql<{ id: string }>(
        `insert into registries (user_id, short_code, child_name, celebration_date, currency, total_received) values (?, ?, 'Noa Levi', '2027-05-16', ?, ?) returning id`,
        [owner.id, `lg${String(codes).padStart(6, '0')}`, currency, (totalReceived / 100).toFixed(2)],
      );
      if (changes) await sql(`update registries set ${changes} where id = ?`, [...params, row!.id]);
      return { id: row!.id };
    };
    const charityPayout = async (charityId: string, currency: 'USD' | 'CAD', cents: number, registryId: string, completed: boolean) => {
      await sql(
        `insert into charity_payouts (charity_id, currency, amount, gift_count, registry_ids, status, payment_method, reference_number, completed_at) values (?, ?, ?, 1, array[?::text], ?, ?, ?, ?)`,
        [
          charityId,
          currency,
          (cents / 100).toFixed(2),
          registryId,
          completed ? 'completed' : 'pending',
          completed ? 'ACH' : null,
          completed ? 'R1' : null,
          completed ? new Date().toISOString() : null,
        ],
      );
    };
    // Open: one gift kept, one refunded, one never paid.
    const open = await registryOf('USD', 10_000, '');
    await gift(open.id, mazon.id, 10_000, 'succeeded', 'pi_open_1');
    await gift(open.id, mazon.id, 5_000, 'refunded', 'pi_open_2');
    await gift(open.id, mazon.id, 7_000, 'pending', 'pi_open_3');
    // Closed, its check not sent yet; its charities' shares pending (MAZON's joined by the next one).
    const closed = await registryOf(
      'USD',
      17_200,
      `status = 'closed', payout_method = 'check', closed_at = now(), payout_amount = 154.80, charity_payout_amount = 17.20`,
    );
    await gift(closed.id, mazon.id, 10_000, 'succeeded', 'pi_closed_1');
    await gift(closed.id, hadassah.id, 7_200, 'succeeded', 'pi_closed_2');
    await charityPayout(mazon.id, 'USD', 1_000, closed.id, false);
    await charityPayout(hadassah.id, 'USD', 720, closed.id, true);
    // Paid out, in CAD, with a payment refunded after closing.
    const paid = await registryOf(
      'CAD',
      20_000,
      `status = 'payout_sent', payout_method = 'paypal', closed_at = now(), payout_amount = 180.00, charity_payout_amount = 20.00, payout_status = 'completed', payout_sent_at = now()`,
    );
    await gift(paid.id, mazon.id, 20_000, 'succeeded', 'pi_paid_1');
    await gift(paid.id, mazon.id, 3_000, 'refunded', 'pi_paid_2');
    await charityPayout(mazon.id, 'CAD', 2_000, paid.id, true);

    await database.orm.migrator.up();

    const upgraded = createMikroOrmRepositories(database.orm);
    const verdicts = await verifyLedger(upgraded);
    expect(verdicts.map((verdict) => [verdict.currency, verdict.entries, verdict.differences, verdict.unbalanced])).toEqual([
      ['USD', 1, [], []],
      ['CAD', 1, [], []],
    ]);
    const balance = async (currency: string, account: string) =>
      normalBalance(
        account,
        (await upgraded.ledger.listBalances()).find((row) => row.currency === currency && row.account === account)?.balance ?? 0,
      );
    expect(await balance('USD', registryGiftsAccount(open.id))).toBe(10_000);
    expect(await balance('USD', familyPayableAccount(closed.id))).toBe(15_480);
    expect(await balance('USD', charityPayableAccount(mazon.id))).toBe(1_000);
    // Three kept USD gifts of 106.39 less the 3.39 the provider took; a refund cost its 3.39; 7.20 paid to Hadassah.
    expect(await balance('USD', PROVIDER_CASH)).toBe(10_300 + 10_300 + 7_500 - 339 - 720);
    expect(await balance('CAD', REFUNDS_ABSORBED)).toBe(339);
    // The fee of a gift paid before the ledger is the card fee its giver paid.
    expect((await upgraded.gifts.listMoneyMoved()).every((moved) => moved.providerFee === moved.cardFee)).toBe(true);

    // From here every change posts its own entry, and the books still agree.
    const gateway = new InMemoryPaymentGateway();
    const [kept] = await sql<{ id: string }>(`select id from gifts where stripe_payment_intent_id = 'pi_open_1'`);
    await refundGift(
      { ...owner, isAdmin: true },
      kept!.id,
      { reason: 'Given twice' },
      {
        unitOfWork: upgraded,
        gifts: upgraded.gifts,
        registries: upgraded.registries,
        gateway,
        clock: new FixedClock(),
        supportEmail: 'help@gifts.example.org',
      },
    );
    expect((await verifyLedger(upgraded)).flatMap((verdict) => verdict.differences)).toEqual([]);
    expect(await balance('USD', registryGiftsAccount(open.id))).toBe(0);
  });

  it('refuses UPDATE and DELETE of entries and postings, and an entry that does not balance at commit', async () => {
    const attempts = [
      `update "ledger_entries" set "currency" = 'CAD'`,
      `update "ledger_postings" set "amount" = "amount" + 1`,
      `delete from "ledger_postings"`,
      `delete from "ledger_entries"`,
    ];
    const before = await sql(
      `select e.key, p.account, p.amount::text from ledger_entries e join ledger_postings p on p.entry_id = e.id order by 1, 2`,
    );
    expect(before.length).toBeGreaterThan(0);
    for (const statement of attempts) await expect(sql(statement), statement).rejects.toThrow(/append-only/);
    const lopsided = database.orm.em.fork().transactional(async (em) => {
      const [entry] = await em.execute<{ id: string }[]>(
        `insert into ledger_entries (key, kind, currency) values ('by-hand', 'opening', 'USD') returning id`,
      );
      await em.execute(
        `insert into ledger_postings (entry_id, account, amount) values (?, 'provider:cash', 100), (?, 'platform:fee-revenue', -99)`,
        [entry!.id, entry!.id],
      );
    });
    await expect(lopsided).rejects.toThrow(/does not balance/);
    expect(
      await sql(`select e.key, p.account, p.amount::text from ledger_entries e join ledger_postings p on p.entry_id = e.id order by 1, 2`),
    ).toEqual(before);
  });
});
