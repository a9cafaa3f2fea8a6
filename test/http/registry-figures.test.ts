import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * One figure, one derivation: after each history, every answer behind a screen that shows a
 * registry's Total Received, the family's payout, the charities' share or its breakdown tells the
 * same figure (the dashboard and its registry card, the registry page and its Charity Breakdown,
 * the payout status, the gift list's totals, Admin → Manual Payouts and Charity Payouts, and the
 * finance page, whose figures count every registry and so are read as what this one moved).
 */

let server: TestServer;
let charities: { id: string; name: string }[];
let admin: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
  admin = (await signedIn(server, { admin: true })).client;
});
afterAll(async () => {
  await server?.close();
});

type Json = Record<string, unknown>;
const cents = (amount: unknown) => Math.round(Number(amount) * 100);

async function json(client: HttpClient, path: string): Promise<Json> {
  const response = await client.get(path);
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.json as Json;
}

/** What the administrators' pages hold, summed over every registry: read before a history, and subtracted after. */
async function adminTotals(currency: string) {
  const pending = (await json(admin, '/api/admin/charity-payouts/pending')) as unknown as {
    charityId: string;
    currency: string;
    totalAmount: number;
  }[];
  const byCharity = new Map<string, number>();
  for (const row of pending.filter((each) => each.currency === currency))
    byCharity.set(row.charityId, (byCharity.get(row.charityId) ?? 0) + cents(row.totalAmount));
  const finance = (await json(admin, `/api/admin/finance?currency=${currency}`)).lines as unknown as { id: string; toDate: number }[];
  const line = (id: string) => cents(finance.find((each) => each.id === id)?.toDate ?? 0);
  // What givers gave that is still the families' and the charities', wherever it now is.
  const families =
    line('heldForOpenRegistries') +
    line('heldForClosedRegistries') +
    line('paidOutBankTransfer') +
    line('paidOutPaypal') +
    line('paidOutCheck');
  const charityMoney = line('heldForCharities') + line('paidOutToCharities');
  return { byCharity, givenAndKept: families + line('payoutsInTransit') + charityMoney };
}

/** What Admin → Disputes says the registry's follow-up payouts pay the family, cancelled ones left out. */
async function followUpsOf(registryId: string): Promise<number> {
  const disputes = (await json(admin, '/api/admin/disputes')) as unknown as {
    registry: { id: string };
    followUp: { amount: number; status: string } | null;
  }[];
  return disputes
    .filter((each) => each.registry.id === registryId && each.followUp && each.followUp.status !== 'cancelled')
    .reduce((sum, each) => sum + cents(each.followUp!.amount), 0);
}

interface Figures {
  totalReceived: number;
  giftCount: number;
  family: number;
  charity: number;
  breakdown: Record<string, number>;
}

/** Every screen's figures for the registry, each asserted equal to the others; answers the one figure they share. */
async function everyScreen(owner: HttpClient, registryId: string, before: Awaited<ReturnType<typeof adminTotals>>): Promise<Figures> {
  const page = await json(owner, `/api/registries/${registryId}`);
  const mine = ((await json(owner, '/api/registries/my')) as unknown as Json[]).find((each) => each.id === registryId)!;
  const list = (await json(owner, `/api/registries/${registryId}/gift-list`)).totals as Json;
  const breakdownRows = (await json(owner, `/api/registries/${registryId}/charity-breakdown`)).charities as unknown as {
    charityId: string;
    totalAmount: number;
    giftCount: number;
  }[];
  const closing = page.closingAmounts as Json;
  const breakdown = Object.fromEntries(breakdownRows.map((row) => [row.charityId, cents(row.totalAmount)]));
  const figures: Figures = {
    totalReceived: cents(page.totalReceived),
    giftCount: Number(list.onlineCount),
    family: cents(closing.payoutAmount),
    charity: cents(closing.charityPayoutAmount),
    breakdown,
  };
  // The dashboard's stat cards and the registry card.
  expect({ totalReceived: cents(mine.totalReceived), giftCount: mine.giftCount }, 'dashboard and registry card').toEqual({
    totalReceived: figures.totalReceived,
    giftCount: figures.giftCount,
  });
  // The gift list.
  expect(cents(list.online), 'gift list Total Received').toBe(figures.totalReceived);
  // The split, and the Charity Breakdown adding up to the charities' share.
  expect(figures.family + figures.charity, 'family and charity make the total').toBe(figures.totalReceived);
  expect(
    Object.values(breakdown).reduce((sum, each) => sum + each, 0),
    'Charity Breakdown adds up to the charities’ share',
  ).toBe(figures.charity);
  expect(
    breakdownRows.reduce((sum, row) => sum + row.giftCount, 0),
    'Charity Breakdown counts each gift once',
  ).toBe(figures.giftCount);

  const after = await adminTotals(String(page.currency));
  if (page.status === 'open') {
    expect(page.payoutAmount, 'nothing is owed before closing').toBeNull();
  } else {
    // The registry page's payout status ("Amount to send", "Amount to charity"), from both calls,
    // and Admin → Disputes' follow-ups: a gift held back at closing and won since is paid on its own.
    const followedUp = await followUpsOf(registryId);
    const status = await json(owner, `/api/registries/${registryId}/payout-status`);
    for (const answer of [page, status]) {
      expect(
        { family: cents(answer.payoutAmount) + followedUp, charity: cents(answer.charityPayoutAmount) },
        'payout status and follow-ups',
      ).toEqual({ family: figures.family, charity: figures.charity });
    }
    // Admin → Charity Payouts: what this registry added to each charity's pending payout.
    const added = Object.fromEntries(
      [...after.byCharity]
        .map(([charityId, amount]) => [charityId, amount - (before.byCharity.get(charityId) ?? 0)])
        .filter(([, amount]) => amount !== 0),
    );
    expect(added, 'Admin → Charity Payouts').toEqual(breakdown);
    // Admin → Manual Payouts.
    const manual = await json(admin, '/api/admin/manual-payouts');
    const card = [...(manual.pending as Json[]), ...(manual.completed as Json[])].find((each) => each.id === registryId);
    if (card)
      expect(
        { totalReceived: cents(card.totalReceived), family: cents(card.payoutAmount) + followedUp },
        'Admin → Manual Payouts and Disputes',
      ).toEqual({ totalReceived: figures.totalReceived, family: figures.family });
  }
  // The finance page: what givers gave this registry and still count, wherever the books now hold it.
  expect(after.givenAndKept - before.givenAndKept, 'finance page').toBe(figures.totalReceived);
  return figures;
}

async function give(registryId: string, amount: number, charityId: string, card = '4242424242424242') {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Miriam Gold',
    giftGiverEmail: 'miriam@example.com',
    amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  const confirmed = await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: card });
  expect(confirmed.json, confirmed.text).toEqual({ status: 'succeeded' });
}

async function giftIds(owner: HttpClient, registryId: string): Promise<{ id: string; amount: number }[]> {
  return (await json(owner, `/api/registries/${registryId}/gift-list?sort=amount&order=desc`)).gifts as unknown as {
    id: string;
    amount: number;
  }[];
}

async function close(owner: HttpClient, registryId: string, payout: Json) {
  expect((await owner.call('PUT', `/api/registries/${registryId}/payout-info`, payout)).status).toBe(200);
  const closed = await owner.call('PUT', `/api/registries/${registryId}/close`);
  expect(closed.status, closed.text).toBe(200);
}

const PAYPAL = { payoutMethod: 'paypal', paypalEmail: 'family@example.com' };
const CHECK = {
  payoutMethod: 'check',
  mailingName: 'The Cohens',
  mailingAddress: '12 Elm St',
  mailingCity: 'Toronto',
  mailingState: 'ON',
  mailingZip: 'M5V 2T6',
  mailingCountry: 'CA',
};

/** Waits for the sandbox's bank to dispute the registry's gift paid with the dispute card. */
async function waitForDispute(registryId: string) {
  for (let tries = 0; tries < 60; tries += 1) {
    if (
      ((await json(admin, '/api/admin/disputes')) as unknown as { registry: { id: string } }[]).some(
        (each) => each.registry.id === registryId,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the gift was never disputed');
}

async function decidedDispute(registryId: string, evidence: string) {
  const find = async () =>
    ((await json(admin, '/api/admin/disputes')) as unknown as { id: string; outcome: string | null; registry: { id: string } }[]).find(
      (each) => each.registry.id === registryId,
    );
  let dispute = await find();
  for (let tries = 0; !dispute && tries < 60; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    dispute = await find();
  }
  expect((await admin.post(`/api/admin/disputes/${dispute!.id}/evidence`, { evidence })).status).toBe(200);
  for (let tries = 0; tries < 60; tries += 1) {
    if ((await find())?.outcome) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the dispute was never decided');
}

describe('every screen tells the same figure', () => {
  it('after a dispute won after closing, and a refund of that gift: out of its follow-up and its charity’s payout, never the registry’s payout', async () => {
    const before = await adminTotals('USD');
    const { owner, registry } = await openRegistry(server);
    await give(registry.id, 40, charities[0]!.id, '4000 0000 0000 0259');
    await give(registry.id, 20, charities[0]!.id);
    // Held back at closing while the bank decides: $18 to send.
    await waitForDispute(registry.id);
    await close(owner.client, registry.id, PAYPAL);
    expect(await everyScreen(owner.client, registry.id, before)).toEqual({
      totalReceived: 2_000,
      giftCount: 1,
      family: 1_800,
      charity: 200,
      breakdown: { [charities[0]!.id]: 200 },
    });

    await decidedDispute(registry.id, 'winning_evidence');
    expect(await followUpsOf(registry.id)).toBe(3_600);
    expect(await everyScreen(owner.client, registry.id, before)).toEqual({
      totalReceived: 6_000,
      giftCount: 2,
      family: 5_400,
      charity: 600,
      breakdown: { [charities[0]!.id]: 600 },
    });

    const [won] = await giftIds(owner.client, registry.id);
    expect(won!.amount).toBe(40);
    const refunded = await owner.client.post(`/api/gifts/${won!.id}/refund`, { reason: 'The giver asked for it back' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(await followUpsOf(registry.id)).toBe(0);
    expect(await everyScreen(owner.client, registry.id, before)).toEqual({
      totalReceived: 2_000,
      giftCount: 1,
      family: 1_800,
      charity: 200,
      breakdown: { [charities[0]!.id]: 200 },
    });
    expect((await json(owner.client, `/api/registries/${registry.id}`)).payoutAmount).toBe(18);
    expect(
      (await verifyLedger(server.infrastructure.repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced]),
    ).toEqual([]);
  });

  it('after a refund at the platform’s cost while the check payout was claimed (CA$378.00 given, CA$18.00 given back)', async () => {
    const before = await adminTotals('CAD');
    const { owner, registry } = await openRegistry(server, { currency: 'CAD' });
    await give(registry.id, 360, charities[0]!.id);
    await give(registry.id, 18, charities[1]!.id);
    await close(owner.client, registry.id, CHECK);
    expect((await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {})).status).toBe(200);
    const small = (await giftIds(owner.client, registry.id)).find((gift) => gift.amount === 18)!;
    const refunded = await admin.post(`/api/gifts/${small.id}/refund-at-platform-cost`, { reason: 'The giver’s card was stolen' });
    expect(refunded.status, refunded.text).toBe(200);

    const figures = await everyScreen(owner.client, registry.id, before);
    // The family and the charities keep their parts: the platform bore the refund.
    expect(figures).toEqual({
      totalReceived: 37_800,
      giftCount: 2,
      family: 34_020,
      charity: 3_780,
      breakdown: { [charities[0]!.id]: 3_600, [charities[1]!.id]: 180 },
    });
    const totals = (await json(owner.client, `/api/registries/${registry.id}/gift-list`)).totals as Json;
    expect(totals).toMatchObject({ refunded: 0, refundedCount: 0, refundedAtPlatformCost: 18, refundedAtPlatformCostCount: 1 });
    // Its row says it still counts, so the list's rows add up to its Total Received.
    const rows = (await json(owner.client, `/api/registries/${registry.id}/gift-list`)).gifts as unknown as {
      id: string;
      amount: number;
      paymentStatus: string;
      countsInTotals: boolean;
    }[];
    expect(rows.find((row) => row.id === small.id)).toMatchObject({ paymentStatus: 'refunded', countsInTotals: true });
    expect(rows.filter((row) => row.countsInTotals).reduce((sum, row) => sum + cents(row.amount), 0)).toBe(figures.totalReceived);
  });

  it('after a refund while open, and after closing', async () => {
    const before = await adminTotals('USD');
    const { owner, registry } = await openRegistry(server);
    await give(registry.id, 100, charities[0]!.id);
    await give(registry.id, 50, charities[1]!.id);
    await give(registry.id, 36, charities[1]!.id);
    const [large, middle] = await giftIds(owner.client, registry.id);
    expect((await owner.client.post(`/api/gifts/${large!.id}/refund`, { reason: 'Given twice' })).status).toBe(200);
    expect(await everyScreen(owner.client, registry.id, before)).toMatchObject({ totalReceived: 8_600, giftCount: 2 });

    await close(owner.client, registry.id, PAYPAL);
    expect(await everyScreen(owner.client, registry.id, before)).toMatchObject({ totalReceived: 8_600, family: 7_740, charity: 860 });
    expect((await owner.client.post(`/api/gifts/${middle!.id}/refund`, { reason: 'Asked back' })).status).toBe(200);
    expect(await everyScreen(owner.client, registry.id, before)).toEqual({
      totalReceived: 3_600,
      giftCount: 1,
      family: 3_240,
      charity: 360,
      breakdown: { [charities[1]!.id]: 360 },
    });
    const rows = (await json(owner.client, `/api/registries/${registry.id}/gift-list`)).gifts as unknown as {
      amount: number;
      countsInTotals: boolean;
    }[];
    expect(rows.map((row) => [row.amount, row.countsInTotals])).toEqual([
      [36, true],
      [50, false],
      [100, false],
    ]);
  });

  it('after a dispute won, and one lost, each before closing', async () => {
    for (const [evidence, kept] of [
      ['winning_evidence', 15_000],
      ['losing_evidence', 5_000],
    ] as const) {
      const before = await adminTotals('USD');
      const { owner, registry } = await openRegistry(server);
      await give(registry.id, 50, charities[0]!.id);
      await give(registry.id, 100, charities[1]!.id, '4000 0000 0000 0259');
      await decidedDispute(registry.id, evidence);
      expect(await everyScreen(owner.client, registry.id, before)).toMatchObject({ totalReceived: kept });
      await close(owner.client, registry.id, PAYPAL);
      expect(await everyScreen(owner.client, registry.id, before)).toMatchObject({
        totalReceived: kept,
        family: kept * 0.9,
        charity: kept * 0.1,
      });
    }
  });
});
