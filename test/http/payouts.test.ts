import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

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

const PAYPAL = { payoutMethod: 'paypal', paypalEmail: 'family@example.com' };
const CHECK = { payoutMethod: 'check', mailingName: 'Rachel Cohen', mailingAddress: '12 Elm St', mailingCity: 'Teaneck', mailingState: 'NJ', mailingZip: '07666' };

async function give(registryId: string, amount: number, charityId = charities[0]!.id, card = '4242424242424242') {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', { registryId, charityId, giftGiverName: 'Miriam', giftGiverEmail: 'miriam@example.com', amount, personalMessage: '' });
  expect(intent.status, intent.text).toBe(201);
  return { guest, clientSecret: intent.json.clientSecret as string, confirm: () => guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: card }) };
}

async function registryWithGifts(amounts: number[], overrides: Record<string, unknown> = {}) {
  const { owner, registry } = await openRegistry(server, overrides);
  for (const [index, amount] of amounts.entries()) await (await give(registry.id, amount, charities[index % 2]!.id)).confirm();
  return { owner: owner.client, registry };
}

/** Everything a refusal must leave as it was: the owner's view and the administrators' lists. */
async function snapshot(owner: HttpClient, registryId: string) {
  return {
    registry: (await owner.get(`/api/registries/${registryId}`)).json,
    pending: (await admin.get('/api/admin/charity-payouts/pending')).json,
    history: (await admin.get('/api/admin/charity-payouts')).json,
    manual: (await admin.get('/api/admin/manual-payouts')).json,
  };
}

async function payoutOf(registryId: string) {
  const history = (await admin.get('/api/admin/charity-payouts')).json as unknown as { id: string; registryIds: string[]; status: string }[];
  return history.find((payout) => payout.registryIds.includes(registryId) && payout.status === 'pending')!;
}

/** The owner's bank account, created and verified through the sandbox's onboarding page. */
async function verifiedBank(owner: HttpClient, registryId: string, outcome = 'verified') {
  expect((await owner.post('/api/connect/create-account', { country: 'US' })).status).toBe(200);
  const link = await owner.post('/api/connect/onboarding-link', { registryId });
  expect(link.status, link.text).toBe(200);
  const token = new URL(link.json.url as string).searchParams.get('token')!;
  const done = await new HttpClient(server.url).post('/api/sandbox/onboarding', { token, outcome });
  expect(done.status, done.text).toBe(200);
  expect(done.json.redirectUrl).toMatch(new RegExp(`/registry/${registryId}\\?connect=return$`));
}

describe('payout details', () => {
  it('saves PayPal or a check address for the owner, and answers them in the owner’s view only', async () => {
    const { owner, registry } = await registryWithGifts([]);
    const saved = await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toMatchObject({ payoutMethod: 'check', mailingName: 'Rachel Cohen', mailingCountry: 'US', paypalEmail: null });
    const switched = await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    expect(switched.json).toMatchObject({ payoutMethod: 'paypal', paypalEmail: 'family@example.com', mailingName: null });
    const publicView = (await new HttpClient(server.url).get(`/api/registries/${registry.id}`)).json;
    expect(JSON.stringify(publicView)).not.toContain('family@example.com');
    expect(publicView).not.toHaveProperty('payoutMethod');
  });

  it.each([
    [{ payoutMethod: 'paypal' }, 'paypalEmail', 'PayPal email is required'],
    [{ payoutMethod: 'paypal', paypalEmail: 'nope' }, 'paypalEmail', 'Enter a valid PayPal email'],
    [{ ...CHECK, mailingZip: '' }, 'mailingZip', 'ZIP or postal code is required'],
    [{ ...CHECK, mailingCountry: 'MX' }, 'mailingCountry', 'Checks can be mailed to the US or Canada'],
    [{ payoutMethod: 'venmo' }, 'payoutMethod', 'Choose bank transfer, PayPal or check'],
    [{ ...PAYPAL, bankAccountNumber: '000123456789' }, 'bankAccountNumber', 'Unknown field'],
    [{ ...CHECK, mailingCity: ['Teaneck'] }, 'mailingCity', 'Must be text'],
  ])('refuses %j with a message on %s and changes nothing', async (body, field, message) => {
    const { owner, registry } = await registryWithGifts([]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    const before = await snapshot(owner, registry.id);
    const refused = await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, body);
    expect(refused.status).toBe(400);
    expect((refused.json.errors as Record<string, string>)[field]).toBe(message);
    expect(await snapshot(owner, registry.id)).toEqual(before);
  });

  it('refuses broken JSON and a body that is not an object', async () => {
    const { owner, registry } = await registryWithGifts([]);
    expect((await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, '{"payoutMethod":')).status).toBe(400);
    expect((await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, [PAYPAL])).status).toBe(400);
  });
});

describe('closing', () => {
  it('closes with a check address: amounts from the succeeded gifts, the charities’ shares pending, a late payment refunded', async () => {
    const { owner, registry } = await registryWithGifts([100, 36]);
    const late = await give(registry.id, 18);
    await (await give(registry.id, 50, charities[0]!.id, '4000000000000002')).confirm();
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({ message: 'Choose how you would like to receive the funds above to close the registry' });
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({ message: 'Registry closed', registry: { status: 'closed', payoutAmount: 122.4, charityPayoutAmount: 13.6, totalReceived: 136, payoutStatus: 'pending' } });
    expect(closed.json).not.toHaveProperty('transferResult');

    expect((await late.confirm()).json).toMatchObject({ status: 'refunded' });
    expect((await owner.get(`/api/registries/${registry.id}`)).json).toMatchObject({ totalReceived: 136 });
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(409);

    const status = await owner.get(`/api/registries/${registry.id}/payout-status`);
    expect(status.json).toEqual({
      payoutMethod: 'check',
      payoutAmount: 122.4,
      charityPayoutAmount: 13.6,
      payoutStatus: 'pending',
      closedAt: expect.any(String),
      payoutSentAt: null,
      transferResult: null,
    });
    const breakdown = await owner.get(`/api/registries/${registry.id}/charity-breakdown`);
    expect(breakdown.json).toEqual({
      charities: [
        { charityId: charities[0]!.id, charityName: charities[0]!.name, giftCount: 1, totalAmount: 10 },
        { charityId: charities[1]!.id, charityName: charities[1]!.name, giftCount: 1, totalAmount: 3.6 },
      ],
    });
    const manual = (await admin.get('/api/admin/manual-payouts')).json as unknown as { pending: Record<string, unknown>[] };
    expect(manual.pending.find((payout) => payout.id === registry.id)).toMatchObject({
      payoutMethod: 'check',
      mailingName: 'Rachel Cohen',
      mailingCountry: 'US',
      totalReceived: 136,
      payoutAmount: 122.4,
      ownerEmail: expect.stringContaining('@'),
    });
  });

  it('closes once when the owner asks several times at once', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    const answers = await Promise.all(Array.from({ length: 5 }, () => owner.call('PUT', `/api/registries/${registry.id}/close`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const history = (await admin.get('/api/admin/charity-payouts')).json as unknown as { registryIds: string[] }[];
    expect(history.flatMap((payout) => payout.registryIds).filter((id) => id === registry.id)).toHaveLength(1);
  });

  it('pays a bank account verified through the sandbox onboarding, once', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({ message: 'Complete your bank account setup above to close the registry' });
    expect((await owner.get('/api/connect/account-status')).json).toEqual({ accountId: null, payoutsEnabled: false, requirementsDue: [], country: null });
    await verifiedBank(owner, registry.id);
    expect((await owner.get('/api/connect/account-status')).json).toMatchObject({ payoutsEnabled: true, requirementsDue: [], country: 'US' });
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.json).toMatchObject({ transferResult: { success: true }, registry: { status: 'payout_sent', payoutStatus: 'completed' } });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({ payoutStatus: 'completed', transferResult: { success: true } });
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(409);
  });

  it('closes with the payout pending when the bank refuses the transfer, and shows it as failed', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    await verifiedBank(owner, registry.id, 'rejects_transfers');
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.json).toMatchObject({ message: 'Registry closed with payout pending', transferResult: { success: false, reason: expect.any(String), message: expect.any(String) } });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({ payoutStatus: 'pending', transferResult: { success: false } });
    expect(server.logs.join('')).toContain('bank payout not sent');
  });
});

describe('the connected account', () => {
  it('is one per user, needs sign-in, and refuses a bad country', async () => {
    const { client } = await signedIn(server);
    const visitor = new HttpClient(server.url);
    expect((await visitor.get('/api/connect/account-status')).status).toBe(401);
    expect((await visitor.post('/api/connect/create-account', { country: 'US' })).status).toBe(401);
    expect((await visitor.post('/api/connect/onboarding-link', {})).status).toBe(401);
    expect((await client.post('/api/connect/onboarding-link', {})).status).toBe(409);
    expect((await client.post('/api/connect/create-account', { country: 'DE' })).status).toBe(400);
    expect((await client.post('/api/connect/create-account', { country: 'US', routingNumber: '110000000' })).status).toBe(400);
    const first = await client.post('/api/connect/create-account', { country: 'CA' });
    const second = await client.post('/api/connect/create-account', { country: 'CA' });
    expect(first.json).toMatchObject({ payoutsEnabled: false, country: 'CA' });
    expect(second.json.accountId).toBe(first.json.accountId);
    const links = await Promise.all([client.post('/api/connect/onboarding-link', {}), client.post('/api/connect/onboarding-link', {})]);
    expect(links[0]!.json.url).not.toBe(links[1]!.json.url);
  });
});

describe('administration', () => {
  it('marks a charity payout completed once, and refuses bad input with nothing changed', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const payout = await payoutOf(registry.id);
    const before = await snapshot(owner, registry.id);
    for (const body of [
      { status: 'pending', paymentMethod: 'ACH', referenceNumber: 'R' },
      { status: 'completed', paymentMethod: 'ACH' },
      { status: 'completed', paymentMethod: '', referenceNumber: 'R' },
      { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R', amount: 1 },
      { status: 'completed', paymentMethod: 'ACH', referenceNumber: 7 },
    ]) {
      expect((await admin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body)).status).toBe(400);
    }
    expect((await admin.call('PATCH', '/api/admin/charity-payouts/00000000-0000-4000-8000-000000000000/status', { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R' })).status).toBe(404);
    expect((await admin.call('PATCH', '/api/admin/charity-payouts/nope/status', { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R' })).status).toBe(404);
    expect(await snapshot(owner, registry.id)).toEqual(before);

    const body = { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-77', notes: 'Quarterly batch' };
    const answers = await Promise.all([1, 2, 3].map(() => admin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const done = answers.find((answer) => answer.status === 200)!;
    expect(done.json).toMatchObject({ id: payout.id, status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-77', notes: 'Quarterly batch', completedAt: expect.any(String) });
    const audit = await server.infrastructure.repositories.audit.list(50);
    expect(audit.filter((event) => event.subjectId === payout.id)).toHaveLength(1);
  });

  it('marks a manual payout complete once and the owner sees it completed', async () => {
    const { owner, registry } = await registryWithGifts([72]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const answers = await Promise.all([1, 2].map(() => admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await owner.get(`/api/registries/${registry.id}`)).json).toMatchObject({ status: 'payout_sent', payoutStatus: 'completed', payoutSentAt: expect.any(String) });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({ payoutStatus: 'completed' });
    const listed = (await admin.get('/api/admin/manual-payouts')).json as unknown as { completed: { id: string }[] };
    expect(listed.completed.map((payout) => payout.id)).toContain(registry.id);
    const audit = await server.infrastructure.repositories.audit.list(50);
    expect(audit.find((event) => event.subjectId === registry.id)).toMatchObject({ action: 'manual_payout.completed', actorLabel: expect.stringMatching(/^admin:/) });
  });
});

type Role = 'visitor' | 'owner' | 'other' | 'admin';

describe('the permission matrix, extended to closing and payouts', () => {
  const ownerOnly = { visitor: 401, owner: 200, other: 403, admin: 403 };
  const adminOnly = { visitor: 404, owner: 404, other: 404, admin: 200 };
  const expected: Record<string, Record<Role, number>> = {
    'PUT /api/registries/:id/payout-info': ownerOnly,
    'PUT /api/registries/:id/close': ownerOnly,
    'GET /api/registries/:id/payout-status': ownerOnly,
    'GET /api/registries/:id/charity-breakdown': ownerOnly,
    'GET /api/admin/charity-payouts/pending': adminOnly,
    'GET /api/admin/charity-payouts': adminOnly,
    'PATCH /api/admin/charity-payouts/:payout/status': adminOnly,
    'GET /api/admin/manual-payouts': adminOnly,
    'PATCH /api/admin/manual-payouts/:id/complete': adminOnly,
  };

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        const { owner, registry } = await registryWithGifts([36]);
        await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
        // The admin calls act on a closed registry and its charity payout; the owner's on an open one.
        if (route.includes('/admin/')) await owner.call('PUT', `/api/registries/${registry.id}/close`);
        const payout = route.includes(':payout') ? await payoutOf(registry.id) : null;
        const client = role === 'owner' ? owner : role === 'visitor' ? new HttpClient(server.url) : role === 'admin' ? admin : (await signedIn(server)).client;
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(':id', registry.id).replace(':payout', payout?.id ?? '');
        const body = method === 'PUT' && path.endsWith('payout-info') ? CHECK : method === 'PATCH' && path.endsWith('/status') ? { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R-1' } : undefined;
        const before = await snapshot(owner, registry.id);
        const response = await client.call(method, path, body);
        expect(response.status, response.text).toBe(statuses[role]);
        if (response.status >= 400) {
          expect(typeof response.json.message).toBe('string');
          expect(await snapshot(owner, registry.id)).toEqual(before);
        }
      });
    }
  }
});
