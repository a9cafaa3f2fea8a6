import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { isDomainError } from '@core/errors';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { refundGift } from '@core/gift/refund-gift';
import { startGift } from '@core/gift/start-gift';
import { recordDispute } from '@core/dispute/record-dispute';
import {
  cashShortfall,
  financeLines,
  monthlyGiftVolume,
  monthRange,
  monthsUpTo,
  PAYOUT_KINDS,
  registryOfPayoutSent,
} from '@core/ledger/finance-figures';
import { FINANCE_LINES, type FinanceLineId } from '@core/ledger/finance-lines';
import { financeQuery, financeReport, monthJournal } from '@core/ledger/finance-report';
import { listLedgerBalances } from '@core/ledger/list-balances';
import { reconcileDay } from '@core/ledger/reconcile-day';
import type { Currency } from '@core/money';
import { adminActor } from '@core/access/admin-access';
import { claimCharityPayout, completeCharityPayout, pendingDistributions } from '@core/payout/charity-payouts';
import { closeRegistry } from '@core/payout/close-registry';
import { claimManualPayout, completeManualPayout } from '@core/payout/manual-payouts';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import type { MonthlyMovement, PostedLedgerEntry } from '@core/ports/ledger';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';

const APP_URL = 'https://gifts.example.org';
const SUPPORT = 'help@gifts.example.org';
const CHECK = {
  payoutMethod: 'check',
  mailingName: 'Rachel Levi',
  mailingAddress: '1 Main St',
  mailingCity: 'Springfield',
  mailingState: 'IL',
  mailingZip: '62701',
  mailingCountry: 'US',
};

/** The gifts, refunds, closings and payouts of a platform, with one clock for our books and the provider's. */
async function world(start = new Date('2026-09-03T10:00:00Z')) {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock(start);
  repositories.ledger.now = () => clock.now();
  gateway.now = () => clock.now();
  const owner = await repositories.users.create(aNewUser({ username: 'rachel' }));
  const admin = await repositories.users.setAdmin((await repositories.users.create(aNewUser({ username: 'ops' }))).id, true);
  const charities = await Promise.all(['MAZON', 'Hadassah'].map((name) => repositories.charities.create(aCharity({ name }))));
  const giving = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: APP_URL,
    supportEmail: SUPPORT,
  };
  const closing = {
    registries: repositories.registries,
    unitOfWork: repositories,
    gateway,
    clock,
    appUrl: APP_URL,
    supportEmail: SUPPORT,
  };
  const give = async (registryId: string, cents: number, charityId: string, providerFee?: number) => {
    const { gift } = await startGift(
      { registryId, charityId, giftGiverName: 'Aunt Miriam', giftGiverEmail: 'miriam@example.com', amount: cents, personalMessage: '' },
      giving,
    );
    // The giver's card goes through at the provider, which then reports it.
    gateway.intents.get(gift.paymentIntentId!)!.status = 'succeeded';
    if (providerFee !== undefined) gateway.fees.set(gift.paymentIntentId!, providerFee);
    const registry = await repositories.registries.findById(registryId);
    await recordPaymentSucceeded(
      { paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: registry!.currency },
      giving,
    );
    return gift;
  };
  const choose = (registryId: string, method: 'paypal' | 'check' | 'bank') =>
    savePayoutInfo(
      owner,
      registryId,
      method === 'paypal'
        ? { payoutMethod: 'paypal', paypalEmail: 'family@example.com' }
        : method === 'check'
          ? CHECK
          : { payoutMethod: 'bank' },
      closing,
    );
  const close = async (registryId: string, method: 'paypal' | 'check' | 'bank', currency: Currency) => {
    if (method === 'bank' && !owner.payoutAccountId) {
      const accountId = await gateway.createConnectedAccount({
        country: currency === 'CAD' ? 'CA' : 'US',
        email: owner.email,
        idempotencyKey: `connect-${owner.id}-${currency}`,
      });
      gateway.verify(accountId);
      Object.assign(owner, await repositories.users.attachPayoutAccount(owner.id, accountId));
    }
    await choose(registryId, method);
    return closeRegistry(owner, registryId, closing);
  };
  const refund = (giftId: string) =>
    refundGift(
      admin,
      giftId,
      { reason: 'Sent twice' },
      {
        unitOfWork: repositories,
        gifts: repositories.gifts,
        registries: repositories.registries,
        gateway,
        clock,
        supportEmail: SUPPORT,
      },
    );
  // An administrator claims a payout, sends it, and marks it sent.
  const payFamily = async (registryId: string) => {
    await claimManualPayout(registryId, adminActor(admin), { unitOfWork: repositories, clock });
    return completeManualPayout(registryId, { referenceNumber: 'REF-1' }, adminActor(admin), {
      unitOfWork: repositories,
      clock,
      supportEmail: SUPPORT,
    });
  };
  const payCharities = async () => {
    for (const pending of await pendingDistributions(repositories)) {
      await claimCharityPayout(pending.payoutId, adminActor(admin), { unitOfWork: repositories, clock });
      await completeCharityPayout(
        pending.payoutId,
        { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R1' },
        adminActor(admin),
        { unitOfWork: repositories, clock },
      );
    }
  };
  const openRegistry = (currency: Currency) => repositories.registries.create(aNewRegistry(owner.id, { currency }));
  /** The giver's bank disputes a gift and wins it back: the provider takes all the giver paid and its fee. */
  const loseDispute = (gift: Gift, fee: number) =>
    recordDispute(
      {
        disputeId: `du_${gift.id}`,
        paymentIntentId: gift.paymentIntentId!,
        amount: totalCharged(gift),
        currency: gift.currency,
        reason: 'fraudulent',
        status: 'lost',
        evidenceDueBy: null,
        withdrawn: { amount: totalCharged(gift), fee },
        reinstated: null,
      },
      { unitOfWork: repositories, clock, appUrl: APP_URL, supportEmail: SUPPORT },
    );
  return { repositories, gateway, clock, owner, admin, charities, give, close, refund, payFamily, payCharities, openRegistry, loseDispute };
}

const line = (lines: { id: FinanceLineId; month: number; toDate: number }[], id: FinanceLineId) => lines.find((each) => each.id === id)!;

describe('the finance figures of a month', () => {
  it('reads money taken, what is held, paid out by method, fees, refunds and dispute losses from the ledger, per month and to date', async () => {
    const w = await world(new Date('2026-10-10T10:00:00Z'));
    const [bank, paypal, check, open] = await Promise.all(['USD', 'USD', 'USD', 'USD'].map(() => w.openRegistry('USD')));
    // October: gifts to each; the provider takes 3.50 for one where the giver paid 3.39.
    const kept = [
      await w.give(bank!.id, 10_000, w.charities[0]!.id, 350),
      await w.give(paypal!.id, 5_000, w.charities[1]!.id, 175),
      await w.give(check!.id, 20_000, w.charities[0]!.id, 610),
    ];
    const refunded = await w.give(open!.id, 7_500, w.charities[0]!.id);
    await w.refund(refunded.id);
    // November: each family is paid its own way, and the charities too.
    w.clock.advance(30 * 24 * 60 * 60 * 1000);
    await w.give(open!.id, 2_500, w.charities[1]!.id);
    await w.close(bank!.id, 'bank', 'USD');
    await w.close(paypal!.id, 'paypal', 'USD');
    await w.close(check!.id, 'check', 'USD');
    await w.payFamily(paypal!.id);
    await w.payFamily(check!.id);
    await w.payCharities();

    const october = await financeReport({ currency: 'USD', month: '2026-10' }, { unitOfWork: w.repositories, clock: w.clock });
    const all = [...kept, refunded];
    expect(line(october.lines, 'giftVolume')).toEqual({ id: 'giftVolume', month: 42_500, toDate: 42_500 });
    expect(line(october.lines, 'moneyTaken').month).toBe(all.reduce((sum, gift) => sum + totalCharged(gift), 0));
    expect(line(october.lines, 'heldForOpenRegistries')).toMatchObject({ month: 35_000, toDate: 35_000 });
    expect(line(october.lines, 'platformFeeRevenue')).toMatchObject({ month: 900, toDate: 900 });
    // The fees the provider took for the gifts kept, against the card fees their givers paid.
    expect(line(october.lines, 'cardFeesPaid').month).toBe(350 + 175 + 610);
    expect(line(october.lines, 'cardFeesCollected').month).toBe(kept.reduce((sum, gift) => sum + gift.cardFee, 0));
    expect(line(october.lines, 'refundsAbsorbed').month).toBeGreaterThan(0);
    expect(line(october.lines, 'disputeLosses')).toMatchObject({ month: 0, toDate: 0 });

    const november = await financeReport({ currency: 'USD', month: '2026-11' }, { unitOfWork: w.repositories, clock: w.clock });
    expect(line(november.lines, 'paidOutBankTransfer')).toMatchObject({ month: 9_000, toDate: 9_000 });
    expect(line(november.lines, 'paidOutPaypal')).toMatchObject({ month: 4_500 });
    expect(line(november.lines, 'paidOutCheck')).toMatchObject({ month: 18_000 });
    expect(line(november.lines, 'paidOutToCharities')).toMatchObject({ month: 3_500 });
    expect(line(november.lines, 'heldForOpenRegistries')).toMatchObject({ month: -32_500, toDate: 2_500 });
    expect(line(november.lines, 'heldForClosedRegistries')).toMatchObject({ toDate: 0 });
    expect(line(november.lines, 'heldForCharities')).toMatchObject({ toDate: 0 });
    expect(november.giftVolume.slice(-3)).toEqual([
      { month: '2026-09', amount: 0 },
      { month: '2026-10', amount: 42_500 },
      { month: '2026-11', amount: 2_500 },
    ]);
    expect(november.giftVolume).toHaveLength(12);
    // No reconciliation has run in November yet.
    expect(november.reconciliation).toEqual({ status: 'not_run', daysReconciled: 0, lastRun: null, differences: [], failures: [] });
  });

  it('shows the month’s reconciliation: the differences of its days in the currency, and days that failed', async () => {
    const w = await world(new Date('2026-11-10T10:00:00Z'));
    w.gateway.otherBalanceTransactions.push({
      id: 'txn_x',
      kind: 'charge',
      type: 'charge',
      reference: 'pi_x',
      currency: 'CAD',
      amount: 500,
      fee: 45,
      created: new Date('2026-11-08T09:00:00Z'),
    });
    const ports = { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock, appUrl: APP_URL, supportEmail: SUPPORT };
    await reconcileDay('2026-11-07', ports, { force: false });
    await reconcileDay('2026-11-08', ports, { force: false });
    w.gateway.down = true;
    await reconcileDay('2026-11-09', ports, { force: false }).catch(() => undefined);
    const usd = await financeReport({ currency: 'USD', month: '2026-11' }, { unitOfWork: w.repositories, clock: w.clock });
    expect(usd.reconciliation).toMatchObject({
      status: 'failed',
      daysReconciled: 2,
      differences: [],
      lastRun: { day: '2026-11-09', status: 'failed' },
    });
    expect(usd.reconciliation.failures).toEqual([
      { day: '2026-11-09', failure: 'The payment provider did not list its balance transactions: provider unavailable' },
    ]);
    const cad = await financeReport({ currency: 'CAD', month: '2026-11' }, { unitOfWork: w.repositories, clock: w.clock });
    expect(cad.reconciliation.status).toBe('differences');
    expect(cad.reconciliation.differences).toEqual([
      expect.objectContaining({
        day: '2026-11-08',
        key: 'unrecorded:txn_x',
        description: 'A charge of CA$5.00 (pi_x) that the ledger never recorded.',
      }),
    ]);
  });

  it('refuses a currency or month that is not one, and a month not begun; takes this month in USD when none is named', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(financeQuery({}, now)).toMatchObject({ currency: 'USD', month: '2026-11' });
    expect(financeQuery({ currency: 'cad', month: '2025-01' }, now)).toMatchObject({
      currency: 'CAD',
      month: '2025-01',
      range: { from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-02-01T00:00:00Z') },
    });
    for (const bad of [{ currency: 'EUR' }, { currency: ['USD', 'CAD'] }])
      expect(() => financeQuery(bad, now)).toThrow('Currency must be USD or CAD');
    for (const month of ['2026-13', '2026-1', 'November', '2026-11-01', 202611])
      expect(() => financeQuery({ month }, now)).toThrow('Month must be a year and month, like 2026-11');
    expect(() => financeQuery({ month: '2026-12' }, now)).toThrow('2026-12 has not begun yet');
    expect(monthRange('2026-12')).toEqual({ from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') });
    expect(monthsUpTo('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('has a line for every movement: what was refunded to givers (not only the fee the provider kept), and the platform’s net', async () => {
    const w = await world(new Date('2026-10-10T10:00:00Z'));
    const registry = await w.openRegistry('USD');
    await w.give(registry.id, 10_000, w.charities[0]!.id, 350);
    const refunded = await w.give(registry.id, 5_600, w.charities[0]!.id, 203);
    await w.refund(refunded.id);
    const report = await financeReport({ currency: 'USD', month: '2026-10' }, { unitOfWork: w.repositories, clock: w.clock });
    // All the giver paid went back; the provider kept its 2.03.
    expect(line(report.lines, 'refundedToGivers')).toMatchObject({ month: totalCharged(refunded), toDate: totalCharged(refunded) });
    expect(line(report.lines, 'refundsAbsorbed').toDate).toBe(203);
    // Earned: one platform fee and one card fee; borne: the provider's fees on both charges.
    const kept = (await w.repositories.gifts.listByRegistry(registry.id)).find((gift) => gift.paymentStatus === 'succeeded')!;
    expect(line(report.lines, 'platformNet').toDate).toBe(kept.platformFee + kept.cardFee - 350 - 203);
    expect(line(report.lines, 'heldForOthers').toDate).toBe(10_000);
    expect(line(report.lines, 'providerCash').toDate + line(report.lines, 'disputedFunds').toDate).toBe(
      line(report.lines, 'heldForOthers').toDate + line(report.lines, 'platformNet').toDate,
    );
    expect(report.cashShortfall).toBe(0);
  });

  it('says how much provider cash is short of what is held for others, once a lost dispute and its fee took more than the platform earned', async () => {
    const w = await world(new Date('2026-10-10T10:00:00Z'));
    const registry = await w.openRegistry('USD');
    const gift = await w.give(registry.id, 10_000, w.charities[0]!.id, 350);
    await w.close(registry.id, 'paypal', 'USD');
    await w.payFamily(registry.id);
    // After the family was paid, the bank takes the gift back with a 15.00 fee: the charity's 10.00 is still held.
    await w.loseDispute(gift, 1_500);
    const report = await financeReport({ currency: 'USD', month: '2026-10' }, { unitOfWork: w.repositories, clock: w.clock });
    const cash = line(report.lines, 'providerCash').toDate;
    expect(line(report.lines, 'heldForCharities').toDate).toBe(1_000);
    expect(line(report.lines, 'heldForOthers').toDate).toBe(1_000);
    expect(line(report.lines, 'disputeFees').toDate).toBe(1_500);
    expect(cash).toBeLessThan(1_000);
    expect(report.cashShortfall).toBe(1_000 - cash);
    expect(cash + line(report.lines, 'disputedFunds').toDate).toBe(
      line(report.lines, 'heldForOthers').toDate + line(report.lines, 'platformNet').toDate,
    );
  });

  it('gives the accountant the month’s entries in one currency, oldest first', async () => {
    const w = await world(new Date('2026-10-10T10:00:00Z'));
    const registry = await w.openRegistry('USD');
    await w.give(registry.id, 10_000, w.charities[0]!.id);
    w.clock.advance(30 * 24 * 60 * 60 * 1000);
    await w.give(registry.id, 2_000, w.charities[0]!.id);
    const journal = await monthJournal({ currency: 'USD', month: '2026-10' }, { unitOfWork: w.repositories, clock: w.clock });
    expect(journal.entries.map((entry) => entry.kind)).toEqual(['gift.paid']);
    expect((await monthJournal({ currency: 'CAD', month: '2026-10' }, { unitOfWork: w.repositories, clock: w.clock })).entries).toEqual([]);
  });
});

describe('the finance figures, over random histories across months', () => {
  type Step =
    | { kind: 'give'; registry: number; cents: number; charity: number; feeDelta: number }
    | { kind: 'refund'; gift: number }
    | { kind: 'close'; registry: number; method: 'paypal' | 'check' | 'bank' }
    | { kind: 'pay-family'; registry: number }
    | { kind: 'pay-charities' }
    | { kind: 'wait'; hours: number };
  const step: fc.Arbitrary<Step> = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('give' as const),
        registry: fc.nat(3),
        cents: fc.integer({ min: 100, max: 300_000 }),
        charity: fc.nat(1),
        feeDelta: fc.integer({ min: -30, max: 30 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), gift: fc.nat(30) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('close' as const),
        registry: fc.nat(3),
        method: fc.constantFrom('paypal' as const, 'check' as const, 'bank' as const),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay-family' as const), registry: fc.nat(3) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay-charities' as const) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 20 }) }) },
  );

  it('sums each month to what stands at the end, equals the ledger’s balances now, and reconciles every day with no difference', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<Currency>('USD', 'CAD'),
        async (steps, currency) => {
          const first = new Date('2026-08-20T08:00:00Z');
          const w = await world(first);
          const registries = await Promise.all([0, 1, 2, 3].map(() => w.openRegistry(currency)));
          const gifts: Gift[] = [];
          for (const s of steps) {
            if (s.kind === 'wait') w.clock.advance(s.hours * 60 * 60 * 1000);
            else if (s.kind === 'give') {
              const registry = (await w.repositories.registries.findById(registries[s.registry]!.id))!;
              if (registry.status !== 'open') continue;
              const fee = Math.max(0, Math.round((s.cents * 29) / 1000) + 30 + s.feeDelta);
              gifts.push(await w.give(registry.id, s.cents, w.charities[s.charity]!.id, fee));
            } else if (s.kind === 'refund') {
              const gift = gifts[s.gift % Math.max(1, gifts.length)];
              if (gift) await w.refund(gift.id).catch((error: unknown) => (isDomainError(error) ? null : Promise.reject(error)));
            } else if (s.kind === 'close') {
              const registry = (await w.repositories.registries.findById(registries[s.registry]!.id))!;
              if (registry.status === 'open') await w.close(registry.id, s.method, currency);
            } else if (s.kind === 'pay-family') {
              const registry = (await w.repositories.registries.findById(registries[s.registry]!.id))!;
              if (registry.status === 'closed' && registry.payoutStatus === 'pending' && registry.payoutMethod !== 'bank')
                await w.payFamily(registry.id);
            } else {
              await w.payCharities();
            }
          }

          const now = w.clock.now();
          const thisMonth = now.toISOString().slice(0, 7);
          const months = monthsUpTo(thisMonth, 4).filter((month) => month >= '2026-08');
          const movements: MonthlyMovement[] = await w.repositories.ledger.listMonthlyMovements();
          const methodOf = (payout: PostedLedgerEntry) => {
            const method = [...w.repositories.registries.rows.values()].find(
              (registry) => registry.id === registryOfPayoutSent(payout.key),
            )?.payoutMethod;
            return method === 'paypal' || method === 'check' ? method : null;
          };
          const payouts = await w.repositories.ledger.listPosted({ from: new Date(0), to: new Date(now.getTime() + 1) }, PAYOUT_KINDS);
          const byMonth = months.map((month) => financeLines(movements, payouts, currency, month, methodOf));
          const last = byMonth.at(-1)!;
          // What moved in each month adds up to what stands at the end of the last.
          for (const id of FINANCE_LINES) {
            expect(
              byMonth.reduce((sum, lines) => sum + line(lines, id).month, 0),
              id,
            ).toBe(line(last, id).toDate);
          }
          // The page's numbers now are the ledger's balances (npm run admin -- ledger balances).
          const balances = await listLedgerBalances(w.repositories, currency);
          const balanceOf = (test: (account: string) => boolean) =>
            balances.filter((each) => test(each.account)).reduce((sum, each) => sum + each.balance, 0);
          const report = await financeReport({ currency, month: thisMonth }, { unitOfWork: w.repositories, clock: w.clock });
          expect(report.lines).toEqual(last);
          const platform: [FinanceLineId, string][] = [
            ['providerCash', 'provider:cash'],
            ['platformFeeRevenue', 'platform:fee-revenue'],
            ['cardFeesCollected', 'platform:card-fees-collected'],
            ['cardFeesPaid', 'platform:card-fees-paid'],
            ['refundsAbsorbed', 'platform:refunds-absorbed'],
            ['disputeLosses', 'platform:dispute-losses'],
            ['payoutsInTransit', 'payouts:in-transit'],
          ];
          for (const [id, account] of platform) expect(line(last, id).toDate, id).toBe(balanceOf((each) => each === account));
          expect(line(last, 'heldForOpenRegistries').toDate).toBe(balanceOf((account) => account.startsWith('registry:')));
          expect(line(last, 'heldForClosedRegistries').toDate).toBe(balanceOf((account) => account.startsWith('family:')));
          expect(line(last, 'heldForCharities').toDate).toBe(balanceOf((account) => account.startsWith('charity:')));
          // Cash is what was taken, less what was paid out, given back and kept by the provider.
          const paidOut = (['paidOutBankTransfer', 'paidOutPaypal', 'paidOutCheck', 'paidOutToCharities'] as const).reduce(
            (sum, id) => sum + line(last, id).toDate,
            0,
          );
          const refundedCash =
            0 -
            movements
              .filter(
                (row) =>
                  row.currency === currency && row.kind !== 'gift.paid' && row.kind.includes('refunded') && row.account === 'provider:cash',
              )
              .reduce((sum, row) => sum + row.amount, 0);
          expect(line(last, 'refundedToGivers').toDate).toBe(refundedCash);
          expect(line(last, 'providerCash').toDate).toBe(
            line(last, 'moneyTaken').toDate -
              line(last, 'cardFeesPaid').toDate -
              line(last, 'refundsAbsorbed').toDate -
              paidOut -
              line(last, 'refundedToGivers').toDate,
          );
          // The page adds up as a balance sheet, in every month and to its end: cash (and what the
          // provider took for disputes) is what is held for others plus the platform's net.
          for (const lines of byMonth) {
            for (const when of ['month', 'toDate'] as const) {
              const assets = line(lines, 'providerCash')[when] + line(lines, 'disputedFunds')[when];
              expect(assets, when).toBe(line(lines, 'heldForOthers')[when] + line(lines, 'platformNet')[when]);
            }
          }
          expect(report.cashShortfall).toBe(cashShortfall(last));
          expect(report.cashShortfall).toBe(Math.max(0, line(last, 'heldForOthers').toDate - line(last, 'providerCash').toDate));
          expect(monthlyGiftVolume(movements, currency, thisMonth, 4).reduce((sum, each) => sum + each.amount, 0)).toBe(
            line(last, 'giftVolume').toDate,
          );

          // And the provider's balance agrees with the books on every day of the history.
          const ports = { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock, appUrl: APP_URL, supportEmail: SUPPORT };
          for (let day = new Date(first); day <= now; day = new Date(day.getTime() + 24 * 60 * 60 * 1000)) {
            const run = await reconcileDay(day.toISOString().slice(0, 10), ports, { force: true });
            expect(run?.differences, day.toISOString()).toEqual([]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
