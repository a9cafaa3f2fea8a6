import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry, paidGiftThroughSandbox } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 14's family tools beside co-owners: a co-owner may do everything the owner may but close,
 * payout details and removing the owner, so gifts given by hand, refunds and the card for everyone
 * are theirs too; a stranger still gets 403 and changes nothing.
 */
let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const today = () => new Date().toISOString().slice(0, 10);
const byHand = {
  giftGiverName: 'Uncle Ben',
  giftGiverEmail: 'ben@example.com',
  amount: 180,
  method: 'cash',
  receivedOn: today(),
  note: '',
};

async function family() {
  const { owner, registry } = await openRegistry(server, { childName: 'Shira Peretz' });
  const coOwner = await signedInCoOwner(server, registry.id, { firstName: 'Avi' });
  const stranger = (await signedIn(server)).client;
  const giftList = async () =>
    (await owner.client.get(`/api/registries/${registry.id}/gift-list`)).json as unknown as {
      giftCount: number;
      gifts: { id: string; giftGiverName: string; paymentStatus: string; givenBy: string }[];
    };
  return { owner, coOwner, stranger, registry, giftList };
}

describe('a co-owner’s family tools', () => {
  it('records, corrects and removes a gift given by hand; a stranger cannot', async () => {
    const { coOwner, stranger, registry, giftList } = await family();
    expect((await stranger.post(`/api/registries/${registry.id}/offline-gifts`, byHand)).status).toBe(403);
    const recorded = await coOwner.client.post(`/api/registries/${registry.id}/offline-gifts`, byHand);
    expect(recorded.status, recorded.text).toBe(201);
    const id = recorded.json.id as string;
    expect((await stranger.call('PUT', `/api/offline-gifts/${id}`, { ...byHand, amount: 1 })).status).toBe(403);
    expect((await coOwner.client.call('PUT', `/api/offline-gifts/${id}`, { ...byHand, amount: 200 })).status).toBe(200);
    expect((await giftList()).gifts).toEqual([expect.objectContaining({ id, givenBy: 'cash' })]);
    expect((await stranger.call('DELETE', `/api/offline-gifts/${id}`)).status).toBe(403);
    expect((await giftList()).giftCount).toBe(1);
    expect((await coOwner.client.call('DELETE', `/api/offline-gifts/${id}`)).status).toBe(200);
    expect((await giftList()).giftCount).toBe(0);
  });

  it('refunds a paid gift while the registry is open, named as the co-owner in the audit trail; a stranger cannot', async () => {
    const { coOwner, stranger, registry, giftList } = await family();
    await paidGiftThroughSandbox(server, { registryId: registry.id, charityId, name: 'Miriam', amount: 50 });
    const [gift] = (await giftList()).gifts;
    const refused = await stranger.post(`/api/gifts/${gift!.id}/refund`, { reason: 'Asked by the giver' });
    expect(refused.status).toBe(403);
    expect((await giftList()).gifts[0]!.paymentStatus).toBe('succeeded');
    const refunded = await coOwner.client.post(`/api/gifts/${gift!.id}/refund`, { reason: 'Asked by the giver' });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await giftList()).gifts[0]!.paymentStatus).toBe('refunded');
    const audit = await server.infrastructure.repositories.audit.list(20);
    expect(audit.find((event) => event.subjectId === gift!.id && event.action === 'gift.refund_started')).toMatchObject({
      actorLabel: `co-owner:${coOwner.registration.username}`,
    });
  });

  it('sends the card for everyone, with answers going to the co-owner; a stranger cannot', async () => {
    const { coOwner, stranger, registry } = await family();
    await paidGiftThroughSandbox(server, { registryId: registry.id, charityId, name: 'Noam', amount: 50 });
    const card = { templateId: 'modern', customMessage: 'Dear {name}, thank you!', imageUrls: [], imageSize: 'medium' };
    expect((await stranger.post(`/api/registries/${registry.id}/thank-you-cards`, card)).status).toBe(403);
    const sent = await coOwner.client.post(`/api/registries/${registry.id}/thank-you-cards`, card);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ sentCount: 1 });
    await server.mailWorker.drainOnce();
    const mail = readOutbox(server.dataDir).find(
      (message) => message.to === 'noam@example.com' && message.text.includes('Dear Noam, thank you!'),
    );
    expect(mail?.replyTo).toBe(coOwner.registration.email);
  });
});
