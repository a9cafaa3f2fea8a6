import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../support/accounts';
import { aRegistration } from '../support/builders';
import { HttpClient, nextClientAddress } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { aRegistryBody, openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;
beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
});
afterAll(async () => {
  await server?.close();
});

const RIGHT_TO_LEFT_OVERRIDE = '\u202E';
const LEFT_TO_RIGHT_ISOLATE = '\u2066';

describe('names that go into e-mails, titles and link previews', () => {
  it('refuses a sign-up whose first or last name holds a line break, a tab or a C1 control, and creates no account', async () => {
    for (const [field, value] of [
      ['firstName', 'Sarah\r\nBcc: everyone@example.com'],
      ['firstName', 'Sarah\nCohen'],
      ['lastName', 'Co\then'],
      ['lastName', 'Cohen\u0085'],
    ] as const) {
      const registration = aRegistration({ [field]: value });
      const response = await new HttpClient(server.url).post('/api/register', registration);
      expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      const label = field === 'firstName' ? 'First name' : 'Last name';
      expect(response.json.errors).toMatchObject({ [field]: `${label} cannot contain line breaks or control characters` });
      const login = await new HttpClient(server.url).post('/api/login', {
        username: registration.username,
        password: registration.password,
      });
      expect(login.status).toBe(401);
    }
  });

  it('refuses direction overrides and isolates in names at sign-up and on the account page', async () => {
    const registration = aRegistration({ firstName: `Sarah ${RIGHT_TO_LEFT_OVERRIDE}elpmaxe.live` });
    const refused = await new HttpClient(server.url).post('/api/register', registration);
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toMatchObject({ firstName: 'First name cannot contain characters that change the direction of text' });

    const { client } = await signedIn(server);
    const profile = await client.call('PUT', '/api/account/profile', { firstName: 'Sarah', lastName: `Cohen${LEFT_TO_RIGHT_ISOLATE}` });
    expect(profile.status).toBe(400);
    expect(profile.json.errors).toMatchObject({ lastName: 'Last name cannot contain characters that change the direction of text' });
    expect((await client.call('PUT', '/api/account/profile', { firstName: 'Sa\r\nrah', lastName: 'Cohen' })).status).toBe(400);
    expect((await client.get('/api/account')).json).toMatchObject({ firstName: 'Sarah', lastName: 'Cohen' });
    // Hebrew, and the marks that place its punctuation, are names as typed.
    const hebrew = await client.call('PUT', '/api/account/profile', { firstName: 'שָׂרָה\u200F', lastName: 'כהן' });
    expect(hebrew.status, hebrew.text).toBe(200);
  });

  it("refuses a child's name with a direction override when the registry is created or edited", async () => {
    const { client } = await signedIn(server);
    for (const childName of [`Noa ${RIGHT_TO_LEFT_OVERRIDE}lliB`, `Noa${LEFT_TO_RIGHT_ISOLATE} Levi`, `Noa \u2069Levi`]) {
      const created = await client.post('/api/registries', aRegistryBody({ childName }));
      expect(created.status).toBe(400);
      expect(created.json.errors).toMatchObject({ childName: "Child's name cannot contain characters that change the direction of text" });
    }
    expect((await client.get('/api/registries/my')).json).toEqual([]);

    const { owner, registry } = await openRegistry(server, { childName: 'Noa Levi' });
    const edited = await owner.client.call('PUT', `/api/registries/${registry.id}`, {
      childName: `${RIGHT_TO_LEFT_OVERRIDE}Noa`,
      celebrationDate: '2027-05-16',
      personalMessage: '',
      photoUrl: null,
    });
    expect(edited.status).toBe(400);
    expect(edited.json.errors).toMatchObject({ childName: "Child's name cannot contain characters that change the direction of text" });
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ childName: 'Noa Levi' });
  });

  it("refuses a giver's name with a direction override or a C1 control, opening no payment", async () => {
    const { owner, registry } = await openRegistry(server);
    const gift = { registryId: registry.id, charityId, giftGiverEmail: 'miriam@example.com', amount: 50, personalMessage: '' };
    const bidi = await new HttpClient(server.url).post('/api/create-payment-intent', {
      ...gift,
      giftGiverName: `Miriam ${RIGHT_TO_LEFT_OVERRIDE}`,
    });
    expect(bidi.status).toBe(400);
    expect(bidi.json.errors).toMatchObject({ giftGiverName: 'Name cannot contain characters that change the direction of text' });
    const c1 = await new HttpClient(server.url).post('/api/create-payment-intent', { ...gift, giftGiverName: 'Miriam\u009B' });
    expect(c1.status).toBe(400);
    expect(c1.json.errors).toMatchObject({ giftGiverName: 'Name cannot contain line breaks or control characters' });
    expect((await owner.client.get(`/api/registries/${registry.id}/gifts`)).json).toEqual([]);
  });

  it("sends a co-owner invitation whose inviter's name reads as a link with the link taken apart", async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Noa Levi' }, { firstName: 'Claim your prize at evil.example' });
    const email = `stranger.${Date.now()}@example.com`;
    expect((await owner.client.post(`/api/registries/${registry.id}/co-owners/invitations`, { email })).status).toBe(201);
    await server.mailWorker.drainOnce();
    const mail = readOutbox(server.dataDir).find((message) => message.to === email)!;
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).toContain('evil.\u200Bexample');
    }
    // The invitation's own link still works as a link.
    expect(mail.text).toMatch(/https?:\/\/\S+\/co-owner\/accept#token=/);
  });
});

describe('registries per account', () => {
  it('lets one account create 5 registries in an hour and refuses the 6th with 429 and how long to wait', async () => {
    const { client } = await signedIn(server);
    // A form still to be corrected creates nothing and spends no try.
    expect((await client.post('/api/registries', aRegistryBody({ childName: '' }))).status).toBe(400);
    for (let made = 0; made < 5; made += 1)
      expect((await client.post('/api/registries', aRegistryBody({ childName: `Child ${made}` }))).status).toBe(201);
    const sixth = await client.post('/api/registries', aRegistryBody({ childName: 'Child 6' }));
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toMatch(/^Too many new registries from this account\. Please try again in \d+ minute\(s\)\.$/);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.get('/api/registries/my')).json).toHaveLength(5);
    // Another family is not held up.
    expect((await (await signedIn(server)).client.post('/api/registries', aRegistryBody())).status).toBe(201);
  });

  it("shows one account's registries once in the public recent list, however many it opens", async () => {
    const { client } = await signedIn(server);
    for (let made = 0; made < 5; made += 1)
      expect((await client.post('/api/registries', aRegistryBody({ childName: `BUY CHEAP PILLS ${made}` }))).status).toBe(201);
    const recent = (await new HttpClient(server.url).get('/api/registries/recent')).json as unknown as { childName: string }[];
    expect(recent.filter((card) => card.childName.startsWith('BUY CHEAP PILLS')).map((card) => card.childName)).toEqual([
      'BUY CHEAP PILLS 4',
    ]);
  });
});

describe('payments from one address', () => {
  /** A guest's gift; `tabClosed`: the giver closes the tab once the card is confirmed, so only the provider (the sandbox's confirm, as Stripe's webhook) reports it. */
  async function give(guest: HttpClient, registryId: string, cardNumber: string, tabClosed = false) {
    const started = await guest.post('/api/create-payment-intent', {
      registryId,
      charityId,
      giftGiverName: 'Guest at the party',
      giftGiverEmail: 'guest@example.com',
      amount: 36,
      personalMessage: '',
    });
    if (started.status !== 201) return started.status;
    const confirmed = await guest.post('/api/sandbox/confirm', { clientSecret: started.json.clientSecret, cardNumber });
    if (tabClosed) return confirmed.json.status === 'succeeded' ? 201 : 402;
    const reconciled = await guest.post('/api/payments/reconcile', { paymentIntentId: started.json.paymentIntentId });
    return reconciled.json.status === 'succeeded' ? 201 : 402;
  }

  it('takes 60 paid gifts from one address in ten minutes, as a party on one Wi-Fi gives', async () => {
    const { registry } = await openRegistry(server);
    const venue = nextClientAddress();
    for (let guest = 0; guest < 60; guest += 1)
      expect(await give(new HttpClient(server.url, venue), registry.id, '4242424242424242'), `gift ${guest + 1}`).toBe(201);
  });

  it('takes 60 paid gifts from one address whose givers closed the tab before their page asked: the provider’s word gives the start back', async () => {
    const { registry } = await openRegistry(server);
    const venue = nextClientAddress();
    for (let guest = 0; guest < 60; guest += 1)
      expect(await give(new HttpClient(server.url, venue), registry.id, '4242424242424242', true), `gift ${guest + 1}`).toBe(201);
    // Declines still count: 30 more go, the 31st is refused.
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect(await give(new HttpClient(server.url, venue), registry.id, '4000000000000002', true)).toBe(402);
    expect(await give(new HttpClient(server.url, venue), registry.id, '4000000000000002', true)).toBe(429);
  });

  it('stops a run of declines from one address after 30', async () => {
    const { registry } = await openRegistry(server);
    const tester = nextClientAddress();
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect(await give(new HttpClient(server.url, tester), registry.id, '4000000000000002')).toBe(402);
    const refused = await new HttpClient(server.url, tester).post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Card tester',
      giftGiverEmail: 'tester@example.com',
      amount: 36,
      personalMessage: '',
    });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many unpaid payment attempts from this address\./);
  });

  it("gives a paid gift's start back once, and only to the address that started it", async () => {
    const { registry } = await openRegistry(server);
    const starter = new HttpClient(server.url, nextClientAddress());
    const started = await starter.post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Guest',
      giftGiverEmail: 'guest@example.com',
      amount: 36,
      personalMessage: '',
    });
    await starter.post('/api/sandbox/confirm', { clientSecret: started.json.clientSecret, cardNumber: '4242424242424242' });
    const paymentIntentId = started.json.paymentIntentId;
    // A card tester asking about someone else's paid gift, again and again, earns nothing.
    const tester = nextClientAddress();
    for (let asked = 0; asked < 3; asked += 1)
      expect((await new HttpClient(server.url, tester).post('/api/payments/reconcile', { paymentIntentId })).json).toEqual({
        status: 'succeeded',
      });
    for (let asked = 0; asked < 3; asked += 1) await starter.post('/api/payments/reconcile', { paymentIntentId });
    for (let attempt = 0; attempt < 30; attempt += 1)
      expect(await give(new HttpClient(server.url, tester), registry.id, '4000000000000002')).toBe(402);
    expect(await give(new HttpClient(server.url, tester), registry.id, '4000000000000002')).toBe(429);
    // The starter's paid gift gave back its one start, no more: 30 unpaid ones still go, not 31 or 33.
    for (let attempt = 0; attempt < 30; attempt += 1) expect(await give(starter, registry.id, '4000000000000002')).toBe(402);
    expect(await give(starter, registry.id, '4000000000000002')).toBe(429);
  });
});
