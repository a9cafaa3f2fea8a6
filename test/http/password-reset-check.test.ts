import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { stopSystemTimeAt } from '../support/system-time';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 22: a reset link's page asks, as it opens, whether the link still works, without using it. */

let server: TestServer;
beforeAll(async () => {
  // Its tests stop the system time, which only PGlite's clock follows.
  server = await startTestServer({ database: 'pglite' });
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const client = () => new HttpClient(server.url);
const USED = 'This link has expired or has already been used. Please ask for a new one.';

async function aResetLink(): Promise<{ token: string; username: string }> {
  const registration = aRegistration();
  expect((await client().post('/api/register', registration)).status).toBe(201);
  await client().post('/api/password-reset/request', { email: registration.email });
  await server.mailWorker.drainOnce();
  const mail = readOutbox(server.dataDir)
    .filter((sent) => sent.to.toLowerCase().includes(registration.email.toLowerCase()))
    .at(-1)!;
  const token = /\/reset-password#token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { token, username: registration.username };
}

describe('POST /api/password-reset/check', () => {
  it('says a fresh link works, leaves it working, and says a used one is used', async () => {
    const { token, username } = await aResetLink();
    const fresh = await client().post('/api/password-reset/check', { token });
    expect(fresh.status).toBe(200);
    expect(fresh.json).toEqual({ message: 'This link can set a new password.' });
    // Asking twice uses nothing either.
    expect((await client().post('/api/password-reset/check', { token })).status).toBe(200);

    expect((await client().post('/api/password-reset', { token, password: 'brand-new-pass' })).status).toBe(200);
    expect((await client().post('/api/login', { username, password: 'brand-new-pass' })).status).toBe(200);

    const used = await client().post('/api/password-reset/check', { token });
    expect(used.status).toBe(400);
    expect(used.json.message).toBe(USED);
    expect(server.logs.join('')).not.toContain(token);
  });

  it('says an expired link is expired', async () => {
    const time = stopSystemTimeAt(new Date());
    const { token } = await aResetLink();
    time.advance(60 * 60 * 1000 + 1000);
    const late = await client().post('/api/password-reset/check', { token });
    expect(late.status).toBe(400);
    expect(late.json.message).toBe(USED);
  });

  it('answers a made-up, a malformed or a missing token as a used one, and refuses other fields', async () => {
    for (const body of [{ token: 'x'.repeat(43) }, { token: 'not a token' }, {}]) {
      const answer = await client().post('/api/password-reset/check', body);
      expect(answer.status).toBe(400);
      expect(answer.json.message).toBe(USED);
    }
    const extra = await client().post('/api/password-reset/check', { token: 'x'.repeat(43), password: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.json.message).toMatch(/Unknown field/);
  });
});
