import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server';

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

interface ListedGift {
  id: string;
  giftGiverName: string;
  amount: number;
  paymentStatus: string;
  refundable: boolean;
  refundAmount: number;
}

/** A guest gives through the sandbox, as the checkout does; answers the gift as the owner's list shows it. */
async function give(
  owner: HttpClient,
  registryId: string,
  amount: number,
  name = 'Miriam Gold',
  card = '4242424242424242',
): Promise<ListedGift> {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId: charities[0]!.id,
    giftGiverName: name,
    giftGiverEmail: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  const confirmed = await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: card });
  expect(confirmed.status, confirmed.text).toBeLessThan(300);
  return (await giftList(owner, registryId)).find((gift) => gift.giftGiverName === name)!;
}

async function giftList(owner: HttpClient, registryId: string): Promise<ListedGift[]> {
  const response = await owner.get(`/api/registries/${registryId}/gift-list`);
  expect(response.status, response.text).toBe(200);
  return response.json.gifts as unknown as ListedGift[];
}

async function totalReceived(owner: HttpClient, registryId: string): Promise<number> {
  return (await owner.get(`/api/registries/${registryId}`)).json.totalReceived as number;
}

async function mailSince(count: number) {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).slice(count);
}

async function outboxSize() {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).length;
}

describe('POST /api/gifts/{id}/refund', () => {
  it('lets the owner refund a paid gift while the registry is open: all the giver paid goes back, the total drops, the giver is told', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Maya Katz' });
    const kept = await give(owner.client, registry.id, 36, 'Noam Levi');
    const gift = await give(owner.client, registry.id, 100);
    expect(gift).toMatchObject({ paymentStatus: 'succeeded', refundable: true, refundAmount: 106.39 });
    expect(await totalReceived(owner.client, registry.id)).toBe(136);
    const mailBefore = await outboxSize();

    const refunded = await owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Sent twice by mistake' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json).toEqual({ id: gift.id, paymentStatus: 'refunded', refundedAmount: 106.39 });

    expect(await totalReceived(owner.client, registry.id)).toBe(36);
    // The gift list's Total Received is the registry's, to the cent; the refunded gift has a figure of its own.
    const totals = (await owner.client.get(`/api/registries/${registry.id}/gift-list`)).json.totals;
    expect(totals).toEqual({
      online: 36,
      byHand: 0,
      total: 36,
      refunded: 100,
      onlineCount: 1,
      byHandCount: 0,
      refundedCount: 1,
      refundedAtPlatformCost: 0,
      refundedAtPlatformCostCount: 0,
      disputed: 0,
      disputedCount: 0,
      refundedBefore: [],
    });
    const listed = await giftList(owner.client, registry.id);
    expect(listed.find((item) => item.id === gift.id)).toMatchObject({ paymentStatus: 'refunded', refundable: false });
    expect(listed.find((item) => item.id === kept.id)).toMatchObject({ paymentStatus: 'succeeded', refundable: true });
    const page = (await owner.client.get(`/api/registries/${registry.id}`)).json;
    expect(page.gifts).toEqual(expect.arrayContaining([expect.objectContaining({ id: gift.id, paymentStatus: 'refunded' })]));
    expect(page.closingAmounts).toMatchObject({ payoutAmount: 32.4, charityPayoutAmount: 3.6 });

    const mail = await mailSince(mailBefore);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'miriam@example.com', subject: "Your gift to Maya Katz's Bar/Bat Mitzvah was refunded" });
    expect(mail[0]!.text).toContain('returned the full $106.39 you paid, fees included');
    expect(mail[0]!.text).toContain('within 5 to 10 business days');
    expect(mail[0]!.text).not.toContain('Sent twice by mistake');
    expect(mail[0]!.replyTo).toBeTruthy();

    // The thank-you cards page no longer offers the refunded giver.
    const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as { id: string }[];
    expect(contributors.map((contributor) => contributor.id)).toEqual([kept.id]);

    const audit = await server.infrastructure.repositories.audit.list(10);
    const started = audit.find((event) => event.subjectId === gift.id && event.action === 'gift.refund_started');
    const done = audit.find((event) => event.subjectId === gift.id && event.action === 'gift.refunded');
    expect(started).toMatchObject({
      actorLabel: expect.stringMatching(/^owner:/),
      after: expect.objectContaining({ reason: 'Sent twice by mistake' }),
    });
    expect(done).toMatchObject({
      before: expect.objectContaining({ totalReceived: '136.00' }),
      after: expect.objectContaining({ totalReceived: '36.00', totalCharged: '106.39' }),
    });
  });

  it('refunds once: a second refund, however it comes, is refused and changes nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 50);
    const [first, second] = await Promise.all([
      owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Asked by the giver' }),
      admin.post(`/api/gifts/${gift.id}/refund`, { reason: 'Asked by the giver' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const again = await owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This gift was already refunded');
    expect(await totalReceived(owner.client, registry.id)).toBe(0);
  });

  it('lets an administrator refund any registry’s gift, and find it by the registry’s link', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Eli Stern' });
    const gift = await give(owner.client, registry.id, 72, 'Dana Rose');

    const found = await admin.get(`/api/admin/gifts?registry=${encodeURIComponent(`https://gifts.example.org/r/${registry.shortCode}`)}`);
    expect(found.status, found.text).toBe(200);
    expect(found.json).toMatchObject({ registry: { id: registry.id, childName: 'Eli Stern', status: 'open', totalReceived: 72 } });
    expect(found.json.gifts).toEqual([
      expect.objectContaining({ id: gift.id, giftGiverName: 'Dana Rose', refundable: true, paymentStatus: 'succeeded' }),
    ]);
    expect((await admin.get(`/api/admin/gifts?registry=${registry.id}`)).json).toMatchObject({ registry: { id: registry.id } });

    const coOwner = await signedInCoOwner(server, registry.id);
    const mailBefore = await outboxSize();
    const refunded = await admin.post(`/api/gifts/${gift.id}/refund`, { reason: 'The giver wrote to support' });
    expect(refunded.status, refunded.text).toBe(200);
    // The giver is told, and so is the family, owner and co-owner alike: the refund was not theirs.
    const mail = await mailSince(mailBefore);
    expect(mail.map((message) => message.to).sort()).toEqual(
      ['dana@example.com', owner.registration.email, coOwner.registration.email].sort(),
    );
    const family = mail.find((message) => message.to === owner.registration.email)!;
    expect(family.subject).toBe("A gift to Eli Stern's Bar/Bat Mitzvah was refunded");
    expect(family.text).toContain('Our support team refunded the gift of $72.00 that Dana Rose gave');
    expect(family.text).toContain('no longer counts in the registry’s Total Received');
    expect(family.text).not.toContain('The giver wrote to support');
    expect(family.replyTo).toBeTruthy();
    expect((await admin.get(`/api/admin/gifts?registry=${registry.shortCode}`)).json).toMatchObject({
      registry: { totalReceived: 0 },
      gifts: [{ id: gift.id, paymentStatus: 'refunded', refundable: false }],
    });
    const audit = await server.infrastructure.repositories.audit.list(5);
    expect(audit.find((event) => event.subjectId === gift.id && event.action === 'gift.refund_started')).toMatchObject({
      actorLabel: expect.stringMatching(/^admin:/),
    });
    // With every gift refunded the family may delete it, and the record of the money that moved stays.
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}`)).status).toBe(200);
    expect(await server.infrastructure.repositories.gifts.findById(gift.id)).toMatchObject({
      paymentStatus: 'refunded',
      registryId: registry.id,
    });
  });

  it('tells the owner when a co-owner refunds after closing, naming them and the payout now; whoever refunded is not told', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Eli Stern' });
    const gift = await give(owner.client, registry.id, 100, 'Dana Rose');
    await give(owner.client, registry.id, 50, 'Avi Stern');
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL)).status).toBe(200);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    const coOwner = await signedInCoOwner(server, registry.id, { firstName: 'Naomi' });

    const mailBefore = await outboxSize();
    const refunded = await coOwner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Asked by the giver' });
    expect(refunded.status, refunded.text).toBe(200);
    const mail = await mailSince(mailBefore);
    expect(mail.map((message) => message.to).sort()).toEqual(['dana@example.com', owner.registration.email].sort());
    const told = mail.find((message) => message.to === owner.registration.email)!;
    expect(told.subject).toBe("A gift to Eli Stern's Bar/Bat Mitzvah was refunded");
    expect(told.text).toContain(
      `Naomi ${coOwner.registration.lastName}, who manages this registry with you, refunded the gift of $100.00 that Dana Rose gave`,
    );
    expect(told.text).toContain('Your family’s payout is now $45.00');

    // The owner's own refund is told to the co-owner, and not to the owner.
    const kept = (await giftList(owner.client, registry.id)).find((listed) => listed.giftGiverName === 'Avi Stern')!;
    const before = await outboxSize();
    expect((await owner.client.post(`/api/gifts/${kept.id}/refund`, { reason: 'Asked by the giver' })).status).toBe(200);
    const second = await mailSince(before);
    expect(second.map((message) => message.to).sort()).toEqual(['avi@example.com', coOwner.registration.email].sort());
    expect(second.find((message) => message.to === coOwner.registration.email)!.text).toContain(
      `${owner.registration.firstName} ${owner.registration.lastName}, who manages this registry with you, refunded the gift of $50.00`,
    );
  });

  it('after closing, refunds out of both waiting payouts; once one is claimed, refuses and says why, and only an administrator refunds at the platform’s cost', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 100);
    const kept = await give(owner.client, registry.id, 50, 'Avi Stern');
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL)).status).toBe(200);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    expect((await giftList(owner.client, registry.id))[0]).toMatchObject({ refundable: true, paymentStatus: 'succeeded' });

    const refunded = await owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Given twice' });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({
      totalReceived: 50,
      payoutAmount: 45,
      charityPayoutAmount: 5,
    });

    expect((await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {})).status).toBe(200);
    for (const client of [owner.client, admin]) {
      const refused = await client.post(`/api/gifts/${kept.id}/refund`, { reason: 'Too late' });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('This gift can no longer be refunded: the family’s payout is already being sent.');
    }
    const lookup = await admin.get(`/api/admin/gifts?registry=${registry.id}`);
    expect((lookup.json.gifts as unknown as { id: string }[]).find((listed) => listed.id === kept.id)).toMatchObject({
      refundable: false,
      refundableAtPlatformCost: true,
      refundRefusal: 'This gift can no longer be refunded: the family’s payout is already being sent.',
    });

    const path = `/api/gifts/${kept.id}/refund-at-platform-cost`;
    const stranger = (await signedIn(server)).client;
    expect((await new HttpClient(server.url).post(path, { reason: 'x' })).status).toBe(401);
    for (const client of [owner.client, stranger]) expect((await client.post(path, { reason: 'x' })).status).toBe(403);
    const bad = await admin.post(path, { reason: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({ reason: 'Please say why this gift is refunded' });
    expect((await admin.post('/api/gifts/00000000-0000-4000-8000-000000000000/refund-at-platform-cost', { reason: 'x' })).status).toBe(404);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ totalReceived: 50, payoutAmount: 45 });

    const platform = await admin.post(path, { reason: 'The giver’s card was stolen' });
    expect(platform.status, platform.text).toBe(200);
    expect(platform.json).toMatchObject({ paymentStatus: 'refunded', refundedAmount: kept.refundAmount });
    // The family's payout being sent stays as it was.
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ payoutAmount: 45, payoutStatus: 'sending' });
    const again = await admin.post(path, { reason: 'Again' });
    expect(again.status).toBe(409);
  });

  it('refuses a refund at the platform’s cost while the ordinary refund still applies (409), changing nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 30);
    const refused = await admin.post(`/api/gifts/${gift.id}/refund-at-platform-cost`, { reason: 'No need' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/can still be refunded the ordinary way/);
    expect(await totalReceived(owner.client, registry.id)).toBe(30);
  });

  it('answers 401 to a visitor, 403 to a stranger, 404 for an unknown gift and 400 for a bad reason, changing nothing', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 40);
    const stranger = (await signedIn(server)).client;
    const path = `/api/gifts/${gift.id}/refund`;

    expect((await new HttpClient(server.url).post(path, { reason: 'x' })).status).toBe(401);
    expect((await stranger.post(path, { reason: 'x' })).status).toBe(403);
    expect((await owner.client.post('/api/gifts/00000000-0000-4000-8000-000000000000/refund', { reason: 'x' })).status).toBe(404);
    expect((await owner.client.post('/api/gifts/not-a-gift/refund', { reason: 'x' })).status).toBe(404);

    const cases: [unknown, string, string][] = [
      [{}, 'reason', 'Please say why this gift is refunded'],
      [{ reason: '   ' }, 'reason', 'Please say why this gift is refunded'],
      [{ reason: 'x'.repeat(501) }, 'reason', 'Reason must be at most 500 characters'],
      [{ reason: 42 }, 'reason', 'Must be text'],
      [{ reason: 'ok', amount: 10 }, 'amount', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await owner.client.post(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json.errors).toMatchObject({ [field]: message });
    }
    expect(await totalReceived(owner.client, registry.id)).toBe(40);
    expect((await giftList(owner.client, registry.id))[0]).toMatchObject({ paymentStatus: 'succeeded', refundable: true });
  });

  it('keeps a registry from closing while one of its refunds is under way', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 100);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL)).status).toBe(200);
    // As a crash between the provider's answer and the books would leave it.
    expect(await server.infrastructure.repositories.gifts.beginRefund(gift.id, new Date(Date.now() - 60 * 60 * 1000))).toBe(true);

    // The family is told the truth: not refunded yet, under way, and for how long.
    const again = await owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Did it go through?' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This gift’s refund is under way and finishes within 5 minutes; there is no need to refund it again.');
    const refused = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      'A gift of this registry is being refunded; the refund finishes within 5 minutes. Please close the registry after that.',
    );

    // The sweep finishes it with the same idempotency key; the registry then closes with nothing to pay.
    const swept = await server.runJob('refund-sweep');
    expect(swept).toMatchObject({ refundsFinished: 1, refundsRestored: 0 });
    expect(await totalReceived(owner.client, registry.id)).toBe(0);
    const closed = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({
      status: 'payout_sent',
      payoutAmount: 0,
      charityPayoutAmount: 0,
    });
  });

  it('finishes a refund a crash cut off once it is three minutes old, not a quarter of an hour', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 40);
    expect(await server.infrastructure.repositories.gifts.beginRefund(gift.id, new Date(Date.now() - 3 * 60 * 1000 - 5000))).toBe(true);
    expect(await server.runJob('refund-sweep')).toMatchObject({ refundsFinished: 1 });
    expect((await giftList(owner.client, registry.id)).find((item) => item.id === gift.id)).toMatchObject({ paymentStatus: 'refunded' });
  });

  it('refuses the admin lookup to anyone else (404) and asks for a registry', async () => {
    const { owner, registry } = await openRegistry(server);
    expect((await owner.client.get(`/api/admin/gifts?registry=${registry.id}`)).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/admin/gifts?registry=${registry.id}`)).status).toBe(404);
    const empty = await admin.get('/api/admin/gifts?registry=');
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ registry: 'Enter a registry link, id or short code' });
    expect((await admin.get('/api/admin/gifts?registry=nosuchcode')).status).toBe(404);
    expect((await admin.get(`/api/admin/gifts?registry=${registry.id}&page=2`)).status).toBe(400);
  });
});

describe('a server starting after a crash', () => {
  it('finishes the refunds the crash cut off as it starts, without waiting for the next round', async () => {
    const dataDir = tempDataDir();
    let before: TestServer | undefined = await startTestServer({ dataDir });
    let after: TestServer | undefined;
    try {
      const { registry } = await openRegistry(before);
      const guest = new HttpClient(before.url);
      const charityId = ((await guest.get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
      const intent = await guest.post('/api/create-payment-intent', {
        registryId: registry.id,
        charityId,
        giftGiverName: 'Miriam Gold',
        giftGiverEmail: 'miriam@example.com',
        amount: 50,
        personalMessage: '',
      });
      expect(
        (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
      ).toBeLessThan(300);
      const [gift] = await before.infrastructure.repositories.gifts.listByRegistry(registry.id);
      // The refund began well before the crash; nobody was left to finish it.
      expect(await before.infrastructure.repositories.gifts.beginRefund(gift!.id, new Date(Date.now() - 20 * 60 * 1000))).toBe(true);
      await before.close();
      before = undefined;

      after = await startTestServer({ dataDir, scheduledSweeps: true });
      const repositories = after.infrastructure.repositories;
      await expect
        .poll(async () => (await repositories.gifts.findById(gift!.id))?.paymentStatus, { timeout: 10_000, interval: 200 })
        .toBe('refunded');
      expect((await repositories.registries.findById(registry.id))!.totalReceived).toBe(0);
    } finally {
      await before?.close();
      await after?.close();
    }
  }, 60_000);
});

describe('the gift list says whether refunds are still possible', () => {
  const refundsOf = async (owner: HttpClient, registryId: string) =>
    (await owner.get(`/api/registries/${registryId}/gift-list`)).json.refunds;

  it('open, then until a payout is claimed after closing, then stopped while the family’s payout is being sent and once it went', async () => {
    const { owner, registry } = await openRegistry(server);
    await give(owner.client, registry.id, 100);
    expect(await refundsOf(owner.client, registry.id)).toBe('open');
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL)).status).toBe(200);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    expect(await refundsOf(owner.client, registry.id)).toBe('until_payout_claimed');
    expect((await admin.post(`/api/admin/manual-payouts/${registry.id}/claim`, {})).status).toBe(200);
    expect(await refundsOf(owner.client, registry.id)).toBe('family_payout_being_sent');
    const completed = await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, {});
    expect(completed.status, completed.text).toBe(200);
    expect(await refundsOf(owner.client, registry.id)).toBe('family_payout_sent');
  });

  it('says a charity’s payout being sent stopped its gifts’ refunds while the family’s still waits', async () => {
    const { owner, registry } = await openRegistry(server);
    await give(owner.client, registry.id, 100);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, PAYPAL)).status).toBe(200);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    const payouts = (await admin.get('/api/admin/charity-payouts')).json as unknown as { id: string; registryIds: string[] }[];
    const payout = payouts.find((each) => each.registryIds.includes(registry.id))!;
    expect((await admin.post(`/api/admin/charity-payouts/${payout.id}/claim`, {})).status).toBe(200);
    try {
      expect(await refundsOf(owner.client, registry.id)).toBe('charity_payout_claimed');
      expect((await giftList(owner.client, registry.id))[0]).toMatchObject({ refundable: false });
    } finally {
      // The charity's pending payout is shared with the other tests' registries.
      expect((await admin.post(`/api/admin/charity-payouts/${payout.id}/release`, {})).status).toBe(200);
    }
  });
});
