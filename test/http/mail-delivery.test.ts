import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';
import { deliveredMail } from '../adapters/mail/parse-eml';

// A key pair of our own, as SendGrid's dashboard would show its public half (base64 DER).
const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const PUBLIC_KEY = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const METRICS_TOKEN = 'mail-delivery-metrics-token-0123456789abcdef';
// As in production, links in e-mails are https (Gmail's one click needs it); the test reaches them at the server.
const PUBLIC_URL = 'https://gifts.example.org';
const atServer = (link: string) => link.replace(PUBLIC_URL, server.url);

let server: TestServer;
let charityId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: {
      PUBLIC_URL,
      SENDGRID_WEBHOOK_PUBLIC_KEY: PUBLIC_KEY,
      METRICS_TOKEN,
      MAIL_POSTAL_ADDRESS: '18 Chai Street, Springfield, IL 62701, USA',
    },
  });
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const delivered = () => deliveredMail(server.dataDir);
const deliveredTo = async (address: string) => (await delivered()).filter((mail) => mail.to === address);

async function paidGift(registryId: string, giftGiverEmail: string) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Aunt Miriam',
    giftGiverEmail,
    amount: 36,
    personalMessage: '',
  });
  await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
}

interface Contributor {
  id: string;
  giftGiverEmail: string;
  thankYouNote: { id: string; status: string; sendTo: string | null; notDeliveredAt: string | null } | null;
}

async function sendCard(owner: HttpClient, registryId: string, body?: unknown) {
  const [contributor] = (await owner.get(`/api/registries/${registryId}/contributors`)).json as unknown as Contributor[];
  const saved = await owner.post('/api/thank-you-notes', {
    giftId: contributor!.id,
    noteId: contributor!.thankYouNote?.id,
    templateId: 'nature',
    customMessage: 'Todah rabah, Miriam!',
    imageUrls: [],
    imageSize: 'medium',
  });
  const sent = await owner.post(`/api/thank-you-notes/${saved.json.id as string}/send`, body);
  expect(sent.status, sent.text).toBe(200);
}

const thankYouOnGiftList = async (owner: HttpClient, registryId: string) =>
  ((await owner.get(`/api/registries/${registryId}/gift-list`)).json as unknown as { gifts: { thankYouStatus: string }[] }).gifts[0]!
    .thankYouStatus;
const contributorOf = async (owner: HttpClient, registryId: string) =>
  ((await owner.get(`/api/registries/${registryId}/contributors`)).json as unknown as Contributor[])[0]!;

/** Two passes: the first sends (and the outbox reports its test addresses), the second applies the reports. */
async function deliverAndHear() {
  await server.mailWorker.drainOnce();
  await server.mailWorker.drainOnce();
}

function signed(events: unknown[], options: { at?: number; key?: typeof privateKey } = {}) {
  const body = JSON.stringify(events);
  const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + body), { key: options.key ?? privateKey, dsaEncoding: 'der' }).toString(
    'base64',
  );
  return {
    body,
    headers: {
      'Content-Type': 'application/json',
      'X-Twilio-Email-Event-Webhook-Signature': signature,
      'X-Twilio-Email-Event-Webhook-Timestamp': timestamp,
    },
  };
}

const sendgrid = (request: { body: string; headers: Record<string, string> }) =>
  new HttpClient(server.url).call('POST', '/api/webhooks/sendgrid', request.body, request.headers);

describe('a thank-you card, as delivered', () => {
  it('comes from the family at our address, answers to the parent, and can be stopped in one click', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Noa Cohen' }, { firstName: 'Rachel' });
    const giver = `miriam.${registry.id.slice(0, 8)}@example.org`;
    await paidGift(registry.id, giver);
    await sendCard(owner.client, registry.id);
    await server.mailWorker.drainOnce();
    // One drain sends both, in no promised order: tell them apart by subject.
    const mails = await deliveredTo(giver);
    expect(mails).toHaveLength(2);
    const card = mails.find((mail) => mail.subject === 'A thank-you from Noa Cohen');
    const receipt = mails.find((mail) => mail !== card);
    // The receipt is transactional: our sender, no unsubscribe.
    expect(receipt).toMatchObject({ from: { name: 'Mitzvah Gifts', address: 'no-reply@gifts.example.org' } });
    expect(receipt?.unsubscribe).toBeUndefined();
    expect(receipt?.text).not.toContain('Unsubscribe');
    expect(card).toMatchObject({
      from: { name: 'The Cohen family via Mitzvah Gifts', address: 'no-reply@gifts.example.org' },
      replyTo: owner.registration.email,
      subject: 'A thank-you from Noa Cohen',
    });
    expect(card?.unsubscribe).toEqual({
      url: expect.stringMatching(/^https:\/\/gifts\.example\.org\/api\/unsubscribe\/[A-Za-z0-9_-]{60,}$/),
      oneClick: true,
    });
    expect(card?.text).toContain('18 Chai Street, Springfield, IL 62701, USA');
    expect(card?.html).toContain('Unsubscribe from these e-mails');
    expect(card?.text).toContain(card!.unsubscribe!.url);
  });
});

describe('one-click unsubscribe', () => {
  async function invitationLink() {
    const { owner, registry } = await openRegistry(server, { childName: 'Talia Mizrahi' }, { firstName: 'Dana' });
    const invitee = `grandpa.${registry.id.slice(0, 8)}@example.org`;
    expect((await owner.client.post(`/api/registries/${registry.id}/co-owners/invitations`, { email: invitee })).status).toBe(201);
    await server.mailWorker.drainOnce();
    const [invitation] = await deliveredTo(invitee);
    expect(invitation?.from.name).toBe(`Dana ${owner.registration.lastName} via Mitzvah Gifts`);
    return { owner, registry, invitee, url: atServer(invitation!.unsubscribe!.url) };
  }

  it('changes nothing on a GET, which leads to the page that asks', async () => {
    const { url } = await invitationLink();
    const opened = await fetch(url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toMatch(/^\/unsubscribe\/invitations#token=[A-Za-z0-9_-]+$/);
    const broken = await fetch(`${url.slice(0, -4)}AAAA`, { redirect: 'manual' });
    expect(broken.headers.get('location')).toBe('/unsubscribe/link-invalid');
  });

  it('takes a mailbox provider’s POST with no cookie, from another origin, at once, and stops that category only', async () => {
    const { owner, invitee, url } = await invitationLink();
    const clicked = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://mail.google.com', 'Sec-Fetch-Site': 'cross-site' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({
      category: 'invitations',
      message: expect.stringContaining('no more invitations to co-own a registry'),
    });
    // Again, many times over (a provider's retries, Google's shared addresses): still 200.
    for (let i = 0; i < 12; i += 1) expect((await fetch(url, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const other = await openRegistry(server, { childName: 'Eli Levi' }, { firstName: 'Ruth' });
    expect((await other.owner.client.post(`/api/registries/${other.registry.id}/co-owners/invitations`, { email: invitee })).status).toBe(
      201,
    );
    await paidGift(other.registry.id, invitee);
    await server.mailWorker.drainOnce();
    // No second invitation; the receipt for the gift still went.
    expect((await deliveredTo(invitee)).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('invites you to co-own'),
      expect.stringMatching(/gift/i),
    ]);
    expect(owner).toBeDefined();
  });

  it('refuses a token that was not sealed by us', async () => {
    const refused = await fetch(`${server.url}/api/unsubscribe/${'A'.repeat(80)}`, { method: 'POST' });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { message: string }).message).toContain('This unsubscribe link does not work');
  });
});

describe('a card to an address that bounces', () => {
  it('shows the family it was not delivered, and goes out when they correct the address', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Ari Katz' });
    await paidGift(registry.id, 'bounce@example.com');
    await deliverAndHear();
    await sendCard(owner.client, registry.id);
    await deliverAndHear();
    const undelivered = await contributorOf(owner.client, registry.id);
    expect(undelivered.thankYouNote).toMatchObject({ status: 'sent', notDeliveredAt: expect.any(String), sendTo: null });
    // The gift list says what the thank-you cards page says: not delivered, so not sent.
    expect(await thankYouOnGiftList(owner.client, registry.id)).toBe('not_delivered');
    // The card was never written: the receipt's bounce put the address on the list first.
    expect((await deliveredTo('bounce@example.com')).map((mail) => mail.subject)).toEqual([expect.not.stringContaining('thank-you')]);

    expect((await owner.client.post(`/api/thank-you-notes/${undelivered.thankYouNote!.id}/send`, { email: 'not an address' })).status).toBe(
      400,
    );
    await sendCard(owner.client, registry.id, { email: 'ari.katz.giver@example.org' });
    await deliverAndHear();
    expect(await contributorOf(owner.client, registry.id)).toMatchObject({
      giftGiverEmail: 'bounce@example.com',
      thankYouNote: { sendTo: 'ari.katz.giver@example.org', notDeliveredAt: null },
    });
    expect(await deliveredTo('ari.katz.giver@example.org')).toEqual([expect.objectContaining({ subject: 'A thank-you from Ari Katz' })]);
    expect(await thankYouOnGiftList(owner.client, registry.id)).toBe('sent');
  });

  it('is counted by kind in the metrics', async () => {
    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await metrics.text();
    expect(text).toMatch(/registry_mail_bounces_total\{kind="gift-receipt"\} [1-9]/);
    expect(text).toMatch(/registry_mail_suppressed_total\{kind="thank-you-card"\} [1-9]/);
    expect(text).toContain('registry_mail_complaints_total{kind="newsletter"} 0');
  });
});

describe('POST /api/webhooks/sendgrid', () => {
  const address = 'webhook.giver@example.org';
  const bounce = (id: string) => ({
    email: address,
    timestamp: Math.floor(Date.now() / 1000),
    event: 'bounce',
    type: 'bounce',
    sg_event_id: id,
    sg_message_id: 'm.1',
    reason: '550 5.1.1 no such user',
    mail_kind: 'gift-receipt',
  });

  it('refuses a body without a signature, with a wrong one, with another key’s, or signed long ago, and stores nothing', async () => {
    const good = signed([bounce('evt-refused')]);
    expect((await sendgrid({ body: good.body, headers: { 'Content-Type': 'application/json' } })).status).toBe(401);
    expect((await sendgrid({ body: good.body.replace('bounce', 'Bounce'), headers: good.headers })).status).toBe(401);
    const { privateKey: stranger } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    expect((await sendgrid(signed([bounce('evt-refused')], { key: stranger }))).status).toBe(401);
    expect((await sendgrid(signed([bounce('evt-refused')], { at: Math.floor(Date.now() / 1000) - 2 * 24 * 3600 }))).status).toBe(401);
    const notAList = signed([]);
    const body = '{"nonsense":true}';
    const timestamp = notAList.headers['X-Twilio-Email-Event-Webhook-Timestamp'];
    const signature = sign('sha256', Buffer.from(timestamp + body), { key: privateKey, dsaEncoding: 'der' }).toString('base64');
    expect((await sendgrid({ body, headers: { ...notAList.headers, 'X-Twilio-Email-Event-Webhook-Signature': signature } })).status).toBe(
      400,
    );
    const rows = await server.infrastructure.orm.em.fork().execute(`select "id" from "mail_events" where "id" like '%evt-refused'`);
    expect(rows).toEqual([]);
  });

  it('stores each event once, ignores what it does not act on, and the address is suppressed after the next pass', async () => {
    const batch = [
      bounce('evt-1'),
      { email: address, timestamp: 1, event: 'delivered', sg_event_id: 'evt-2' },
      { email: address, timestamp: 1, event: 'bounce', type: 'blocked', sg_event_id: 'evt-3' },
    ];
    const first = await sendgrid(signed(batch));
    expect(first.status, first.text).toBe(200);
    expect(first.json).toEqual({ received: 1 });
    expect((await sendgrid(signed(batch))).json).toEqual({ received: 0 });
    await server.mailWorker.drainOnce();
    expect(await server.infrastructure.repositories.mailSuppressions.listFor(address)).toEqual([
      { address, scope: 'all', reason: 'bounce', createdAt: expect.any(Date) },
    ]);
  });
});
