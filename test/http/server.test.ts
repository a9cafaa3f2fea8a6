import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARITY_CATEGORIES } from '@core/model/charity';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the server', () => {
  it('reports a healthy database', async () => {
    const response = await new HttpClient(server.url).get('/api/health');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers liveness from the process alone, uncached', async () => {
    const response = await new HttpClient(server.url).get('/api/health/live');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('tells the web app the sandbox payment provider until Stripe is configured, with its test cards and evidence words', async () => {
    const response = await new HttpClient(server.url).get('/api/config');
    expect(response.json).toMatchObject({
      paymentProvider: 'sandbox',
      stripePublishableKey: null,
      sandboxTestMode: {
        cards: { succeeds: '4242424242424242', declined: '4000000000000002', disputed: '4000000000000259' },
        evidence: { wins: 'winning_evidence', loses: 'losing_evidence' },
      },
    });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await new HttpClient(server.url).get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ message: 'Not found' });
  });

  it('sends the security headers: CSP admitting Stripe, nosniff, referrer policy, frame denial', async () => {
    const response = await new HttpClient(server.url).get('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://js.stripe.com');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('refuses oversized and malformed bodies with a clear 4xx, never a 500', async () => {
    const client = new HttpClient(server.url);
    const huge = await client.call('POST', '/api/login', JSON.stringify({ username: 'a'.repeat(200_000), password: 'x' }));
    expect(huge.status).toBe(413);
    const broken = await client.call('POST', '/api/login', '{"username":');
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe('Request body is not valid JSON');
    const list = await client.call('POST', '/api/register', '[1,2,3]');
    expect(list.status).toBe(400);
    // Bytes that are not what their Content-Encoding says are the sender's fault too, signed out or not.
    for (const [path, encoding] of [
      ['/api/newsletter', 'gzip'],
      ['/api/login', 'deflate'],
      ['/api/create-payment-intent', 'br'],
    ] as const) {
      const corrupt = await client.call('POST', path, 'not compressed at all', { 'Content-Encoding': encoding });
      expect([path, encoding, corrupt.status, corrupt.json]).toEqual([
        path,
        encoding,
        400,
        { message: 'Request body could not be decompressed' },
      ]);
    }
    // A zlib header asking for a preset dictionary (0x78 0xbb, then the dictionary's checksum), as bytes.
    const wantsDictionary = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
      body: new Uint8Array([0x78, 0xbb, 0, 0, 0, 1, 1, 2, 3]),
    });
    expect([wantsDictionary.status, await wantsDictionary.json()]).toEqual([400, { message: 'Request body could not be decompressed' }]);
    expect(server.logs.join('')).not.toMatch(/unhandled error/);
  });
});

describe('where the server listens', () => {
  it('listens on loopback unless HOST says otherwise, and knows the address it bound', () => {
    expect(server.bound).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});

describe('behind a TLS proxy that forgets X-Forwarded-Proto', () => {
  it('still signs people in with a Secure cookie, never a 500, and tells the operator once', async () => {
    const proxied = await startTestServer({ env: { PUBLIC_URL: 'https://gifts.example.org', TRUST_PROXY: 'true' } });
    try {
      // The browser is on the public address, and names it as the page's origin.
      const forgetful = { 'X-Forwarded-Proto': '', Origin: 'https://gifts.example.org' };
      const registration = aRegistration();
      const browser = new HttpClient(proxied.url);
      const signedUp = await browser.call('POST', '/api/register', registration, forgetful);
      expect(signedUp.status).toBe(201);
      expect(signedUp.headers.get('set-cookie')).toMatch(/; secure/i);
      const again = new HttpClient(proxied.url);
      expect(
        (await again.call('POST', '/api/login', { username: registration.username, password: registration.password }, forgetful)).status,
      ).toBe(200);
      expect((await again.call('GET', '/api/user', undefined, forgetful)).status).toBe(200);
      const logs = proxied.logs.join('');
      expect(logs).not.toContain('Cannot send secure cookie');
      expect(logs.match(/without X-Forwarded-Proto: https/g)).toHaveLength(1);
    } finally {
      await proxied.close();
    }
  });
});

describe('GET /api/charities', () => {
  it('lists at least eight seeded charities spread over the categories, each with a description, website and our own image', async () => {
    const client = new HttpClient(server.url);
    const charities = (await client.get('/api/charities')).json as unknown as Array<Record<string, string>>;
    expect(charities.length).toBeGreaterThanOrEqual(8);
    const categories = new Set(charities.map((charity) => charity.category));
    for (const category of CHARITY_CATEGORIES) expect(categories).toContain(category);
    for (const charity of charities) {
      expect(charity.name).toBeTruthy();
      expect(charity.description!.length).toBeGreaterThan(40);
      expect(charity.website).toMatch(/^https:\/\//);
      expect(charity.imageUrl).toMatch(/^\/charity-images\/[a-z0-9-]+\.svg$/);
    }
  });

  it('leaves out inactive charities', async () => {
    const client = new HttpClient(server.url);
    const before = (await client.get('/api/charities')).json as unknown as Array<{ id: string }>;
    await server.infrastructure.repositories.charities.setActive(before[0]!.id, false);
    const after = (await client.get('/api/charities')).json as unknown as Array<{ id: string }>;
    expect(after.map((c) => c.id)).not.toContain(before[0]!.id);
    expect(after).toHaveLength(before.length - 1);
    await server.infrastructure.repositories.charities.setActive(before[0]!.id, true);
  });
});

describe('the embedded database on disk', () => {
  it('keeps accounts and sessions across a restart, and seeds charities only once', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir });
    const browser = new HttpClient(first.url);
    const registration = aRegistration();
    await browser.post('/api/register', registration);
    const charityCount = ((await browser.get('/api/charities')).json as unknown[]).length;
    await first.close();

    const second = await startTestServer({ dataDir });
    try {
      const again = new HttpClient(second.url);
      expect((await again.post('/api/login', { username: registration.username, password: registration.password })).status).toBe(200);
      expect(((await again.get('/api/charities')).json as unknown[]).length).toBe(charityCount);
    } finally {
      await second.close();
    }
  });

  it('refuses a second process while the first holds the database', async () => {
    const dataDir = tempDataDir();
    const first = await startTestServer({ dataDir });
    try {
      await expect(startTestServer({ dataDir })).rejects.toThrow(/in use by another process/);
    } finally {
      await first.close();
    }
  });
});
