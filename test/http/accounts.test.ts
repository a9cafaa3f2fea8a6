import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../adapters/http/middleware/session';
import { aRegistration } from '../support/builders';
import { HttpClient, nextClientAddress } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const client = () => new HttpClient(server.url);

describe('POST /api/register', () => {
  it('creates the account, signs it in and never answers the password or its hash', async () => {
    const browser = client();
    const registration = aRegistration({ firstName: 'Sarah', email: 'Sarah.Cohen@Example.com' });
    const response = await browser.post('/api/register', { ...registration, confirmPassword: registration.password });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      username: registration.username,
      firstName: 'Sarah',
      email: 'sarah.cohen@example.com',
      isAdmin: false,
    });
    expect(response.text).not.toMatch(/password|argon2/i);
    const me = await browser.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json.username).toBe(registration.username);
  });

  it('answers 409 Username already exists for a taken username in any case', async () => {
    const registration = aRegistration();
    await client().post('/api/register', registration);
    const again = await client().post('/api/register', aRegistration({ username: registration.username.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('Username already exists');
  });

  it('answers 409 for a taken e-mail', async () => {
    const registration = aRegistration();
    await client().post('/api/register', registration);
    const again = await client().post('/api/register', aRegistration({ email: registration.email }));
    expect(again.status).toBe(409);
  });

  it.each([
    ['no password', { password: undefined }],
    ['a blank first name', { firstName: '  ' }],
    ['no username', { username: undefined }],
  ])('answers 400 Missing required fields for %s and creates nothing', async (_label, overrides) => {
    const registration = aRegistration(overrides);
    const response = await client().post('/api/register', registration);
    expect(response.status).toBe(400);
    expect(response.json.message).toContain('Missing required fields');
    if (registration.username) {
      expect((await client().post('/api/login', { username: registration.username, password: 'correct-horse' })).status).toBe(401);
    }
  });

  it.each([
    ['a short password', { password: '12345' }, 'Password must be at least 6 characters'],
    ['a malformed e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a field nobody may set', { isAdmin: true }, 'Unknown field: isAdmin'],
    ['a number for a name', { firstName: 42 }, undefined],
  ])('answers 400 for %s', async (_label, overrides, message) => {
    const response = await client().post('/api/register', aRegistration(overrides));
    expect(response.status).toBe(400);
    if (message) expect(response.json.message).toBe(message);
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password under a new session id, and the old id stops working', async () => {
    const registration = aRegistration();
    const browser = client();
    await browser.post('/api/register', registration);
    const before = browser.cookie(SESSION_COOKIE);
    const stolen = new HttpClient(server.url);
    stolen.setCookie(SESSION_COOKIE, before ?? '');
    stolen.setCookie(`${SESSION_COOKIE}.sig`, browser.cookie(`${SESSION_COOKIE}.sig`) ?? '');

    const login = await browser.post('/api/login', { username: registration.username, password: registration.password });
    expect(login.status).toBe(200);
    expect(login.json.username).toBe(registration.username);
    expect(browser.cookie(SESSION_COOKIE)).toBeDefined();
    expect(browser.cookie(SESSION_COOKIE)).not.toBe(before);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await stolen.get('/api/user')).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax cookie whose id carries at least 128 bits', async () => {
    const registration = aRegistration();
    await client().post('/api/register', registration);
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: registration.username, password: registration.password }),
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const id = /^[^=]+=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(Buffer.from(id, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  it('answers the same 401 for a wrong password and an unknown user', async () => {
    const registration = aRegistration();
    await client().post('/api/register', registration);
    const wrong = await client().post('/api/login', { username: registration.username, password: 'wrong-password' });
    const unknown = await client().post('/api/login', { username: `ghost${Date.now()}`, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
  });

  it('answers 400 with the spec messages for empty fields', async () => {
    const response = await client().post('/api/login', { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('limits failed attempts: the 11th try within 15 minutes answers 429, even with the right password', async () => {
    const registration = aRegistration();
    await client().post('/api/register', registration);
    const address = nextClientAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await new HttpClient(server.url, address).post('/api/login', { username: registration.username, password: 'wrong-password' }))
          .status,
      ).toBe(401);
    }
    const blocked = await new HttpClient(server.url, address).post('/api/login', {
      username: registration.username,
      password: registration.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else, elsewhere, still signs in.
    expect((await client().post('/api/login', { username: registration.username, password: registration.password })).status).toBe(200);
  });

  it('limits sign-ups from one address to 20 an hour', async () => {
    const address = nextClientAddress();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await new HttpClient(server.url, address).post('/api/register', aRegistration())).status).toBe(201);
    }
    const registration = aRegistration();
    expect((await new HttpClient(server.url, address).post('/api/register', registration)).status).toBe(429);
    expect((await client().post('/api/login', { username: registration.username, password: registration.password })).status).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server: the same cookie no longer signs anyone in', async () => {
    const browser = client();
    await browser.post('/api/register', aRegistration());
    const copy = new HttpClient(server.url);
    copy.setCookie(SESSION_COOKIE, browser.cookie(SESSION_COOKIE) ?? '');
    copy.setCookie(`${SESSION_COOKIE}.sig`, browser.cookie(`${SESSION_COOKIE}.sig`) ?? '');
    expect((await copy.get('/api/user')).status).toBe(200);
    expect((await browser.post('/api/logout')).status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await copy.get('/api/user')).status).toBe(401);
  });
});

describe('GET /api/user and GET /api/login', () => {
  it('answers 401 when signed out', async () => {
    const response = await client().get('/api/user');
    expect(response.status).toBe(401);
    expect(response.json.message).toBeTruthy();
  });

  it('refuses a forged session cookie', async () => {
    const forged = client();
    forged.setCookie(SESSION_COOKIE, 'made-up-session-id');
    forged.setCookie(`${SESSION_COOKIE}.sig`, 'made-up-signature');
    expect((await forged.get('/api/user')).status).toBe(401);
  });

  it('redirects the full-page login to /auth', async () => {
    const response = await client().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth');
  });
});

describe('cross-site requests', () => {
  it('refuses a state change another site makes the browser send, and changes nothing', async () => {
    const registration = aRegistration();
    const response = await client().post('/api/register', registration, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(response.status).toBe(403);
    expect((await client().post('/api/login', { username: registration.username, password: registration.password })).status).toBe(401);
  });

  it('refuses a classic form post from another site', async () => {
    const response = await client().call('POST', '/api/login', 'username=a&password=b', {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(response.status).toBe(403);
  });

  it('reads the Referer when a signed-in change names no Origin, and refuses one that names no page at all', async () => {
    const browser = client();
    expect((await browser.post('/api/register', aRegistration())).status).toBe(201);
    const own = server.url.replace('http:', 'https:');
    const rename = (firstName: string, headers: Record<string, string>) =>
      browser.call('PUT', '/api/account/profile', { firstName, lastName: 'Cohen' }, { Origin: '', ...headers });

    expect((await rename('Foreign', { Referer: 'https://evil.example/prize.html' })).status).toBe(403);
    expect((await rename('Nowhere', {})).status).toBe(403);
    expect((await rename('Garbled', { Referer: 'not a url' })).status).toBe(403);
    expect((await browser.get('/api/account')).json.firstName).toBe('Sarah');

    expect((await rename('Ours', { Referer: `${own}/account` })).status).toBe(200);
    expect((await rename('Vouched', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await browser.get('/api/account')).json.firstName).toBe('Vouched');
  });

  it('lets a caller without our session cookie through with neither header (a script, a provider)', async () => {
    const response = await client().post('/api/register', aRegistration(), { Origin: '' });
    expect(response.status).toBe(201);
  });

  it('lets the app’s own origin through', async () => {
    // Behind the TLS proxy the test client stands for, the page's own origin is the https one.
    const response = await client().post('/api/register', aRegistration(), {
      Origin: server.url.replace('http:', 'https:'),
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(response.status).toBe(201);
  });
});

describe('logs', () => {
  it('stamp every request with an id and carry no password or session id', async () => {
    const registration = aRegistration({ password: 'very-secret-words' });
    const browser = client();
    await browser.post('/api/register', registration);
    await browser.post('/api/login', { username: registration.username, password: registration.password });
    const text = server.logs.join('');
    expect(text).not.toContain('very-secret-words');
    expect(text).not.toContain(browser.cookie(SESSION_COOKIE));
    const requestLines = server.logs.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(0);
    expect(requestLines.every((line) => typeof line.requestId === 'string' && line.requestId.length > 0)).toBe(true);
  });
});
