import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { SandboxPaymentGateway } from '../../adapters/payments/sandbox/sandbox-payment-gateway';
import { createSandboxAccountStore } from '../../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/test-server';

const SESSION_SECRET = 'sandbox-onboarding-http-test-secret-0123456789';
const SPENT = 'This onboarding link has expired or was already used.';

let server: TestServer;
/** The provider's side, as the connect routes use it: same secret, same database. */
let provider: SandboxPaymentGateway;
let accountCount = 0;

beforeAll(async () => {
  server = await startTestServer({ env: { SESSION_SECRET } });
  provider = new SandboxPaymentGateway({
    secret: SESSION_SECRET,
    accounts: createSandboxAccountStore(server.infrastructure.orm),
    balance: createSandboxBalance(server.infrastructure.orm),
    appUrl: server.url,
  });
});
afterAll(async () => {
  await server?.close();
});

const urls = (registryId: string) => ({
  returnUrl: `${server.url}/registry/${registryId}?connect=return`,
  refreshUrl: `${server.url}/registry/${registryId}?connect=refresh`,
});

async function anAccount(country: 'US' | 'CA' = 'US') {
  accountCount += 1;
  const email = `parent${accountCount}@example.com`;
  const accountId = await provider.createConnectedAccount({ country, email, idempotencyKey: `connect-account-${crypto.randomUUID()}` });
  return { accountId, email };
}

async function aLink(accountId: string, gateway = provider) {
  const registryId = crypto.randomUUID();
  const url = new URL(await gateway.createOnboardingLink({ accountId, ...urls(registryId) }));
  return { url, token: url.searchParams.get('token') ?? '', ...urls(registryId) };
}

const show = (token: string) => new HttpClient(server.url).get(`/api/sandbox/onboarding?token=${encodeURIComponent(token)}`);
const complete = (body: unknown) => new HttpClient(server.url).post('/api/sandbox/onboarding', body);

describe('GET /api/sandbox/onboarding', () => {
  it('shows whose account a fresh link is for, to a visitor without a session', async () => {
    const { accountId, email } = await anAccount('CA');
    const { url, token } = await aLink(accountId);

    expect(`${url.origin}${url.pathname}`).toBe(`${server.url}/sandbox/onboarding`);
    const response = await show(token);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ accountId, country: 'CA', email });
  });

  it.each([
    ['no token', '/api/sandbox/onboarding'],
    ['an empty token', '/api/sandbox/onboarding?token='],
    ['a made-up token', '/api/sandbox/onboarding?token=abc.def'],
    ['two tokens', '/api/sandbox/onboarding?token=a&token=b'],
  ])('refuses %s with 400', async (_label, path) => {
    const response = await new HttpClient(server.url).get(path);
    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
  });

  it('refuses a token that another secret signed with 400, and answers an expired one with 410 and the way to a fresh link', async () => {
    const { accountId } = await anAccount();
    const forger = new SandboxPaymentGateway({
      secret: 'not-the-server-secret-0123456789abcdef',
      accounts: createSandboxAccountStore(server.infrastructure.orm),
      balance: createSandboxBalance(server.infrastructure.orm),
      appUrl: server.url,
    });
    const hoursAgo = new FixedClock(new Date(Date.now() - 2 * 60 * 60 * 1000));
    const late = new SandboxPaymentGateway({
      secret: SESSION_SECRET,
      accounts: createSandboxAccountStore(server.infrastructure.orm),
      balance: createSandboxBalance(server.infrastructure.orm),
      appUrl: server.url,
      clock: hoursAgo,
    });

    expect((await show((await aLink(accountId, forger)).token)).status).toBe(400);
    const expired = await aLink(accountId, late);
    expect(await show(expired.token)).toMatchObject({ status: 410, json: { message: SPENT, refreshUrl: expired.refreshUrl } });
  });

  it('answers 410 with the way to a fresh link once a newer link replaced this one', async () => {
    const { accountId } = await anAccount();
    const older = await aLink(accountId);
    const newer = await aLink(accountId);

    const response = await show(older.token);
    expect(response.status).toBe(410);
    expect(response.json).toEqual({ message: SPENT, refreshUrl: older.refreshUrl });
    expect((await show(newer.token)).status).toBe(200);
  });
});

describe('POST /api/sandbox/onboarding', () => {
  it('records the owner’s choice, sends them back to the return address, and uses the link up', async () => {
    const { accountId } = await anAccount();
    const { token, returnUrl, refreshUrl } = await aLink(accountId);
    expect(await provider.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: false });

    const response = await complete({ token, outcome: 'verified' });

    expect(response.status).toBe(200);
    expect(response.json).toEqual({ redirectUrl: returnUrl });
    expect(await provider.connectedAccountStatus(accountId)).toEqual({
      accountId,
      payoutsEnabled: true,
      requirementsDue: [],
      country: 'US',
    });

    const again = await complete({ token, outcome: 'rejects_transfers' });
    expect(again.status).toBe(410);
    expect(again.json).toEqual({ message: SPENT, refreshUrl });
    expect((await show(token)).status).toBe(410);
    // The second try changed nothing: transfers still go through.
    const transfer = await provider.transfer({
      destinationAccountId: accountId,
      amount: 9_000,
      currency: 'USD',
      transferGroup: 'registry_x',
      idempotencyKey: `payout-${accountId}`,
    });
    expect(transfer.success).toBe(true);
  });

  it('can make an account whose bank refuses transfers, to try a failed payout', async () => {
    const { accountId } = await anAccount();
    const { token } = await aLink(accountId);
    expect((await complete({ token, outcome: 'rejects_transfers' })).status).toBe(200);
    const transfer = await provider.transfer({
      destinationAccountId: accountId,
      amount: 9_000,
      currency: 'USD',
      transferGroup: 'registry_x',
      idempotencyKey: `payout-${accountId}`,
    });
    expect(transfer).toEqual({ success: false, reason: 'account_closed', message: 'The bank account could not accept the transfer.' });
  });

  it('leaves an unfinished account unverified, the link used up', async () => {
    const { accountId } = await anAccount();
    const { token, returnUrl } = await aLink(accountId);
    expect((await complete({ token, outcome: 'unfinished' })).json).toEqual({ redirectUrl: returnUrl });
    expect(await provider.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: false });
    expect((await show(token)).status).toBe(410);
  });

  it('refuses a replaced link with 410', async () => {
    const { accountId } = await anAccount();
    const older = await aLink(accountId);
    await aLink(accountId);
    const response = await complete({ token: older.token, outcome: 'verified' });
    expect(response.status).toBe(410);
    expect(response.json).toEqual({ message: SPENT, refreshUrl: older.refreshUrl });
    expect(await provider.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: false });
  });

  it.each([
    ['a forged token', { token: 'abc.def', outcome: 'verified' }],
    ['an unknown outcome', { outcome: 'approved' }],
    ['an unknown field', { outcome: 'verified', verified: true }],
    ['a token that is no text', { token: 42, outcome: 'verified' }],
    ['an outcome that is no text', { outcome: true }],
    ['no outcome', { outcome: undefined }],
    ['no token', { token: undefined, outcome: 'verified' }],
    ['a list', ['verified']],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const { accountId } = await anAccount();
    const { token } = await aLink(accountId);
    const sent = Array.isArray(body) ? body : { token, ...body };

    const response = await complete(sent);

    expect(response.status).toBe(400);
    expect(typeof response.json.message).toBe('string');
    expect(await provider.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: false });
    expect((await show(token)).status).toBe(200);
  });
});
