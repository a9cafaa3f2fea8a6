import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: HttpClient;
let charities: { id: string; name: string }[];

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedIn(server, { admin: true })).client;
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
});
afterAll(async () => {
  await server?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const today = () => new Date().toISOString().slice(0, 10);
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function cash(overrides: Record<string, unknown> = {}) {
  return {
    giftGiverName: 'Uncle Ben',
    giftGiverEmail: '',
    amount: 180,
    method: 'cash',
    receivedOn: today(),
    note: 'In the card box',
    ...overrides,
  };
}
const check = (overrides: Record<string, unknown> = {}) =>
  cash({ giftGiverName: 'Aunt Dora', giftGiverEmail: 'dora@example.com', amount: 36.5, method: 'check', note: '', ...overrides });

/** A gift a guest paid online, confirmed by the sandbox. */
async function giveOnline(registryId: string, amount: number, charityId = charities[0]!.id) {
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
  ).toBeLessThan(300);
}

async function record(client: HttpClient, registryId: string, body: unknown) {
  return client.post(`/api/registries/${registryId}/offline-gifts`, body);
}

async function giftList(client: HttpClient, registryId: string) {
  const response = await client.get(`/api/registries/${registryId}/gift-list`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as {
    giftCount: number;
    totals: {
      online: number;
      byHand: number;
      total: number;
      refunded: number;
      onlineCount: number;
      byHandCount: number;
      refundedCount: number;
    };
    gifts: {
      id: string;
      giftGiverName: string;
      giftGiverEmail: string | null;
      amount: number;
      givenBy: string;
      charityId: string | null;
      byHand: unknown;
      personalMessage: string | null;
    }[];
  };
}

describe('a registry’s currency, once a gift is given by hand', () => {
  it('stays as it is: the gift was recorded in it; without the gift it may change again', async () => {
    const { owner, registry } = await openRegistry(server);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ hasGiftsGivenByHand: false });
    const recorded = await record(owner.client, registry.id, cash());
    expect(recorded.status, recorded.text).toBe(201);
    // The family's page is told, so it does not offer what the server refuses; a visitor is not.
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ hasGiftsGivenByHand: true, hasGifts: false });
    expect((await new HttpClient(server.url).get(`/api/registries/${registry.id}`)).json).not.toHaveProperty('hasGiftsGivenByHand');
    // A guest is paying online meanwhile.
    const [charity] = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[];
    const underWay = await new HttpClient(server.url).post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId: charity!.id,
      giftGiverName: 'Aunt Miriam',
      giftGiverEmail: 'miriam@example.com',
      amount: 36,
      personalMessage: '',
    });
    expect(underWay.status).toBe(201);
    const onlineGifts = async () =>
      ((await owner.client.get(`/api/registries/${registry.id}/gifts`)).json as unknown as { paymentStatus: string }[]).map(
        (gift) => gift.paymentStatus,
      );
    const refused = await owner.client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'You can’t change the currency while gifts given by hand are recorded in USD. Remove them first, or keep USD.',
    );
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ currency: 'USD' });
    // The same currency again changes nothing and is no error.
    expect((await owner.client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'USD' })).status).toBe(200);
    // Neither took the guest's payment from them.
    expect(await onlineGifts()).toEqual(['pending']);
    expect((await owner.client.call('DELETE', `/api/offline-gifts/${recorded.json.id}`)).status).toBeLessThan(300);
    expect((await owner.client.call('PATCH', `/api/registries/${registry.id}/currency`, { currency: 'CAD' })).status).toBe(200);
    // A change that goes ahead gives the payment under way up: it was priced in the other currency.
    expect(await onlineGifts()).toEqual(['expired']);
  });
});

describe('recording a gift given by hand', () => {
  it('records cash without an e-mail and a check with one; the owner sees them in the gift list and totals, marked by hand', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveOnline(registry.id, 100);
    const byCash = await record(owner.client, registry.id, cash());
    expect(byCash.status, byCash.text).toBe(201);
    expect(byCash.json).toMatchObject({
      registryId: registry.id,
      giftGiverName: 'Uncle Ben',
      giftGiverEmail: null,
      amount: 180,
      method: 'cash',
      receivedOn: today(),
      note: 'In the card box',
    });
    const byCheck = await record(owner.client, registry.id, check());
    expect(byCheck.status, byCheck.text).toBe(201);
    expect(byCheck.json).toMatchObject({ giftGiverEmail: 'dora@example.com', amount: 36.5, method: 'check', note: null });

    const list = await giftList(owner.client, registry.id);
    expect(list.giftCount).toBe(3);
    expect(list.totals).toEqual({
      online: 100,
      byHand: 216.5,
      total: 316.5,
      refunded: 0,
      onlineCount: 1,
      byHandCount: 2,
      refundedCount: 0,
      refundedAtPlatformCost: 0,
      refundedAtPlatformCostCount: 0,
      disputed: 0,
      disputedCount: 0,
      refundedBefore: [],
    });
    expect(list.gifts.find((gift) => gift.id === byCash.json.id)).toMatchObject({
      givenBy: 'cash',
      giftGiverEmail: null,
      charityId: null,
      personalMessage: 'In the card box',
      byHand: { method: 'cash', receivedOn: today(), note: 'In the card box' },
    });
    expect(list.gifts.find((gift) => gift.giftGiverName === 'Miriam')).toMatchObject({ givenBy: 'online', byHand: null });
  });

  it('never shows money given by hand to guests, and never pays it out to the family or a charity', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveOnline(registry.id, 100, charities[0]!.id);
    await giveOnline(registry.id, 50, charities[1]!.id);
    const before = await new HttpClient(server.url).get(`/api/registries/${registry.id}`);
    expect((await record(owner.client, registry.id, cash({ amount: 5_000 }))).status).toBe(201);

    const guestView = await new HttpClient(server.url).get(`/api/registries/${registry.id}`);
    expect(guestView.json).toEqual(before.json);
    expect(JSON.stringify(guestView.json)).not.toMatch(/Uncle Ben|5000/);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ totalReceived: 150 });
    const mine = (await owner.client.get('/api/registries/my')).json as unknown as { id: string; totalReceived: number }[];
    expect(mine.find((item) => item.id === registry.id)?.totalReceived).toBe(150);

    expect(
      (
        await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
          payoutMethod: 'paypal',
          paypalEmail: 'family@example.com',
        })
      ).status,
    ).toBe(200);
    const closed = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    const status = await owner.client.get(`/api/registries/${registry.id}/payout-status`);
    expect(status.json).toMatchObject({ payoutAmount: 135, charityPayoutAmount: 15 });
    const breakdown = await owner.client.get(`/api/registries/${registry.id}/charity-breakdown`);
    const total = (breakdown.json.charities as unknown as { totalAmount: number; giftCount: number }[]).reduce(
      (sum, share) => sum + share.totalAmount,
      0,
    );
    expect(total).toBe(15);
    const manual = (await admin.get('/api/admin/manual-payouts')).json as unknown as {
      pending: { id: string; payoutAmount: number | null }[];
    };
    expect(JSON.stringify(manual)).not.toMatch(/5000/);

    // Cash counted after closing is recorded too: it moves no money.
    expect((await record(owner.client, registry.id, cash({ amount: 20 }))).status).toBe(201);
    expect((await owner.client.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      payoutAmount: 135,
      charityPayoutAmount: 15,
    });
    expect((await giftList(owner.client, registry.id)).totals).toMatchObject({ online: 150, byHand: 5_020, total: 5_170 });
  });

  it('lets only the owner record one: 401 for a visitor, 403 for anyone else, 404 for no registry', async () => {
    const { owner, registry } = await openRegistry(server);
    const stranger = await signedIn(server);
    expect((await record(new HttpClient(server.url), registry.id, cash())).status).toBe(401);
    expect((await record(stranger.client, registry.id, cash())).status).toBe(403);
    expect((await record(stranger.client, registry.id, { nonsense: true })).status).toBe(403);
    expect((await record(owner.client, UNKNOWN, cash())).status).toBe(404);
    expect((await record(owner.client, 'not-a-uuid', cash())).status).toBe(404);
    expect((await giftList(owner.client, registry.id)).giftCount).toBe(0);
  });

  it.each([
    ['no name', { giftGiverName: '  ' }, 'giftGiverName', 'Name is required'],
    [
      'a line break in the name',
      { giftGiverName: 'Ben\nBcc: x@example.com' },
      'giftGiverName',
      'Name cannot contain line breaks or control characters',
    ],
    ['a bad e-mail', { giftGiverEmail: 'ben@' }, 'giftGiverEmail', 'Enter a valid email or leave it empty'],
    ['no amount', { amount: undefined }, 'amount', 'Amount is required'],
    ['zero', { amount: 0 }, 'amount', 'Amount must be a positive number'],
    ['a negative amount', { amount: -5 }, 'amount', 'Amount must be a positive number'],
    ['three decimals', { amount: 10.005 }, 'amount', 'Amount can have at most two decimals'],
    ['too much', { amount: 25_000.01 }, 'amount', 'The largest gift is 25,000.00'],
    ['an amount as text', { amount: '180' }, 'amount', 'Must be a number'],
    ['an unknown method', { method: 'card' }, 'method', 'Choose cash, check or other'],
    ['no date', { receivedOn: '' }, 'receivedOn', 'Date is required'],
    ['a date that does not exist', { receivedOn: '2026-02-30' }, 'receivedOn', 'Enter a date such as 2026-05-17'],
    ['a date with a time', { receivedOn: '2026-05-17T10:00:00Z' }, 'receivedOn', 'Enter a date such as 2026-05-17'],
    ['a date next week', { receivedOn: daysFromNow(7) }, 'receivedOn', 'The date cannot be in the future'],
    ['a date long ago', { receivedOn: '1999-12-31' }, 'receivedOn', 'The date cannot be before 2000-01-01'],
    ['a note too long', { note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    ['an unknown field', { charityId: 'abc' }, 'charityId', 'Unknown field'],
  ])('refuses %s with a 400 and a message for the field, and records nothing', async (_name, change, field, message) => {
    const { owner, registry } = await openRegistry(server);
    const refused = await record(owner.client, registry.id, cash(change));
    expect(refused.status, refused.text).toBe(400);
    expect((refused.json as unknown as { errors: Record<string, string> }).errors[field]).toBe(message);
    expect((await giftList(owner.client, registry.id)).giftCount).toBe(0);
  });

  // Read at the wire (core/read-amount.ts) before core sees cents: the same words, record or edit alike.
  it.each([
    ['three decimals', 36.999, 'Amount can have at most two decimals', 'Amount can have at most two decimals'],
    ['0.1 + 0.2', 0.1 + 0.2, 'Amount can have at most two decimals', 'Amount can have at most two decimals'],
    ['a string amount', '36.50', 'Amount must be a positive number', 'Must be a number'],
    ['"NaN"', 'NaN', 'Amount must be a positive number', 'Must be a number'],
    ['true', true, 'Amount must be a positive number', 'Must be a number'],
    ['a negative amount', -0.01, 'Amount must be a positive number', 'Amount must be a positive number'],
    ['a huge amount', 1e12, 'The largest gift is 25,000.00', 'The largest gift is 25,000.00'],
    ['an amount no double holds to the cent', 1e300, 'The largest gift is 25,000.00', 'The largest gift is 25,000.00'],
  ])('refuses %s with a 400, recording or correcting, and changes nothing', async (_name, amount, message, field) => {
    const { owner, registry } = await openRegistry(server);
    const refused = await record(owner.client, registry.id, cash({ amount }));
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toEqual({ message, errors: { amount: field } });
    const gift = (await record(owner.client, registry.id, cash())).json as unknown as { id: string };
    const edit = await owner.client.call('PUT', `/api/offline-gifts/${gift.id}`, cash({ amount }));
    expect(edit.status, edit.text).toBe(400);
    expect(edit.json).toEqual({ message, errors: { amount: field } });
    const list = await giftList(owner.client, registry.id);
    expect(list.giftCount).toBe(1);
    expect(list.totals).toMatchObject({ byHand: 180 });
  });

  it('refuses an amount JSON reads as Infinity (1e400) with a 400, and tells a visitor to sign in whatever amount they send', async () => {
    const { owner, registry } = await openRegistry(server);
    const body = JSON.stringify(cash({ amount: 0 })).replace('"amount":0', '"amount":1e400');
    const refused = await owner.client.call('POST', `/api/registries/${registry.id}/offline-gifts`, body);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toEqual({ message: 'Amount must be a positive number', errors: { amount: 'Must be a number' } });
    const visitor = new HttpClient(server.url);
    expect((await record(visitor, registry.id, cash({ amount: 'ten' }))).status).toBe(401);
    expect((await visitor.call('PUT', `/api/offline-gifts/${UNKNOWN}`, cash({ amount: 'ten' }))).status).toBe(401);
    expect((await giftList(owner.client, registry.id)).giftCount).toBe(0);
  });

  it('accepts tomorrow (a family ahead of UTC) and one cent', async () => {
    const { owner, registry } = await openRegistry(server);
    expect((await record(owner.client, registry.id, cash({ receivedOn: daysFromNow(1), amount: 0.01 }))).status).toBe(201);
  });
});

describe('editing and deleting a gift given by hand', () => {
  it('lets the owner correct a gift and remove one, and nobody else', async () => {
    const { owner, registry } = await openRegistry(server);
    const stranger = await signedIn(server);
    const gift = (await record(owner.client, registry.id, cash())).json as unknown as { id: string };
    const path = `/api/offline-gifts/${gift.id}`;

    expect((await new HttpClient(server.url).call('PUT', path, check())).status).toBe(401);
    expect((await stranger.client.call('PUT', path, check())).status).toBe(403);
    expect((await stranger.client.call('DELETE', path)).status).toBe(403);
    expect((await owner.client.call('PUT', `/api/offline-gifts/${UNKNOWN}`, check())).status).toBe(404);
    expect((await owner.client.call('DELETE', '/api/offline-gifts/not-a-uuid')).status).toBe(404);
    const bad = await owner.client.call('PUT', path, check({ amount: 0 }));
    expect(bad.status).toBe(400);

    const edited = await owner.client.call('PUT', path, check({ giftGiverName: 'Uncle Ben', amount: 200 }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({
      id: gift.id,
      giftGiverName: 'Uncle Ben',
      giftGiverEmail: 'dora@example.com',
      amount: 200,
      method: 'check',
    });
    expect((await giftList(owner.client, registry.id)).totals).toMatchObject({ byHand: 200, total: 200 });

    const removed = await owner.client.call('DELETE', path);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json).toEqual({ message: 'Gift removed' });
    expect((await owner.client.call('DELETE', path)).status).toBe(404);
    expect((await giftList(owner.client, registry.id)).giftCount).toBe(0);
  });
});

describe('thanking a giver who gave by hand', () => {
  interface Contributor {
    id: string;
    giftGiverEmail: string | null;
    givenBy: string;
    charityId: string | null;
    thankYouNote: { id: string; status: string } | null;
  }

  async function note(client: HttpClient, giftId: string) {
    const saved = await client.post('/api/thank-you-notes', {
      giftId,
      templateId: 'warm',
      customMessage: 'Thank you, Uncle Ben!',
      imageUrls: [],
      imageSize: 'medium',
    });
    expect(saved.status, saved.text).toBe(200);
    return saved.json as unknown as { id: string; giftId: string; status: string };
  }

  it('lists every giver, online and by hand; a card without an e-mail is printed and marked given, and counts as sent', async () => {
    const { owner, registry } = await openRegistry(server);
    const stranger = await signedIn(server);
    await giveOnline(registry.id, 100);
    const ben = (await record(owner.client, registry.id, cash())).json as unknown as { id: string };
    const dora = (await record(owner.client, registry.id, check())).json as unknown as { id: string };

    const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as Contributor[];
    expect(contributors).toHaveLength(3);
    expect(contributors.find((row) => row.id === ben.id)).toMatchObject({
      givenBy: 'cash',
      giftGiverEmail: null,
      charityId: null,
      personalMessage: null,
      thankYouNote: null,
    });

    const benNote = await note(owner.client, ben.id);
    expect(benNote).toMatchObject({ giftId: ben.id, status: 'draft' });
    const unsent = await owner.client.post(`/api/thank-you-notes/${benNote.id}/send`);
    expect(unsent.status).toBe(409);
    expect(unsent.json.message).toBe('This giver has no e-mail address: print the card and give it by hand');

    expect((await new HttpClient(server.url).post(`/api/thank-you-notes/${benNote.id}/given`)).status).toBe(401);
    expect((await stranger.client.post(`/api/thank-you-notes/${benNote.id}/given`)).status).toBe(403);
    expect((await owner.client.post(`/api/thank-you-notes/${UNKNOWN}/given`)).status).toBe(404);
    const given = await owner.client.post(`/api/thank-you-notes/${benNote.id}/given`);
    expect(given.status, given.text).toBe(200);
    expect(given.json).toMatchObject({ note: { id: benNote.id, status: 'sent' }, message: 'Thank you card marked as given' });

    // A giver by hand with an e-mail can be e-mailed the card as well.
    const doraNote = await note(owner.client, dora.id);
    expect((await owner.client.post(`/api/thank-you-notes/${doraNote.id}/send`)).status).toBe(200);

    const after = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as Contributor[];
    expect(
      after
        .filter((row) => row.thankYouNote?.status === 'sent')
        .map((row) => row.id)
        .sort(),
    ).toEqual([ben.id, dora.id].sort());

    // A card for a gift paid online is e-mailed, not marked given.
    const online = after.find((row) => row.givenBy === 'online')!;
    const onlineNote = await note(owner.client, online.id);
    expect((await owner.client.post(`/api/thank-you-notes/${onlineNote.id}/given`)).status).toBe(409);

    // Deleting the gift removes its card.
    expect((await owner.client.call('DELETE', `/api/offline-gifts/${ben.id}`)).status).toBe(200);
    expect((await owner.client.post(`/api/thank-you-notes/${benNote.id}/given`)).status).toBe(404);
  });

  it('refuses a stranger’s note for another family’s gift given by hand', async () => {
    const { owner, registry } = await openRegistry(server);
    const stranger = await signedIn(server);
    const ben = (await record(owner.client, registry.id, cash())).json as unknown as { id: string };
    const refused = await stranger.client.post('/api/thank-you-notes', {
      giftId: ben.id,
      templateId: 'warm',
      customMessage: 'Hi',
      imageUrls: [],
      imageSize: 'medium',
    });
    expect(refused.status).toBe(403);
  });
});
