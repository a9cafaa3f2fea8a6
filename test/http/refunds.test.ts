import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
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

interface ListedGift {
  id: string;
  giftGiverName: string;
  amount: number;
  paymentStatus: string;
  refundable: boolean;
  refundAmount: number;
}

/** A guest gives through the sandbox, as the checkout does; answers the gift as the owner's list shows it. */
async function give(owner: HttpClient, registryId: string, amount: number, name = 'Miriam Gold', card = '4242424242424242', charity = 0): Promise<ListedGift> {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId: charities[charity]!.id,
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

async function close(owner: HttpClient, registryId: string) {
  expect((await owner.call('PUT', `/api/registries/${registryId}/payout-info`, PAYPAL)).status).toBe(200);
  const closed = await owner.call('PUT', `/api/registries/${registryId}/close`);
  expect(closed.status, closed.text).toBe(200);
}

/** What the admin Charity Payouts page shows as owed, for the pending payout holding the registry's share. */
async function pendingCharityPayout(registryId: string) {
  const history = (await admin.get('/api/admin/charity-payouts')).json as unknown as { id: string; registryIds: string[]; status: string }[];
  const holding = history.find((payout) => payout.registryIds.includes(registryId) && payout.status === 'pending')!;
  const pending = (await admin.get('/api/admin/charity-payouts/pending')).json as unknown as { payoutId: string; totalAmount: number; giftCount: number }[];
  return pending.find((payout) => payout.payoutId === holding.id)!;
}

/** The owner's bank account, created and verified through the sandbox's onboarding page. */
async function verifiedBank(owner: HttpClient, registryId: string) {
  expect((await owner.post('/api/connect/create-account', { country: 'US' })).status).toBe(200);
  const link = await owner.post('/api/connect/onboarding-link', { registryId });
  expect(link.status, link.text).toBe(200);
  const token = new URL(link.json.url as string).searchParams.get('token')!;
  expect((await new HttpClient(server.url).post('/api/sandbox/onboarding', { token, outcome: 'verified' })).status).toBe(200);
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
    expect(started).toMatchObject({ actorLabel: expect.stringMatching(/^owner:/), after: expect.objectContaining({ reason: 'Sent twice by mistake' }) });
    expect(done).toMatchObject({ before: expect.objectContaining({ totalReceived: '136.00' }), after: expect.objectContaining({ totalReceived: '36.00', totalCharged: '106.39' }) });
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
    expect(found.json.gifts).toEqual([expect.objectContaining({ id: gift.id, giftGiverName: 'Dana Rose', refundable: true, paymentStatus: 'succeeded' })]);
    expect((await admin.get(`/api/admin/gifts?registry=${registry.id}`)).json).toMatchObject({ registry: { id: registry.id } });

    const refunded = await admin.post(`/api/gifts/${gift.id}/refund`, { reason: 'The giver wrote to support' });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await admin.get(`/api/admin/gifts?registry=${registry.shortCode}`)).json).toMatchObject({
      registry: { totalReceived: 0 },
      gifts: [{ id: gift.id, paymentStatus: 'refunded', refundable: false }],
    });
    const audit = await server.infrastructure.repositories.audit.list(5);
    expect(audit.find((event) => event.subjectId === gift.id && event.action === 'gift.refund_started')).toMatchObject({ actorLabel: expect.stringMatching(/^admin:/) });
    // Its record stays: a registry whose money moved cannot be deleted, even with every gift refunded.
    expect((await owner.client.call('DELETE', `/api/registries/${registry.id}`)).status).toBe(409);
  });

  it('lets an administrator, not the owner, refund a gift after a PayPal close while its money has not left; the payout views show what is left', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Maya Katz' });
    const kept = await give(owner.client, registry.id, 36, 'Noam Levi');
    const gift = await give(owner.client, registry.id, 100);
    await close(owner.client, registry.id);
    expect((await giftList(owner.client, registry.id)).find((item) => item.id === gift.id)).toMatchObject({ refundable: false, paymentStatus: 'succeeded' });
    const charityBefore = await pendingCharityPayout(registry.id);

    const byOwner = await owner.client.post(`/api/gifts/${gift.id}/refund`, { reason: 'Too late' });
    expect(byOwner.status).toBe(409);
    expect(byOwner.json.message).toBe('Once the registry is closed, only the administrators can refund a gift: please ask support');
    expect((await new HttpClient(server.url).post(`/api/gifts/${gift.id}/refund`, { reason: 'x' })).status).toBe(401);
    expect((await (await signedIn(server)).client.post(`/api/gifts/${gift.id}/refund`, { reason: 'x' })).status).toBe(403);

    const found = await admin.get(`/api/admin/gifts?registry=${registry.id}`);
    expect(found.json.gifts).toEqual(expect.arrayContaining([expect.objectContaining({ id: gift.id, refundable: true, notRefundableReason: null })]));
    const mailBefore = await outboxSize();
    const refunded = await admin.post(`/api/gifts/${gift.id}/refund`, { reason: 'The giver wrote to support' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.json).toEqual({ id: gift.id, paymentStatus: 'refunded', refundedAmount: 106.39 });

    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ status: 'closed', totalReceived: 36, payoutAmount: 32.4, charityPayoutAmount: 3.6 });
    const manual = (await admin.get('/api/admin/manual-payouts')).json as unknown as { pending: { id: string; payoutAmount: number; totalReceived: number }[] };
    expect(manual.pending.find((payout) => payout.id === registry.id)).toMatchObject({ payoutAmount: 32.4, totalReceived: 36 });
    const charityAfter = await pendingCharityPayout(registry.id);
    expect(charityAfter.payoutId).toBe(charityBefore.payoutId);
    expect([Math.round((charityBefore.totalAmount - charityAfter.totalAmount) * 100), charityBefore.giftCount - charityAfter.giftCount]).toEqual([1_000, 1]);
    expect((await admin.get(`/api/admin/gifts?registry=${registry.id}`)).json.gifts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: gift.id, paymentStatus: 'refunded', refundable: false }), expect.objectContaining({ id: kept.id, refundable: true })]),
    );

    const mail = await mailSince(mailBefore);
    expect(mail.map((one) => one.subject).sort()).toEqual(["Maya Katz's Bar/Bat Mitzvah: a gift was refunded", "Your gift to Maya Katz's Bar/Bat Mitzvah was refunded"]);
    const family = mail.find((one) => one.subject.endsWith('a gift was refunded'))!;
    expect(family.to).toBe(owner.registration.email);
    expect(family.replyTo).toBeTruthy();
    expect(family.text).toContain('Your family’s payout now: $32.40');
    const audit = await server.infrastructure.repositories.audit.list(10);
    expect(audit.find((event) => event.subjectId === gift.id && event.action === 'gift.refunded')).toMatchObject({
      actorLabel: expect.stringMatching(/^admin:/),
      before: expect.objectContaining({ payoutAmount: '122.40' }),
      after: expect.objectContaining({ payoutAmount: '32.40', totalReceived: '36.00' }),
    });
  });

  it('refuses an administrator’s refund after closing once the money left, and the lookup says why', async () => {
    const refusedFor = async (registryId: string, giftId: string, message: string) => {
      const refused = await admin.post(`/api/gifts/${giftId}/refund`, { reason: 'Too late' });
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe(message);
      expect((await admin.get(`/api/admin/gifts?registry=${registryId}`)).json.gifts).toEqual([
        expect.objectContaining({ id: giftId, refundable: false, paymentStatus: 'succeeded', notRefundableReason: message }),
      ]);
    };

    const bank = await openRegistry(server);
    const byBank = await give(bank.owner.client, bank.registry.id, 100);
    await verifiedBank(bank.owner.client, bank.registry.id);
    expect((await bank.owner.client.call('PUT', `/api/registries/${bank.registry.id}/payout-info`, { payoutMethod: 'bank' })).status).toBe(200);
    expect((await bank.owner.client.call('PUT', `/api/registries/${bank.registry.id}/close`)).status).toBe(200);
    await refusedFor(bank.registry.id, byBank.id, 'This registry is paid out by bank transfer, which is sent (or may be sent again) at any time after closing, so its gifts can no longer be refunded');

    const sent = await openRegistry(server);
    const familyPaid = await give(sent.owner.client, sent.registry.id, 100);
    await close(sent.owner.client, sent.registry.id);
    expect((await admin.call('PATCH', `/api/admin/manual-payouts/${sent.registry.id}/complete`)).status).toBe(200);
    await refusedFor(sent.registry.id, familyPaid.id, 'The family’s payout was already sent, so this gift can no longer be refunded');

    const charityPaid = await openRegistry(server);
    const paidToCharity = await give(charityPaid.owner.client, charityPaid.registry.id, 100, 'Miriam Gold', '4242424242424242', 2);
    await close(charityPaid.owner.client, charityPaid.registry.id);
    const payout = await pendingCharityPayout(charityPaid.registry.id);
    const completed = await admin.call('PATCH', `/api/admin/charity-payouts/${payout.payoutId}/status`, { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-1' });
    expect(completed.status, completed.text).toBe(200);
    await refusedFor(charityPaid.registry.id, paidToCharity.id, 'This gift’s charity share was already paid to the charity, so it can no longer be refunded');

    for (const registryId of [bank.registry.id, sent.registry.id, charityPaid.registry.id]) {
      expect((await admin.get(`/api/admin/gifts?registry=${registryId}`)).json.registry).toMatchObject({ totalReceived: 100 });
    }
  });

  it('holds the completion of both payouts while a refund after closing is under way', async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = await give(owner.client, registry.id, 100, 'Miriam Gold', '4242424242424242', 1);
    await close(owner.client, registry.id);
    const payout = await pendingCharityPayout(registry.id);
    // As a crash between the provider's answer and the books would leave it.
    expect(await server.infrastructure.repositories.gifts.beginRefund(gift.id, new Date(Date.now() - 60 * 60 * 1000))).toBe(true);
    const manual = await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`);
    const charity = await admin.call('PATCH', `/api/admin/charity-payouts/${payout.payoutId}/status`, { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-2' });
    for (const refused of [manual, charity]) {
      expect(refused.status).toBe(409);
      expect(refused.json.message).toBe('A refund of a gift in this payout is under way; try again in a minute.');
    }
    // The sweep finishes it: nothing is left to pay the family, and the charity payout loses the share.
    expect(await server.sweepAbandonedGifts()).toMatchObject({ refundsFinished: 1 });
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ status: 'payout_sent', payoutAmount: 0, charityPayoutAmount: 0, totalReceived: 0 });
    const history = (await admin.get('/api/admin/charity-payouts')).json as unknown as { registryIds: string[] }[];
    expect(history.some((one) => one.registryIds.includes(registry.id))).toBe(false);
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

    const refused = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('A gift of this registry is being refunded. Please try again in a minute.');

    // The sweep finishes it with the same idempotency key; the registry then closes with nothing to pay.
    const swept = await server.sweepAbandonedGifts();
    expect(swept).toMatchObject({ refundsFinished: 1, refundsRestored: 0 });
    expect(await totalReceived(owner.client, registry.id)).toBe(0);
    const closed = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ status: 'payout_sent', payoutAmount: 0, charityPayoutAmount: 0 });
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
