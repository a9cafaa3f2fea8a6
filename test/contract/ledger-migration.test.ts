import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { refundGift } from '@core/gift/refund-gift';
import { normalBalance, PROVIDER_CASH, REFUNDS_ABSORBED, familyPayableAccount, charityPayableAccount, registryGiftsAccount } from '@core/ledger/chart-of-accounts';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';

const LEDGER_MIGRATION = 'Migration20261125150000Ledger';
const BEFORE_LEDGER = migrationBefore(LEDGER_MIGRATION);

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the ledger on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;
  const sql = <T = Record<string, unknown>>(statement: string, params: unknown[] = []) => database.orm.em.fork().execute<T[]>(statement, params);

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
    // Open: one gift kept, one refunded, one never paid.
    const open = await repos.registries.create(aNewRegistry(owner.id));
    await gift(open.id, mazon.id, 10_000, 'succeeded', 'pi_open_1');
    await gift(open.id, mazon.id, 5_000, 'refunded', 'pi_open_2');
    await gift(open.id, mazon.id, 7_000, 'pending', 'pi_open_3');
    await repos.registries.addToTotalReceived(open.id, 10_000);
    // Closed, its check not sent yet; its charities' shares pending (MAZON's joined by the next one).
    const closed = await repos.registries.create(aNewRegistry(owner.id));
    await gift(closed.id, mazon.id, 10_000, 'succeeded', 'pi_closed_1');
    await gift(closed.id, hadassah.id, 7_200, 'succeeded', 'pi_closed_2');
    await repos.registries.addToTotalReceived(closed.id, 17_200);
    await repos.registries.update(closed.id, { status: 'closed', payoutMethod: 'check', closedAt: new Date(), payoutAmount: 15_480, charityPayoutAmount: 1_720 });
    await repos.charityPayouts.addToPending({ charityId: mazon.id, currency: 'USD', amount: 1_000, giftCount: 1, registryId: closed.id });
    const hadassahPayout = await repos.charityPayouts.addToPending({ charityId: hadassah.id, currency: 'USD', amount: 720, giftCount: 1, registryId: closed.id });
    await repos.charityPayouts.markCompleted(hadassahPayout.id, { paymentMethod: 'ACH', referenceNumber: 'R1', notes: null, completedAt: new Date() });
    // Paid out, in CAD, with a payment refunded after closing.
    const paid = await repos.registries.create(aNewRegistry(owner.id, { currency: 'CAD' }));
    await gift(paid.id, mazon.id, 20_000, 'succeeded', 'pi_paid_1');
    await gift(paid.id, mazon.id, 3_000, 'refunded', 'pi_paid_2');
    await repos.registries.addToTotalReceived(paid.id, 20_000);
    await repos.registries.update(paid.id, { status: 'payout_sent', payoutMethod: 'paypal', closedAt: new Date(), payoutAmount: 18_000, charityPayoutAmount: 2_000, payoutStatus: 'completed', payoutSentAt: new Date() });
    const cadPayout = await repos.charityPayouts.addToPending({ charityId: mazon.id, currency: 'CAD', amount: 2_000, giftCount: 1, registryId: paid.id });
    await repos.charityPayouts.markCompleted(cadPayout.id, { paymentMethod: 'check', referenceNumber: 'C7', notes: null, completedAt: new Date() });

    await database.orm.migrator.up();

    const upgraded = createMikroOrmRepositories(database.orm);
    const verdicts = await verifyLedger(upgraded);
    expect(verdicts.map((verdict) => [verdict.currency, verdict.entries, verdict.differences, verdict.unbalanced])).toEqual([
      ['USD', 1, [], []],
      ['CAD', 1, [], []],
    ]);
    const balance = async (currency: string, account: string) =>
      normalBalance(account, (await upgraded.ledger.listBalances()).find((row) => row.currency === currency && row.account === account)?.balance ?? 0);
    expect(await balance('USD', registryGiftsAccount(open.id))).toBe(10_000);
    expect(await balance('USD', familyPayableAccount(closed.id))).toBe(15_480);
    expect(await balance('USD', charityPayableAccount(mazon.id))).toBe(1_000);
    // Three kept USD gifts of 106.39 less the 3.39 the provider took; a refund cost its 3.39; 7.20 paid to Hadassah.
    expect(await balance('USD', PROVIDER_CASH)).toBe(10_300 + 10_300 + 7_500 - 339 - 720);
    expect(await balance('CAD', REFUNDS_ABSORBED)).toBe(339);
    // The fee of a gift paid before the ledger is the card fee its giver paid.
    expect((await upgraded.gifts.listMoneyMoved()).every((moved) => moved.providerFee === moved.stripeFee)).toBe(true);

    // From here every change posts its own entry, and the books still agree.
    const gateway = new InMemoryPaymentGateway();
    const [kept] = await sql<{ id: string }>(`select id from gifts where stripe_payment_intent_id = 'pi_open_1'`);
    await refundGift(kept!.id, { reason: 'Given twice' }, { unitOfWork: upgraded, gifts: upgraded.gifts, registries: upgraded.registries, gateway, clock: new FixedClock(), supportEmail: 'help@gifts.example.org', user: { ...owner, isAdmin: true } });
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
    const before = await sql(`select e.key, p.account, p.amount::text from ledger_entries e join ledger_postings p on p.entry_id = e.id order by 1, 2`);
    expect(before.length).toBeGreaterThan(0);
    for (const statement of attempts) await expect(sql(statement), statement).rejects.toThrow(/append-only/);
    const lopsided = database.orm.em.fork().transactional(async (em) => {
      const [entry] = await em.execute<{ id: string }[]>(`insert into ledger_entries (key, kind, currency) values ('by-hand', 'opening', 'USD') returning id`);
      await em.execute(`insert into ledger_postings (entry_id, account, amount) values (?, 'provider:cash', 100), (?, 'platform:fee-revenue', -99)`, [entry!.id, entry!.id]);
    });
    await expect(lopsided).rejects.toThrow(/does not balance/);
    expect(await sql(`select e.key, p.account, p.amount::text from ledger_entries e join ledger_postings p on p.entry_id = e.id order by 1, 2`)).toEqual(before);
  });
});
