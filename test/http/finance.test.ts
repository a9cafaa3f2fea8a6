import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPaymentGateway } from '../../adapters/payments/sandbox/sandbox-payment-gateway';
import { createSandboxAccountStore } from '../../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { listLedgerBalances } from '@core/ledger/list-balances';
import { reconcileDay } from '@core/ledger/reconcile-day';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;
let admin: HttpClient;
let adminEmail: string;
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  const signedInAdmin = await signedIn(server, { admin: true });
  admin = signedInAdmin.client;
  adminEmail = signedInAdmin.registration.email;
});
afterAll(async () => {
  await server?.close();
});

/** A guest's gift, paid through the sandbox's card form. */
async function give(registryId: string, amount: number) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Miriam',
    giftGiverEmail: 'miriam@example.com',
    amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  expect(
    (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
  ).toBe(200);
}

type Line = { id: string; month: number; toDate: number };
const figure = (lines: Line[], id: string) => lines.find((line) => line.id === id)!;

/** The sandbox provider as another instance of the server would have it: its balance is in the database. */
function provider() {
  const { orm } = server.infrastructure;
  return new SandboxPaymentGateway({
    secret: 'another-instance-secret-0123456789',
    accounts: createSandboxAccountStore(orm),
    balance: createSandboxBalance(orm),
    appUrl: server.url,
  });
}

describe('Admin → Finance over HTTP', () => {
  it('answers this month’s figures in USD, equal to the ledger’s balances, with the gift volume of 12 months', async () => {
    const { owner, registry } = await openRegistry(server);
    await give(registry.id, 100);
    await give(registry.id, 250.5);
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);

    const answer = await admin.get('/api/admin/finance');
    expect(answer.status, answer.text).toBe(200);
    const report = answer.json as unknown as {
      currency: string;
      month: string;
      lines: Line[];
      giftVolume: { month: string; amount: number }[];
    };
    expect(report).toMatchObject({ currency: 'USD', month: thisMonth() });
    expect(report.giftVolume).toHaveLength(12);
    expect(report.giftVolume.at(-1)).toEqual({ month: thisMonth(), amount: expect.any(Number) as unknown });

    // Every figure to date is the ledger's balance now (npm run admin -- ledger balances).
    const balances = await listLedgerBalances(server.infrastructure.repositories, 'USD');
    const balance = (test: (account: string) => boolean) =>
      balances.filter((line) => test(line.account)).reduce((sum, line) => sum + line.balance, 0) / 100;
    expect(figure(report.lines, 'providerCash').toDate).toBe(balance((account) => account === 'provider:cash'));
    expect(figure(report.lines, 'platformFeeRevenue').toDate).toBe(balance((account) => account === 'platform:fee-revenue'));
    expect(figure(report.lines, 'cardFeesCollected').toDate).toBe(balance((account) => account === 'platform:card-fees-collected'));
    expect(figure(report.lines, 'cardFeesPaid').toDate).toBe(balance((account) => account === 'platform:card-fees-paid'));
    expect(figure(report.lines, 'heldForClosedRegistries').toDate).toBe(balance((account) => account.startsWith('family:')));
    expect(figure(report.lines, 'heldForCharities').toDate).toBe(balance((account) => account.startsWith('charity:')));
    expect(figure(report.lines, 'heldForClosedRegistries').toDate).toBeGreaterThanOrEqual(315.45);
    expect(figure(report.lines, 'disputeLosses')).toEqual({ id: 'disputeLosses', month: 0, toDate: 0 });

    const cad = await admin.get(`/api/admin/finance?currency=cad&month=${thisMonth()}`);
    expect(cad.status).toBe(200);
    expect(cad.json).toMatchObject({ currency: 'CAD' });
  });

  it('exports the month’s postings as a CSV file for an accountant, to the cent, debits equal to credits, each account named, each payout with its reference', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Talia Mizrahi' });
    await give(registry.id, 123.45);
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    // The charity's payout is sent by ACH, its reference recorded.
    const pending = (await admin.get('/api/admin/charity-payouts/pending')).json as unknown as {
      payoutId: string;
      charityId: string;
      charityName: string;
      currency: string;
    }[];
    const payout = pending.find((each) => each.charityId === charityId && each.currency === 'USD')!;
    expect((await admin.post(`/api/admin/charity-payouts/${payout.payoutId}/claim`, {})).status).toBe(200);
    const completed = await admin.call('PATCH', `/api/admin/charity-payouts/${payout.payoutId}/status`, {
      status: 'completed',
      paymentMethod: 'ACH',
      referenceNumber: 'ACH-1042',
    });
    expect(completed.status, completed.text).toBe(200);

    const answer = await admin.get(`/api/admin/finance/export?currency=USD&month=${thisMonth()}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="ledger-USD-${thisMonth()}.csv"`);
    const rows = answer.text
      .trimEnd()
      .split('\r\n')
      .map((row) => row.split(','));
    expect(rows[0]).toEqual([
      'posted_at',
      'entry',
      'kind',
      'reference',
      'account',
      'held_for',
      'registry_id',
      'debit',
      'credit',
      'currency',
    ]);
    const column = (name: string) => rows[0]!.indexOf(name);
    const [account, heldFor, registryId, debit, credit, kind, reference] = [
      'account',
      'held_for',
      'registry_id',
      'debit',
      'credit',
      'kind',
      'reference',
    ].map(column) as number[];
    // The registry's and the family's accounts name the child and the registry; the charity's, the charity.
    const gifts = rows.find((row) => row[account!] === `registry:${registry.id}:gifts` && row[credit!] === '123.45')!;
    expect([gifts[heldFor!], gifts[registryId!]]).toEqual(['Talia Mizrahi', registry.id]);
    const family = rows.find((row) => row[account!] === `family:${registry.id}:payable`)!;
    expect([family[heldFor!], family[registryId!]]).toEqual(['Talia Mizrahi', registry.id]);
    const charity = rows.find((row) => row[account!] === `charity:${charityId}:payable`)!;
    expect([charity[heldFor!], charity[registryId!]]).toEqual([payout.charityName, '']);
    expect(rows.find((row) => row[account!] === 'provider:cash')![heldFor!]).toBe('');
    // The charity payout is exported with the reference the administrator recorded.
    const sent = rows.filter((row) => row[kind!] === 'charity_payout.sent' && row[1] === `charity-payout:${payout.payoutId}:sent`);
    expect(sent.length).toBeGreaterThan(0);
    for (const row of sent) expect(row[reference!]).toBe('ACH-1042');
    for (const row of rows.slice(1)) {
      for (const amount of [row[debit!], row[credit!]]) if (amount) expect(amount).toMatch(/^\d+\.\d{2}$/);
    }
    const total = rows.at(-1)!;
    expect(total[1]).toBe('total');
    expect(total[debit!]).toBe(total[credit!]);
    const cents = (text: string) => Number(text.replace('.', ''));
    expect(rows.slice(1, -1).reduce((sum, row) => sum + (row[debit!] ? cents(row[debit!]!) : 0), 0)).toBe(cents(total[debit!]!));
  });

  it('shows the reconciliation of the month: agreed, then a charge the ledger never saw, which the administrators are e-mailed about once', async () => {
    const ports = {
      unitOfWork: server.infrastructure.repositories,
      gateway: provider(),
      clock: { now: () => new Date() },
      appUrl: server.url,
      supportEmail: 'help@gifts.example.org',
    };
    expect(await reconcileDay(today(), ports, { force: true })).toMatchObject({ status: 'agreed', differences: [] });
    const agreed = (await admin.get('/api/admin/finance')).json as unknown as {
      reconciliation: { status: string; daysReconciled: number; lastRun: { day: string } };
    };
    expect(agreed.reconciliation).toMatchObject({ status: 'agreed', daysReconciled: 1, lastRun: { day: today(), status: 'agreed' } });

    await server.mailWorker.drainOnce();
    const mark = readOutbox(server.dataDir).length;
    await createSandboxBalance(server.infrastructure.orm).record({
      id: 'txn_sbx_stray',
      kind: 'charge',
      type: 'charge',
      reference: 'sbx_pi_USD_5000_stray',
      currency: 'USD',
      amount: 5_000,
      fee: 175,
      created: new Date(),
    });
    await reconcileDay(today(), ports, { force: true });
    await reconcileDay(today(), ports, { force: true });
    const found = (await admin.get('/api/admin/finance')).json as unknown as {
      reconciliation: { status: string; differences: { kind: string; description: string; provider: number; ledger: number | null }[] };
    };
    expect(found.reconciliation.status).toBe('differences');
    expect(found.reconciliation.differences).toEqual([
      expect.objectContaining({
        kind: 'unrecorded',
        provider: 50,
        ledger: null,
        description: 'A charge of $50.00 (sbx_pi_USD_5000_stray) that the ledger never recorded.',
        day: today(),
      }),
    ]);
    await server.mailWorker.drainOnce();
    const mails = readOutbox(server.dataDir)
      .slice(mark)
      .filter((mail) => mail.to === adminEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Reconciliation of ${today()}: 1 difference with the payment provider`);
  });

  it('runs the daily job for yesterday once: a second look, on this instance or another, finds the day taken', async () => {
    // The last day over for two hours (RECONCILIATION_GRACE_MS).
    const yesterday = new Date(Date.now() - 26 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const looks = await Promise.all([server.runJob('ledger-reconciliation'), server.runJob('ledger-reconciliation')]);
    expect(looks.filter((run) => run !== null)).toEqual([expect.objectContaining({ day: yesterday, status: 'agreed' })]);
    expect(await server.runJob('ledger-reconciliation')).toBeNull();
    expect(await server.infrastructure.repositories.reconciliations.listRuns(yesterday, yesterday)).toEqual([
      expect.objectContaining({ day: yesterday, status: 'agreed' }),
    ]);
  });

  it('refuses a currency or month that is not one, with the reason', async () => {
    for (const query of ['currency=EUR', 'month=2026-13', 'month=nov', 'month=2999-01', 'currency=USD&currency=CAD']) {
      for (const path of ['/api/admin/finance', '/api/admin/finance/export']) {
        const answer = await admin.get(`${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.json.message).toMatch(/Currency must be USD or CAD|Month must be a year and month, like 2026-11|has not begun yet/);
      }
    }
  });

  it('is for administrators alone: a family, a visitor and anyone signed out get 404, as on every admin call', async () => {
    const { owner } = await openRegistry(server);
    for (const client of [owner.client, new HttpClient(server.url)]) {
      expect((await client.get('/api/admin/finance')).status).toBe(404);
      expect((await client.get('/api/admin/finance/export')).status).toBe(404);
    }
  });
});
