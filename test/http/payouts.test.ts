import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { aCheckPayout } from '../support/builders';

let server: TestServer;
let charities: { id: string; name: string }[];
let admin: HttpClient;
let adminEmail: string;

beforeAll(async () => {
  server = await startTestServer();
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
  const signedInAdmin = await signedIn(server, { admin: true });
  admin = signedInAdmin.client;
  adminEmail = signedInAdmin.registration.email as string;
});
afterAll(async () => {
  await server?.close();
});

const PAYPAL = { payoutMethod: 'paypal', paypalEmail: 'family@example.com' };
const CHECK = aCheckPayout();

async function give(registryId: string, amount: number, charityId = charities[0]!.id, card = '4242424242424242') {
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
  return {
    guest,
    clientSecret: intent.json.clientSecret as string,
    confirm: () => guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: card }),
  };
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
  const history = (await admin.get('/api/admin/charity-payouts')).json as unknown as {
    id: string;
    registryIds: string[];
    status: string;
  }[];
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
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({
      message: 'Choose how you would like to receive the funds above to close the registry',
    });
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json).toMatchObject({
      message: 'Registry closed',
      registry: { status: 'closed', payoutAmount: 122.4, charityPayoutAmount: 13.6, totalReceived: 136, payoutStatus: 'pending' },
    });
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
      retryAvailableAt: null,
      followUps: [],
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

  it('tells the owner what closing will pay, summed from the succeeded gifts as closing sums them; visitors never see it', async () => {
    // Each gift is split on its own: two $1.05 gifts pay the family $0.94 twice, not 90% of $2.10.
    const { owner, registry } = await registryWithGifts([1.05, 1.05]);
    await give(registry.id, 18);
    await (await give(registry.id, 50, charities[0]!.id, '4000000000000002')).confirm();
    const view = await owner.get(`/api/registries/${registry.id}`);
    expect(view.json).toMatchObject({
      totalReceived: 2.1,
      payoutAmount: null,
      closingAmounts: { payoutAmount: 1.88, charityPayoutAmount: 0.22 },
    });

    const visitorView = await new HttpClient(server.url).get(`/api/registries/${registry.id}`);
    expect(visitorView.status).toBe(200);
    expect(visitorView.text).not.toContain('closingAmounts');
    expect(visitorView.text).not.toContain('1.88');
    const byShortCode = await new HttpClient(server.url).get(`/api/short-links/${registry.shortCode}`);
    expect(byShortCode.text).not.toContain('closingAmounts');

    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.json).toMatchObject({
      registry: { payoutAmount: 1.88, charityPayoutAmount: 0.22, closingAmounts: { payoutAmount: 1.88, charityPayoutAmount: 0.22 } },
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
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({
      message: 'Complete your bank account setup above to close the registry',
    });
    expect((await owner.get('/api/connect/account-status')).json).toEqual({
      accountId: null,
      payoutsEnabled: false,
      requirementsDue: [],
      country: null,
    });
    await verifiedBank(owner, registry.id);
    expect((await owner.get('/api/connect/account-status')).json).toMatchObject({
      payoutsEnabled: true,
      requirementsDue: [],
      country: 'US',
    });
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.json).toMatchObject({
      transferResult: { success: true },
      registry: { status: 'payout_sent', payoutStatus: 'completed' },
    });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      payoutStatus: 'completed',
      transferResult: { success: true },
    });
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(409);
  });

  it('closes with the payout pending when the bank refuses the transfer, and shows it as failed', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    await verifiedBank(owner, registry.id, 'rejects_transfers');
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.json).toMatchObject({
      message: 'Registry closed with payout pending',
      transferResult: { success: false, reason: expect.any(String), message: expect.any(String) },
    });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      payoutStatus: 'pending',
      transferResult: { success: false },
    });
    expect(server.logs.join('')).toContain('bank payout not sent');
  });

  it('says when a transfer may be tried again, and refuses an early retry with a clear 409 that changes nothing', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    await verifiedBank(owner, registry.id, 'rejects_transfers');
    const closed = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const closedAt = (closed.json.registry as { closedAt: string }).closedAt;
    // A refused transfer may be tried again at once.
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      transferResult: { success: false },
      retryAvailableAt: closedAt,
    });

    // The server stopped before it recorded the answer of a try: nothing is known of it.
    await server.infrastructure.repositories.registries.update(registry.id, { transferFailureReason: null, transferFailureMessage: null });
    const stuck = await owner.get(`/api/registries/${registry.id}/payout-status`);
    expect(stuck.json).toMatchObject({
      payoutStatus: 'pending',
      transferResult: null,
      retryAvailableAt: new Date(Date.parse(closedAt) + 5 * 60 * 1000).toISOString(),
    });
    const before = await snapshot(owner, registry.id);
    const early = await owner.call('PUT', `/api/registries/${registry.id}/close`);
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(
      /^Your bank transfer is still being processed\. If it has not gone through, you can try again in [1-5] minutes?\.$/,
    );
    expect(await snapshot(owner, registry.id)).toEqual(before);
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toEqual(stuck.json);
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
    expect(
      (
        await admin.call('PATCH', '/api/admin/charity-payouts/00000000-0000-4000-8000-000000000000/status', {
          status: 'completed',
          paymentMethod: 'ACH',
          referenceNumber: 'R',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await admin.call('PATCH', '/api/admin/charity-payouts/nope/status', {
          status: 'completed',
          paymentMethod: 'ACH',
          referenceNumber: 'R',
        })
      ).status,
    ).toBe(404);
    expect(await snapshot(owner, registry.id)).toEqual(before);

    const body = { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-77', notes: 'Quarterly batch' };
    // The claim is for one administrator.
    const claimed = await admin.post(`/api/admin/charity-payouts/${payout.id}/claim`, {});
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json).toMatchObject({ status: 'sending', claim: { by: expect.any(String), at: expect.any(String), byYou: true } });
    const otherAdmin = (await signedIn(server, { admin: true })).client;
    const taken = await otherAdmin.post(`/api/admin/charity-payouts/${payout.id}/claim`, {});
    expect(taken.status).toBe(409);
    expect(taken.json.message).toMatch(/is already sending this payout/);
    expect((await otherAdmin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body)).status).toBe(409);
    const seen = (
      (await otherAdmin.get('/api/admin/charity-payouts/pending')).json as unknown as { payoutId: string; claim: unknown }[]
    ).find((line) => line.payoutId === payout.id);
    expect(seen?.claim).toMatchObject({ byYou: false });
    const answers = await Promise.all([1, 2, 3].map(() => admin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const done = answers.find((answer) => answer.status === 200)!;
    expect(done.json).toMatchObject({
      id: payout.id,
      status: 'completed',
      paymentMethod: 'ACH',
      referenceNumber: 'ACH-77',
      notes: 'Quarterly batch',
      completedAt: expect.any(String),
    });
    const audit = await server.infrastructure.repositories.audit.list(50);
    expect(
      audit
        .filter((event) => event.subjectId === payout.id)
        .map((event) => event.action)
        .sort(),
    ).toEqual(['charity_payout.claimed', 'charity_payout.completed']);
  });

  it('reads the amount the administrator saw at the wire: a clear 400 for one that is no money, 409 for one no longer owed, nothing changed', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const payout = await payoutOf(registry.id);
    expect((await admin.post(`/api/admin/charity-payouts/${payout.id}/claim`, {})).status).toBe(200);
    const before = await snapshot(owner, registry.id);
    const path = `/api/admin/charity-payouts/${payout.id}/status`;
    const body = (expectedAmount: unknown) => ({ status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-5', expectedAmount });
    const unreadable = { message: 'Amount must be a number with at most two decimals' };
    for (const [expectedAmount, answer] of [
      [10.001, unreadable],
      [0.1 + 0.2, unreadable],
      [1e300, unreadable],
      [1e12, { ...unreadable, errors: { expectedAmount: unreadable.message } }],
      ['10', { message: 'expectedAmount: Must be a number', errors: { expectedAmount: 'Must be a number' } }],
      ['NaN', { message: 'expectedAmount: Must be a number', errors: { expectedAmount: 'Must be a number' } }],
      [true, { message: 'expectedAmount: Must be a number', errors: { expectedAmount: 'Must be a number' } }],
      [-10, { message: 'Expected amount cannot be negative', errors: { expectedAmount: 'Expected amount cannot be negative' } }],
    ] as const) {
      const refused = await admin.call('PATCH', path, body(expectedAmount));
      expect(refused.status, `${String(expectedAmount)}: ${refused.text}`).toBe(400);
      expect(refused.json).toEqual(answer);
    }
    const infinite = await admin.call('PATCH', path, JSON.stringify(body(0)).replace('"expectedAmount":0', '"expectedAmount":1e400'));
    expect(infinite.status, infinite.text).toBe(400);
    const changed = await admin.call('PATCH', path, body(9.99));
    expect(changed.status).toBe(409);
    expect(changed.json.message).toMatch(/amount owed changed/);
    expect(await snapshot(owner, registry.id)).toEqual(before);
    const paid = await admin.call('PATCH', path, body(10));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({ status: 'completed', amount: 10 });
  });

  it('claims and releases a payout: 404 for anything not a payout waiting, 409 for the wrong state, nothing changed', async () => {
    const { owner, registry } = await registryWithGifts([50]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    const open = await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {});
    expect(open.status).toBe(404);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const payout = await payoutOf(registry.id);
    for (const path of [
      '/api/admin/manual-payouts/nope/claim',
      '/api/admin/charity-payouts/nope/release',
      `/api/admin/charity-payouts/${crypto.randomUUID()}/claim`,
    ]) {
      expect((await admin.post(path, {})).status).toBe(404);
    }
    const before = await snapshot(owner, registry.id);
    for (const path of [`/api/admin/manual-payouts/${registry.id}/release`, `/api/admin/charity-payouts/${payout.id}/release`]) {
      const refused = await admin.post(path, {});
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('Nobody is sending this payout, so there is no claim to release.');
    }
    expect(await snapshot(owner, registry.id)).toEqual(before);

    const claimed = await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {});
    expect(claimed.json).toMatchObject({ id: registry.id, payoutStatus: 'sending', claim: { byYou: true } });
    // The family's own refund is refused now, and says why.
    const gift = (
      (await owner.get(`/api/registries/${registry.id}/gift-list`)).json.gifts as unknown as { id: string; refundable: boolean }[]
    )[0]!;
    expect(gift.refundable).toBe(false);
    const refused = await owner.post(`/api/gifts/${gift.id}/refund`, { reason: 'Changed their mind' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This gift can no longer be refunded: the family’s payout is already being sent.');
    // Another administrator sees who holds it, and may release a stale claim.
    const otherAdmin = (await signedIn(server, { admin: true })).client;
    const listed = (
      (await otherAdmin.get('/api/admin/manual-payouts')).json.pending as unknown as { id: string; claim: { byYou: boolean } }[]
    ).find((line) => line.id === registry.id);
    expect(listed?.claim).toMatchObject({ byYou: false });
    const released = await otherAdmin.post(`/api/admin/manual-payouts/${registry.id}/release`, {});
    expect(released.json).toMatchObject({ payoutStatus: 'pending', claim: null });
    const audit = (await server.infrastructure.repositories.audit.list(50)).filter((event) => event.subjectId === registry.id);
    expect(audit.map((event) => event.action).sort()).toEqual(['manual_payout.claimed', 'manual_payout.released']);
  });

  it('marks a manual payout complete once and the owner sees it completed', async () => {
    const { owner, registry } = await registryWithGifts([72]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    // A transaction id that is no line of text, or a field the call does not take, changes nothing.
    const before = await snapshot(owner, registry.id);
    const garbled = await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, { referenceNumber: 'x'.repeat(256) });
    expect(garbled.status).toBe(400);
    expect(garbled.json).toMatchObject({ errors: { referenceNumber: 'PayPal transaction ID must be at most 255 characters' } });
    expect(
      (await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, { referenceNumber: 'T-1', paid: true })).status,
    ).toBe(400);
    expect(await snapshot(owner, registry.id)).toEqual(before);
    expect((await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {})).status).toBe(200);
    const answers = await Promise.all(
      [1, 2].map(() => admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, { referenceNumber: '5TY05013RG002845M' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.json).toMatchObject({
      referenceNumber: '5TY05013RG002845M',
      claim: { byYou: true },
    });
    expect((await owner.get(`/api/registries/${registry.id}`)).json).toMatchObject({
      status: 'payout_sent',
      payoutStatus: 'completed',
      payoutSentAt: expect.any(String),
    });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({ payoutStatus: 'completed' });
    const listed = (await admin.get('/api/admin/manual-payouts')).json as unknown as { completed: { id: string }[] };
    expect(listed.completed.map((payout) => payout.id)).toContain(registry.id);
    const audit = await server.infrastructure.repositories.audit.list(50);
    expect(audit.find((event) => event.subjectId === registry.id && event.action === 'manual_payout.completed')).toMatchObject({
      actorLabel: expect.stringMatching(/^admin:/),
      after: expect.objectContaining({ referenceNumber: '5TY05013RG002845M' }),
    });
  });

  it('the spec’s calls complete a payout nobody holds in one step, claimed for the caller; one another administrator holds stays 409', async () => {
    const { owner, registry } = await registryWithGifts([72]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const payout = await payoutOf(registry.id);
    const otherAdmin = (await signedIn(server, { admin: true })).client;

    const sent = await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, { referenceNumber: '1042' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ payoutMethod: 'check', referenceNumber: '1042', claim: { byYou: true } });
    expect((await owner.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({ payoutStatus: 'completed' });
    const listed = (await otherAdmin.get('/api/admin/manual-payouts')).json as unknown as {
      completed: { id: string; referenceNumber: string | null }[];
    };
    expect(listed.completed.find((line) => line.id === registry.id)).toMatchObject({ referenceNumber: '1042' });

    // The charity's: held by another administrator, it stays theirs; released, the spec's call claims and completes it.
    expect((await otherAdmin.post(`/api/admin/charity-payouts/${payout.id}/claim`, {})).status).toBe(200);
    const body = { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-1042' };
    const held = await admin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body);
    expect(held.status).toBe(409);
    expect(held.json.message).toMatch(/^Only .+, who is sending this payout, can mark it sent\./);
    expect((await otherAdmin.post(`/api/admin/charity-payouts/${payout.id}/release`, {})).status).toBe(200);
    const paid = await admin.call('PATCH', `/api/admin/charity-payouts/${payout.id}/status`, body);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({ status: 'completed', referenceNumber: 'ACH-1042', claim: { byYou: true } });
    const actions = (await server.infrastructure.repositories.audit.list(50))
      .filter((event) => [registry.id, payout.id].includes(event.subjectId))
      .map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(['manual_payout.claimed', 'manual_payout.completed', 'charity_payout.claimed', 'charity_payout.completed']),
    );
  });
});

describe('the payout e-mails', () => {
  const SUPPORT = 'support@mitzvahgifts.test';
  /** How much mail the outbox holds once everything queued so far (a gift's notices too) is sent. */
  async function outboxMark() {
    await server.mailWorker.drainOnce();
    return readOutbox(server.dataDir).length;
  }
  /** The mail sent since `before`, once the worker has drained the queue. */
  async function mailSince(before: number) {
    await server.mailWorker.drainOnce();
    return readOutbox(server.dataDir).slice(before);
  }
  const emailOf = async (client: HttpClient) => (await client.get('/api/user')).json.email as string;

  it('check: tells the family when it is mailed and asks every administrator to mail it, replies going to support', async () => {
    const second = await signedIn(server, { admin: true });
    const { owner, registry } = await registryWithGifts([100]);
    const ownerEmail = await emailOf(owner);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, CHECK);
    const before = await outboxMark();
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    const sent = await mailSince(before);

    const closed = sent.filter((mail) => mail.to === ownerEmail);
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ replyTo: SUPPORT, subject: "Sarah Cohen's Bar/Bat Mitzvah: registry closed" });
    expect(closed[0]!.text).toContain('Your check will be mailed within 5-7 business days after closing.');
    expect(closed[0]!.text).toContain(`/registry/${registry.id}`);

    for (const address of [adminEmail, second.registration.email as string]) {
      const waiting = sent.filter((mail) => mail.to === address);
      expect(waiting).toHaveLength(1);
      expect(waiting[0]).toMatchObject({ replyTo: SUPPORT, subject: "Check to mail for Sarah Cohen's Bar/Bat Mitzvah" });
      // Taken apart so no mail program links it (docs/product.md#validation-rules).
      expect(waiting[0]!.text).toContain(`Registry owner: ${ownerEmail.replace('@', '@\u200B').replace(/\.(?=[a-z])/g, '.\u200B')}`);
      expect(waiting[0]!.text).toContain('/admin/manual-payouts');
    }
    await server.infrastructure.repositories.users.setAdmin(second.user.id, false);
  });

  it('bank transfer refused: the closing e-mail says the payout is pending, and a payout issue e-mail gives the page to try again, once within the hour on an unchanged account', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    const ownerEmail = await emailOf(owner);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    await verifiedBank(owner, registry.id, 'rejects_transfers');
    const before = await outboxMark();
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({ transferResult: { success: false } });
    // Try again from the registry page: refused again.
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({ transferResult: { success: false } });
    const sent = (await mailSince(before)).filter((mail) => mail.to === ownerEmail);

    const closed = sent.filter((mail) => mail.subject.endsWith(': registry closed'));
    expect(closed).toHaveLength(1);
    expect(closed[0]!.text).not.toContain('The transfer goes to your verified bank account');
    expect(closed[0]!.text).toContain('did not go through, so your payout is pending');
    const issues = sent.filter((mail) => mail.subject === "Sarah Cohen's Bar/Bat Mitzvah: payout issue");
    // Try again at once on the same account is no news: one e-mail, not one per press (test/http/failed-payouts.test.ts has the rest).
    expect(issues).toHaveLength(1);
    for (const issue of issues) {
      expect(issue.replyTo).toBe(SUPPORT);
      expect(issue.text).toContain('There was an issue processing your payout.');
      expect(issue.text).toContain('Details: The bank account could not accept the transfer.');
      expect(issue.text).toMatch(new RegExp(`choose Try again: http://localhost:\\d+/registry/${registry.id}`));
    }
    expect(sent).toHaveLength(2);
    // Nothing for the administrators: a bank payout is not theirs to send.
    expect(
      readOutbox(server.dataDir)
        .slice(before)
        .filter((mail) => mail.to === adminEmail),
    ).toEqual([]);
  });

  it('bank transfer sent: one closing e-mail, which says the payout was sent', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    const ownerEmail = await emailOf(owner);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
    await verifiedBank(owner, registry.id);
    const before = await outboxMark();
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({ transferResult: { success: true } });
    const sent = (await mailSince(before)).filter((mail) => mail.to === ownerEmail);
    expect(sent.map((mail) => mail.subject)).toEqual(["Sarah Cohen's Bar/Bat Mitzvah: registry closed"]);
    expect(sent[0]!.text).toContain('Your payout of $90.00 was sent to your verified bank account');
    expect(sent[0]!.replyTo).toBe(SUPPORT);
  });

  it('nothing given: the closing e-mail says there is nothing to pay, and no administrator is asked for anything', async () => {
    const { owner, registry } = await registryWithGifts([]);
    const ownerEmail = await emailOf(owner);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    const before = await outboxMark();
    expect((await owner.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    const sent = await mailSince(before);
    expect(sent.map((mail) => mail.to)).toEqual([ownerEmail]);
    expect(sent[0]!.text).toContain('There were no gifts, so there is nothing to pay out.');
  });

  it('gives the administrators one line a day about pending charity payouts, however often it runs', async () => {
    const { owner, registry } = await registryWithGifts([100]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    await owner.call('PUT', `/api/registries/${registry.id}/close`);
    await Promise.all([server.runJob('charity-payout-reminder'), server.runJob('charity-payout-reminder')]);
    await server.runJob('charity-payout-reminder');
    await server.mailWorker.drainOnce();
    const today = new Date().toISOString().slice(0, 10);
    const lines = readOutbox(server.dataDir).filter(
      (mail) => mail.to === adminEmail && mail.subject.startsWith(`Charity payouts pending on ${today}:`),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.replyTo).toBe(SUPPORT);
    expect(lines[0]!.text).toMatch(new RegExp(`${charities[0]!.name.replace(/[()]/g, '\\$&')}: In USD, \\d+ gifts? so far`));
    expect(lines[0]!.text).toContain('/admin/charity-payouts');
  });
});

type Role = 'visitor' | 'owner' | 'coOwner' | 'other' | 'admin';

describe('the permission matrix, extended to closing and payouts', () => {
  // Closing and where the money goes are the owner's, co-owners not included.
  const ownerOnly = { visitor: 401, owner: 200, coOwner: 403, other: 403, admin: 403 };
  const family = { visitor: 401, owner: 200, coOwner: 200, other: 403, admin: 403 };
  const adminOnly = { visitor: 404, owner: 404, coOwner: 404, other: 404, admin: 200 };
  const expected: Record<string, Record<Role, number>> = {
    'PUT /api/registries/:id/payout-info': ownerOnly,
    'PUT /api/registries/:id/close': ownerOnly,
    'GET /api/registries/:id/payout-status': ownerOnly,
    'GET /api/registries/:id/charity-breakdown': family,
    'GET /api/admin/charity-payouts/pending': adminOnly,
    'GET /api/admin/charity-payouts': adminOnly,
    'POST /api/admin/charity-payouts/:payout/claim': adminOnly,
    'POST /api/admin/charity-payouts/:payout/release': adminOnly,
    'PATCH /api/admin/charity-payouts/:payout/status': adminOnly,
    'GET /api/admin/charity-payouts/:payout/donors': adminOnly,
    'GET /api/admin/charities': adminOnly,
    'GET /api/admin/manual-payouts': adminOnly,
    'POST /api/admin/manual-payouts/:id/claim': adminOnly,
    'POST /api/admin/manual-payouts/:id/release': adminOnly,
    'PATCH /api/admin/manual-payouts/:id/complete': adminOnly,
  };

  /** A registry given to, with its payout details, ready for the route: closed and claimed where the route needs it. */
  async function readyFor(route: string) {
    const { owner, registry } = await registryWithGifts([36]);
    await owner.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL);
    // The admin calls act on a closed registry and its charity payout; the owner's on an open one.
    if (route.includes('/admin/')) await owner.call('PUT', `/api/registries/${registry.id}/close`);
    const payout = route.includes(':payout') ? await payoutOf(registry.id) : null;
    // Releasing and completing need the administrator's claim first.
    if (/\/(release|status|complete)$/.test(route)) {
      const claimed = await admin.post(
        payout ? `/api/admin/charity-payouts/${payout.id}/claim` : `/api/admin/manual-payouts/${registry.id}/claim`,
        {},
      );
      expect(claimed.status, claimed.text).toBe(200);
    }
    return { owner, registry, payout };
  }

  // A refusal changes nothing, which each test asserts, so the roles a route refuses share one
  // registry; a role it lets through gets one of its own.
  const refused = new Map<string, ReturnType<typeof readyFor>>();

  for (const [route, statuses] of Object.entries(expected)) {
    for (const role of Object.keys(statuses) as Role[]) {
      it(`${route} as ${role} → ${statuses[role]}, and a refusal changes nothing`, async () => {
        if (statuses[role] >= 400 && !refused.has(route)) refused.set(route, readyFor(route));
        const { owner, registry, payout } = await (statuses[role] >= 400 ? refused.get(route)! : readyFor(route));
        const client =
          role === 'owner'
            ? owner
            : role === 'visitor'
              ? new HttpClient(server.url)
              : role === 'admin'
                ? admin
                : role === 'coOwner'
                  ? (await signedInCoOwner(server, registry.id)).client
                  : (await signedIn(server)).client;
        const [method, pattern] = route.split(' ') as [string, string];
        const path = pattern.replace(':id', registry.id).replace(':payout', payout?.id ?? '');
        const body =
          method === 'PUT' && path.endsWith('payout-info')
            ? CHECK
            : method === 'PATCH' && path.endsWith('/status')
              ? { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R-1' }
              : method === 'PATCH' && path.endsWith('/complete')
                ? { referenceNumber: '5TY05013RG002845M' }
                : undefined;
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
