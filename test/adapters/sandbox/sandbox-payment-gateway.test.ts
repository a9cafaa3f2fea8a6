import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { FixedClock } from '../../../adapters/in-memory/fixed-clock';
import { InMemorySandboxAccountStore } from '../../../adapters/in-memory/in-memory-sandbox-account-store';
import { InMemorySandboxBalance } from '../../../adapters/in-memory/in-memory-sandbox-balance';
import type { SandboxOnboardingOutcome } from '@core/ports/sandbox-account-store';
import { SandboxPaymentGateway } from '../../../adapters/payments/sandbox/sandbox-payment-gateway';

const SECRET = 'sandbox-test-secret-0123456789abcdef';
const APP_URL = 'https://gifts.example';
const HOUR = 60 * 60 * 1000;

let store: InMemorySandboxAccountStore;
let clock: FixedClock;
let gateway: SandboxPaymentGateway;

beforeEach(() => {
  store = new InMemorySandboxAccountStore();
  clock = new FixedClock();
  gateway = new SandboxPaymentGateway({ secret: SECRET, accounts: store, balance: new InMemorySandboxBalance(), appUrl: APP_URL, clock });
});

const accountRequest = { country: 'CA' as const, email: 'parent@example.com', idempotencyKey: 'connect-account-user-1' };
const urls = { returnUrl: `${APP_URL}/registry/r1?connect=return`, refreshUrl: `${APP_URL}/registry/r1?connect=refresh` };

async function openAccount(key = accountRequest.idempotencyKey) {
  return gateway.createConnectedAccount({ ...accountRequest, idempotencyKey: key });
}

async function linkToken(accountId: string): Promise<string> {
  const url = new URL(await gateway.createOnboardingLink({ accountId, ...urls }));
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url.href}`);
  return token;
}

async function verifiedAccount(outcome: SandboxOnboardingOutcome = 'verified', key?: string) {
  const accountId = await openAccount(key);
  expect(await gateway.completeOnboarding(await linkToken(accountId), outcome)).toMatchObject({ status: 'completed' });
  return accountId;
}

function transferTo(destinationAccountId: string, idempotencyKey = 'payout-registry-1') {
  return gateway.transfer({ destinationAccountId, amount: 32_400, currency: 'CAD', transferGroup: 'registry_r1', idempotencyKey });
}

// What every gateway promises is proved in test/contract/sandbox-payment-gateway.test.ts; here, what
// only the sandbox does: its ids, its onboarding page's links, its refusals.
describe('SandboxPaymentGateway connected accounts', () => {
  it('opens an account whose id the idempotency key decides, so a repeat answers the same account', async () => {
    const first = await openAccount();
    const again = await openAccount();
    const other = await openAccount('connect-account-user-2');

    expect(first).toMatch(/^acct_sbx_[0-9a-f]{24}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect([...store.accounts.keys()].sort()).toEqual([first, other].sort());
    expect(store.accounts.get(first)).toMatchObject({ country: 'CA', email: 'parent@example.com', verified: false });
  });

  it('answers an unverified account as Stripe does: payouts off, bank details and identity due', async () => {
    const accountId = await openAccount();
    expect(await gateway.connectedAccountStatus(accountId)).toEqual({
      accountId,
      payoutsEnabled: false,
      requirementsDue: ['external_account', 'individual.verification.document'],
      country: 'CA',
    });
  });

  it('keeps an account unverified when the owner leaves onboarding unfinished', async () => {
    const accountId = await verifiedAccount('unfinished');
    expect(await gateway.connectedAccountStatus(accountId)).toMatchObject({
      payoutsEnabled: false,
      requirementsDue: ['external_account', 'individual.verification.document'],
    });
  });

  it('throws for an account it never opened', async () => {
    await expect(gateway.connectedAccountStatus('acct_sbx_000000000000000000000000')).rejects.toThrow(/No such sandbox account/);
    await expect(gateway.createOnboardingLink({ accountId: 'acct_sbx_000000000000000000000000', ...urls })).rejects.toThrow(
      /No such sandbox account/,
    );
  });
});

describe('SandboxPaymentGateway onboarding links', () => {
  it('points at the sandbox onboarding page, which shows whose account the link is for', async () => {
    const accountId = await openAccount();
    const url = new URL(await gateway.createOnboardingLink({ accountId, ...urls }));

    expect(`${url.origin}${url.pathname}`).toBe(`${APP_URL}/sandbox/onboarding`);
    expect([...url.searchParams.keys()]).toEqual(['token']);
    const link = await gateway.onboardingLink(url.searchParams.get('token')!);
    expect(link).toMatchObject({ status: 'open', account: { id: accountId, country: 'CA', email: 'parent@example.com' } });
  });

  it('sends the owner back to the return address, and works only once', async () => {
    const accountId = await openAccount();
    const token = await linkToken(accountId);

    expect(await gateway.completeOnboarding(token, 'verified')).toEqual({ status: 'completed', returnUrl: urls.returnUrl });
    expect(await gateway.completeOnboarding(token, 'rejects_transfers')).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    expect(await gateway.onboardingLink(token)).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    // The second try changed nothing.
    expect(store.accounts.get(accountId)).toMatchObject({ verified: true, rejectsTransfers: false });
  });

  it('lets a newer link replace the older one', async () => {
    const accountId = await openAccount();
    const older = await linkToken(accountId);
    const newer = await linkToken(accountId);

    expect(newer).not.toBe(older);
    expect(await gateway.onboardingLink(older)).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    expect(await gateway.completeOnboarding(older, 'verified')).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    expect(store.accounts.get(accountId)?.verified).toBe(false);
    expect(await gateway.completeOnboarding(newer, 'verified')).toEqual({ status: 'completed', returnUrl: urls.returnUrl });
  });

  it('works for an hour, and after that sends the owner to the refresh address', async () => {
    const accountId = await openAccount();
    const token = await linkToken(accountId);

    clock.advance(HOUR - 1000);
    expect(await gateway.onboardingLink(token)).toMatchObject({ status: 'open' });
    clock.advance(1000);
    expect(await gateway.onboardingLink(token)).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    expect(await gateway.completeOnboarding(token, 'verified')).toEqual({ status: 'spent', refreshUrl: urls.refreshUrl });
    expect(store.accounts.get(accountId)).toMatchObject({ verified: false });
  });

  it('refuses a token whose payload was changed, or that another server signed', async () => {
    const victim = await openAccount();
    const attacker = await openAccount('connect-account-attacker');
    const token = await linkToken(attacker);
    const [body, signature] = token.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;

    const retarget = (changes: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...payload, ...changes })).toString('base64url')}.${signature}`;
    const elsewhere = new SandboxPaymentGateway({
      secret: 'another-server-secret',
      accounts: store,
      balance: new InMemorySandboxBalance(),
      appUrl: APP_URL,
      clock,
    });
    const foreign = new URL(await elsewhere.createOnboardingLink({ accountId: victim, ...urls })).searchParams.get('token')!;
    // The victim's current nonce is now the foreign link's; only the foreign signature is wrong.
    const forgedSignature = createHmac('sha256', 'guess').update(body).digest('base64url');

    for (const forged of [
      retarget({ accountId: victim }),
      retarget({ returnUrl: 'https://evil.example/' }),
      retarget({ exp: (payload.exp as number) + 365 * 24 * 3600 }),
      `${body}.${forgedSignature}`,
      `${body}.${signature.slice(0, -2)}`,
      foreign,
    ]) {
      expect(await gateway.onboardingLink(forged)).toEqual({ status: 'invalid' });
      expect(await gateway.completeOnboarding(forged, 'verified')).toEqual({ status: 'invalid' });
    }
    expect(store.accounts.get(victim)?.verified).toBe(false);
    expect(store.accounts.get(attacker)?.verified).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['no signature', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64 JSON', 'not-json.signature'],
    ['very long', `${'a'.repeat(10_000)}.b`],
  ])('refuses a token that is %s', async (_label, token) => {
    expect(await gateway.onboardingLink(token)).toEqual({ status: 'invalid' });
    expect(await gateway.completeOnboarding(token, 'verified')).toEqual({ status: 'invalid' });
  });

  it('refuses a signed token whose account is gone', async () => {
    const accountId = await openAccount();
    const token = await linkToken(accountId);
    store.accounts.delete(accountId);
    expect(await gateway.onboardingLink(token)).toEqual({ status: 'invalid' });
    expect(await gateway.completeOnboarding(token, 'verified')).toEqual({ status: 'invalid' });
  });
});

describe('SandboxPaymentGateway.transfer', () => {
  it('refuses an account it does not know, or one not verified yet', async () => {
    const unverified = await openAccount();
    const notReady = { success: false, reason: 'account_not_ready', message: 'The bank account is not verified yet.' };
    expect(await transferTo('acct_sbx_000000000000000000000000')).toEqual(notReady);
    expect(await transferTo(unverified)).toEqual(notReady);
  });

  it('refuses, as a closed bank account would, when the owner chose an account that rejects transfers', async () => {
    const accountId = await verifiedAccount('rejects_transfers');
    expect(await gateway.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: true, requirementsDue: [] });
    expect(await transferTo(accountId)).toEqual({
      success: false,
      reason: 'account_closed',
      message: 'The bank account could not accept the transfer.',
    });
  });

  it('succeeds for a verified account, with a transfer id the idempotency key decides', async () => {
    const accountId = await verifiedAccount();

    const first = await transferTo(accountId);
    const again = await transferTo(accountId);
    const other = await transferTo(accountId, 'payout-registry-2');

    expect(first).toEqual({ success: true, transferId: expect.stringMatching(/^tr_sbx_[0-9a-f]{24}$/) as unknown });
    expect(again).toEqual(first);
    expect(other.success && first.success && other.transferId !== first.transferId).toBe(true);
  });
});

describe('SandboxPaymentGateway disputes in the balance', () => {
  it('lists a dispute’s money as Stripe does: an adjustment taking the charge and the fee, and one giving the charge back once won, each naming the payment', async () => {
    const disputing = new SandboxPaymentGateway({
      secret: SECRET,
      accounts: store,
      balance: new InMemorySandboxBalance(),
      appUrl: APP_URL,
      clock,
      disputeAfterMs: 0,
      decideAfterMs: 0,
    });
    const { clientSecret } = await disputing.createPaymentIntent({
      giftId: 'g1',
      registryId: 'r1',
      charityId: 'c1',
      amount: 10_639,
      currency: 'USD',
      receiptEmail: 'miriam@example.com',
      idempotencyKey: 'gift-disputed',
    });
    const intent = disputing.intentOf(clientSecret)!;
    await disputing.markSettled(intent.id, 'succeeded');
    clock.advance(3_000);
    disputing.disputeLater(intent);
    await disputing.disputes.settled();
    clock.advance(60_000);
    await disputing.submitDisputeEvidence(`sbx_dp_${intent.id.slice('sbx_pi_'.length)}`, 'Receipt: winning_evidence');
    await disputing.disputes.settled();

    const listed = await disputing.listBalanceTransactions({
      from: new Date(clock.now().getTime() - HOUR),
      to: new Date(clock.now().getTime() + HOUR),
    });
    expect(listed.map(({ kind, type, reference, amount, fee }) => ({ kind, type, reference, amount, fee }))).toEqual([
      { kind: 'charge', type: 'charge', reference: intent.id, amount: 10_639, fee: expect.any(Number) as unknown },
      { kind: 'other', type: 'adjustment', reference: intent.id, amount: -10_639, fee: 1_500 },
      { kind: 'other', type: 'adjustment', reference: intent.id, amount: 10_639, fee: 0 },
    ]);
  });
});

describe("the sandbox's test cards", () => {
  it('tell what a card does, its digits grouped by spaces or dashes or not, and refuse any other number', () => {
    expect(gateway.cardOutcome('4242424242424242')).toBe('succeeds');
    expect(gateway.cardOutcome('4000 0000 0000 0002')).toBe('declined');
    expect(gateway.cardOutcome('4000-0000-0000-0259')).toBe('disputed');
    expect(gateway.cardOutcome('5555 5555 5555 4444')).toBeNull();
    expect(gateway.cardOutcome('424242424242424')).toBeNull();
    expect(gateway.cardOutcome('')).toBeNull();
  });

  it('are the ones its test mode names, with the evidence words that decide its disputes', () => {
    const { cards, evidence } = gateway.testMode;
    expect(gateway.cardOutcome(cards.succeeds)).toBe('succeeds');
    expect(gateway.cardOutcome(cards.declined)).toBe('declined');
    expect(gateway.cardOutcome(cards.disputed)).toBe('disputed');
    expect(evidence).toEqual({ wins: 'winning_evidence', loses: 'losing_evidence' });
  });
});
