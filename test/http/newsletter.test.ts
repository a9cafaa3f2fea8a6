import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const client = () => new HttpClient(server.url);

async function mailTo(address: string) {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).filter((mail) => mail.to.includes(address));
}

describe('newsletter', () => {
  it('stores an address once, confirms it once with an unsubscribe link, and unsubscribes by that link, harmlessly twice', async () => {
    const first = await client().post('/api/newsletter', { email: 'Guest.One@Example.com' });
    expect(first.status).toBe(200);
    expect(first.json.message).toBe(
      'Thank you! guest.one@example.com is on our newsletter list. Every e-mail we send it has a link to unsubscribe.',
    );
    const again = await client().post('/api/newsletter', { email: 'guest.one@example.com' });
    expect(again.json).toEqual(first.json);
    expect(await server.infrastructure.repositories.newsletter.isSubscribed('guest.one@example.com')).toBe(true);

    const mails = await mailTo('guest.one@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('You are subscribed to the Mitzvah Gifts newsletter');
    const token = /\/newsletter\/unsubscribe#token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;

    const gone = await client().post('/api/newsletter/unsubscribe', { token });
    expect(gone.status).toBe(200);
    expect(gone.json.message).toMatch(/You are unsubscribed/);
    expect(await server.infrastructure.repositories.newsletter.isSubscribed('guest.one@example.com')).toBe(false);
    expect((await client().post('/api/newsletter/unsubscribe', { token })).status).toBe(200);
    expect(server.logs.join('')).not.toContain(token);
  });

  it('refuses a malformed address, extra fields and a malformed link, and stores nothing', async () => {
    const bad = await client().post('/api/newsletter', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Please enter a valid email address');
    expect((await client().post('/api/newsletter', { email: 'x@example.com', admin: true })).status).toBe(400);
    expect(await server.infrastructure.repositories.newsletter.isSubscribed('x@example.com')).toBe(false);
    expect((await client().post('/api/newsletter/unsubscribe', { token: '../../etc' })).status).toBe(400);
  });

  it('limits sign-ups from one network to 10 an hour', async () => {
    const browser = client();
    for (let i = 0; i < 10; i += 1) expect((await browser.post('/api/newsletter', { email: `many${i}@example.com` })).status).toBe(200);
    const eleventh = await browser.post('/api/newsletter', { email: 'many10@example.com' });
    expect(eleventh.status).toBe(429);
    expect(await server.infrastructure.repositories.newsletter.isSubscribed('many10@example.com')).toBe(false);
  });
});
