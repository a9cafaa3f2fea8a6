import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aRegistration } from '../support/builders';
import { HttpClient, nextClientAddress } from '../support/http-client';
import { postgresUrl } from '../support/databases';
import { openRegistry } from '../support/registries';
import { startTestServerOn, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;

/** The server on in-memory PGlite, or on a database of its own on the TEST_DATABASE_URL server. */
function useServer(kind: 'pglite' | 'postgresql') {
  let stop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ server, charityId, stop } = await startTestServerOn(kind));
  });
  afterAll(async () => {
    await stop?.();
  });
}

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function anAccount() {
  const registration = aRegistration();
  expect((await new HttpClient(server.url).post('/api/register', registration)).status).toBe(201);
  return registration;
}

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('limits that cannot be raced, on %s', (kind) => {
  useServer(kind);

  it('lets exactly 10 of 50 wrong passwords sent at once be tried; the other 40 answer 429', async () => {
    const { username } = await anAccount();
    const address = nextClientAddress();
    const statuses = await Promise.all(
      Array.from(
        { length: 50 },
        async () => (await new HttpClient(server.url, address).post('/api/login', { username, password: 'wrong-password' })).status,
      ),
    );
    expect(tally(statuses)).toEqual({ 401: 10, 429: 40 });
  });

  it('opens exactly 30 of 50 payments started at once from one address', async () => {
    const { owner, registry } = await openRegistry(server);
    const address = nextClientAddress();
    const body = {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Uncle Avi',
      giftGiverEmail: 'avi@example.com',
      amount: 18,
      personalMessage: '',
    };
    const statuses = await Promise.all(
      Array.from({ length: 50 }, async () => (await new HttpClient(server.url, address).post('/api/create-payment-intent', body)).status),
    );
    expect(tally(statuses)).toEqual({ 201: 30, 429: 20 });
    expect((await owner.client.get(`/api/registries/${registry.id}/gifts`)).json).toHaveLength(30);
  });

  it('does not spend a giver’s tries on forms they still have to correct', async () => {
    const { registry } = await openRegistry(server);
    const address = nextClientAddress();
    const body = {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Uncle Avi',
      giftGiverEmail: 'avi@example.com',
      amount: 18,
      personalMessage: '',
    };
    for (let attempt = 0; attempt < 35; attempt += 1) {
      expect((await new HttpClient(server.url, address).post('/api/create-payment-intent', { ...body, amount: 0 })).status).toBe(400);
    }
    expect((await new HttpClient(server.url, address).post('/api/create-payment-intent', body)).status).toBe(201);
  });
});

describe('limits a client cannot dodge', () => {
  useServer('pglite');

  it('counts by the address our proxy saw, whatever the client writes to the left of X-Forwarded-For', async () => {
    const { username, password } = await anAccount();
    const address = nextClientAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const spoofed = { 'X-Forwarded-For': `203.0.113.${attempt + 1}, ${address}` };
      statuses.push(
        (await new HttpClient(server.url, address).call('POST', '/api/login', { username, password: 'wrong-password' }, spoofed)).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    // The account's owner, from their own address, is not locked out.
    expect((await new HttpClient(server.url).post('/api/login', { username, password })).status).toBe(200);
  });

  it('limits a username of 300 characters like any other, never answering 500', async () => {
    const address = nextClientAddress();
    const username = 'a'.repeat(300);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await new HttpClient(server.url, address).post('/api/login', { username, password: 'wrong-password' })).status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  });

  it('counts refused sign-ups too, so taken e-mails cannot be probed without limit', async () => {
    const taken = await anAccount();
    const address = nextClientAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const probe = aRegistration({ email: attempt % 2 === 0 ? taken.email : `someone${attempt}@example.com`, username: taken.username });
      expect((await new HttpClient(server.url, address).post('/api/register', probe)).status).toBe(409);
    }
    const refused = await new HttpClient(server.url, address).post('/api/register', aRegistration());
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many sign-up attempts from this network\. Please try again in \d+ minute\(s\)\.$/);
  });

  it('limits the gifts given by hand one account records, since each may name any address a card then goes to', async () => {
    const { owner, registry } = await openRegistry(server);
    const today = new Date().toISOString().slice(0, 10);
    const gift = (index: number) => ({
      giftGiverName: `Guest ${index}`,
      giftGiverEmail: `guest${index}@example.com`,
      amount: 1,
      method: 'cash',
      receivedOn: today,
      note: '',
    });
    const statuses: number[] = [];
    for (let index = 0; index < 300; index += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, offset) => owner.client.post(`/api/registries/${registry.id}/offline-gifts`, gift(index + offset))),
      );
      statuses.push(...batch.map((answer) => answer.status));
    }
    expect(tally(statuses)).toEqual({ 201: 300 });
    const refused = await owner.client.post(`/api/registries/${registry.id}/offline-gifts`, gift(300));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many gifts recorded by hand\. Please try again in \d+ minute\(s\)\.$/);
    expect((await owner.client.get(`/api/registries/${registry.id}/gift-list`)).json.giftCount).toBe(300);
  });
});
