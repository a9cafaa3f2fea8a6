import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { stopSystemTimeAt } from '../support/system-time';
import { startTestServer, type TestServer } from '../support/test-server';

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

async function anAccount(overrides: Record<string, unknown> = {}) {
  const browser = client();
  const registration = aRegistration(overrides);
  const response = await browser.post('/api/register', registration);
  expect(response.status).toBe(201);
  return { browser, registration };
}

/** The mail the outbox holds for an address, after the worker has sent what is queued. */
async function mailTo(address: string) {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
}

function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}#token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

async function resetLinkFor(address: string): Promise<string> {
  const mails = (await mailTo(address)).filter((mail) => /Reset your/.test(mail.subject));
  return tokenIn(mails.at(-1)!.text, '/reset-password');
}

const signIn = (username: string, password: string, browser = client()) => browser.post('/api/login', { username, password });

describe('forgot password', () => {
  it('answers the same, no sooner than the others, whether or not an account uses the address', async () => {
    const { registration } = await anAccount();
    const started = performance.now();
    const known = await client().post('/api/password-reset/request', { email: registration.email.toUpperCase() });
    const knownMs = performance.now() - started;
    const startedUnknown = performance.now();
    const unknown = await client().post('/api/password-reset/request', { email: 'nobody-here@example.com' });
    const unknownMs = performance.now() - startedUnknown;
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.json).toEqual(known.json);
    expect(known.json.message).toMatch(/If an account uses that e-mail address/);
    expect(knownMs).toBeGreaterThanOrEqual(390);
    expect(unknownMs).toBeGreaterThanOrEqual(390);
    expect(await mailTo(registration.email)).toHaveLength(1);
    expect(await mailTo('nobody-here@example.com')).toHaveLength(0);
  });

  it('sends a link that sets a new password once, ends every session, and never logs the token', async () => {
    const { browser: signedInElsewhere, registration } = await anAccount();
    await client().post('/api/password-reset/request', { email: registration.email });
    const [mail] = await mailTo(registration.email);
    expect(mail!.subject).toMatch(/Reset your Mitzvah Gifts password/);
    expect(mail!.text).toMatch(/works once, for 1 hour/);
    const token = tokenIn(mail!.text, '/reset-password');

    const reset = await client().post('/api/password-reset', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect((await signedInElsewhere.get('/api/user')).status).toBe(401);
    expect((await signIn(registration.username, 'correct-horse')).status).toBe(401);
    expect((await signIn(registration.username, 'brand-new-pass')).status).toBe(200);

    const again = await client().post('/api/password-reset', { token, password: 'another-pass' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('This link has expired or has already been used. Please ask for a new one.');
    expect((await signIn(registration.username, 'another-pass')).status).toBe(401);
    expect((await mailTo(registration.email)).map((sent) => sent.subject)).toContain('Your Mitzvah Gifts password was changed');
    expect(server.logs.join('')).not.toContain(token);
  });

  it('refuses a link after its hour is up, and changes nothing', async () => {
    const { registration } = await anAccount();
    const time = stopSystemTimeAt(new Date());
    await client().post('/api/password-reset/request', { email: registration.email });
    const token = await resetLinkFor(registration.email);
    time.advance(60 * 60 * 1000 + 1000);
    const late = await client().post('/api/password-reset', { token, password: 'too-late-now' });
    expect(late.status).toBe(400);
    expect(late.json.message).toMatch(/expired or has already been used/);
    vi.useRealTimers();
    expect((await signIn(registration.username, 'correct-horse')).status).toBe(200);
  });

  it('refuses a made-up token and a short password, and changes nothing', async () => {
    const { registration } = await anAccount();
    expect((await client().post('/api/password-reset', { token: 'x'.repeat(43), password: 'whatever1' })).status).toBe(400);
    expect((await client().post('/api/password-reset', { token: 'not a token', password: 'whatever1' })).status).toBe(400);
    await client().post('/api/password-reset/request', { email: registration.email });
    const token = await resetLinkFor(registration.email);
    const short = await client().post('/api/password-reset', { token, password: '123' });
    expect(short.status).toBe(400);
    expect(short.json.message).toBe('Password must be at least 6 characters');
    // The link still works after a refused password.
    expect((await client().post('/api/password-reset', { token, password: 'long-enough' })).status).toBe(200);
  });

  it('refuses a malformed address with a message, and extra fields', async () => {
    const bad = await client().post('/api/password-reset/request', { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Please enter a valid email address');
    expect((await client().post('/api/password-reset/request', { email: 'a@example.com', username: 'x' })).status).toBe(400);
  });

  it('limits requests for one address from one network to 3 an hour, whether or not it has an account', async () => {
    const email = `limited-${Date.now()}@example.com`;
    const asker = client();
    for (let i = 0; i < 3; i += 1) expect((await asker.post('/api/password-reset/request', { email })).status).toBe(202);
    const fourth = await asker.post('/api/password-reset/request', { email });
    expect(fourth.status).toBe(429);
    expect(fourth.json.message).toMatch(/Too many password reset requests/);
    expect(fourth.headers.get('retry-after')).toBeTruthy();
  });
});

describe('nobody locks another person out of recovery', () => {
  const resetMails = async (address: string) => (await mailTo(address)).filter((mail) => /Reset your/.test(mail.subject));

  it('lets the owner ask and reset after a stranger asked for their address again and again', async () => {
    const { registration } = await anAccount();
    const stranger = client();
    for (let i = 0; i < 5; i += 1)
      expect([202, 429]).toContain((await stranger.post('/api/password-reset/request', { email: registration.email })).status);
    const asked = await client().post('/api/password-reset/request', { email: registration.email });
    expect(asked.status).toBe(202);
    // However many asked, the inbox got one e-mail, and its link works.
    expect(await resetMails(registration.email)).toHaveLength(1);
    const token = await resetLinkFor(registration.email);
    expect((await client().post('/api/password-reset', { token, password: 'owner-is-back' })).status).toBe(200);
    expect((await signIn(registration.username, 'owner-is-back')).status).toBe(200);
  });

  it('mails one link per address every 5 minutes, and an older link stops working once a newer one is issued', async () => {
    const { registration } = await anAccount();
    const time = stopSystemTimeAt(new Date());
    expect((await client().post('/api/password-reset/request', { email: registration.email })).status).toBe(202);
    const older = await resetLinkFor(registration.email);
    expect((await client().post('/api/password-reset/request', { email: registration.email })).status).toBe(202);
    expect(await resetMails(registration.email)).toHaveLength(1);

    time.advance(5 * 60 * 1000 + 1000);
    expect((await client().post('/api/password-reset/request', { email: registration.email })).status).toBe(202);
    expect(await resetMails(registration.email)).toHaveLength(2);
    const newer = await resetLinkFor(registration.email);
    expect(newer).not.toBe(older);
    vi.useRealTimers();

    const stale = await client().post('/api/password-reset', { token: older, password: 'from-old-link' });
    expect(stale.status).toBe(400);
    expect(stale.json.message).toMatch(/expired or has already been used/);
    expect((await client().post('/api/password-reset', { token: newer, password: 'from-new-link' })).status).toBe(200);
  });
});

describe('account page', () => {
  it('shows and changes the names of the signed-in user only', async () => {
    const { browser, registration } = await anAccount();
    const shown = await browser.get('/api/account');
    expect(shown.json).toEqual({
      id: expect.any(String),
      username: registration.username,
      email: registration.email,
      firstName: 'Sarah',
      lastName: 'Cohen',
      deletionScheduledFor: null,
    });
    const changed = await browser.call('PUT', '/api/account/profile', { firstName: 'Rivka', lastName: 'Stern' });
    expect(changed.status).toBe(200);
    expect((await browser.get('/api/user')).json).toMatchObject({ firstName: 'Rivka', lastName: 'Stern' });
    expect((await browser.call('PUT', '/api/account/profile', { firstName: '', lastName: 'Stern' })).json.message).toBe(
      'First name is required',
    );
    expect((await client().get('/api/account')).status).toBe(401);
    expect((await client().call('PUT', '/api/account/profile', { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });

  it('changes the password only with the current one, ending every other session', async () => {
    const { browser, registration } = await anAccount();
    const other = client();
    expect((await signIn(registration.username, 'correct-horse', other)).status).toBe(200);

    const wrong = await browser.call('PUT', '/api/account/password', { currentPassword: 'not-it', newPassword: 'better-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Your current password is incorrect');
    expect((await other.get('/api/user')).status).toBe(200);

    const right = await browser.call('PUT', '/api/account/password', { currentPassword: 'correct-horse', newPassword: 'better-pass' });
    expect(right.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await signIn(registration.username, 'correct-horse')).status).toBe(401);
    expect((await signIn(registration.username, 'better-pass')).status).toBe(200);
  });

  it('limits wrong current passwords per account', async () => {
    const { browser } = await anAccount();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await browser.call('PUT', '/api/account/password', { currentPassword: `wrong-${i}`, newPassword: 'better-pass' })).status,
      ).toBe(400);
    }
    expect(
      (await browser.call('PUT', '/api/account/password', { currentPassword: 'correct-horse', newPassword: 'better-pass' })).status,
    ).toBe(429);
  });

  it('changes the e-mail only when the link sent to the new address is opened, once, and tells the old address', async () => {
    const { browser, registration } = await anAccount();
    const newEmail = `moved-${Date.now()}@example.com`;
    expect((await browser.post('/api/account/email', { email: newEmail, currentPassword: 'wrong-one' })).status).toBe(400);
    const asked = await browser.post('/api/account/email', { email: newEmail, currentPassword: 'correct-horse' });
    expect(asked.status).toBe(202);
    expect((await browser.get('/api/account')).json.email).toBe(registration.email);

    const [confirmation] = await mailTo(newEmail);
    const token = tokenIn(confirmation!.text, '/account/confirm-email');
    // Only the account that asked may use the link: not a stranger who reads the new address.
    expect((await client().post('/api/account/email/confirm', { token })).status).toBe(401);
    const { browser: stranger } = await anAccount();
    expect((await stranger.post('/api/account/email/confirm', { token })).status).toBe(403);
    expect((await browser.get('/api/account')).json.email).toBe(registration.email);

    const confirmed = await browser.post('/api/account/email/confirm', { token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.email).toBe(newEmail);
    expect((await browser.get('/api/account')).json.email).toBe(newEmail);
    const told = (await mailTo(registration.email)).find((mail) => /e-mail address was changed/.test(mail.subject));
    // Taken apart so no mail program links it (docs/product.md#validation-rules), and read as typed.
    expect(told?.text).not.toContain(newEmail);
    expect(told?.text.replaceAll('\u200B', '')).toContain(newEmail);

    const reused = await browser.post('/api/account/email/confirm', { token });
    expect(reused.status).toBe(400);
    expect(reused.json.message).toMatch(/expired or has already been used/);
  });

  it('refuses an e-mail change link after 24 hours, and an address another account uses', async () => {
    const { browser, registration } = await anAccount();
    const { registration: someoneElse } = await anAccount();
    // The same answer as for a free address; the address's owner is told, and gets no link.
    expect((await browser.post('/api/account/email', { email: someoneElse.email, currentPassword: 'correct-horse' })).status).toBe(202);
    const [notice] = await mailTo(someoneElse.email);
    expect(notice!.subject).toBe('Your Mitzvah Gifts e-mail address');
    expect(notice!.text).not.toContain('/account/confirm-email');

    const time = stopSystemTimeAt(new Date());
    const newEmail = `late-${Date.now()}@example.com`;
    await browser.post('/api/account/email', { email: newEmail, currentPassword: 'correct-horse' });
    const [confirmation] = await mailTo(newEmail);
    const token = tokenIn(confirmation!.text, '/account/confirm-email');
    time.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await browser.post('/api/account/email/confirm', { token })).status).toBe(400);
    vi.useRealTimers();
    expect((await browser.get('/api/account')).json.email).toBe(registration.email);
  });
});
