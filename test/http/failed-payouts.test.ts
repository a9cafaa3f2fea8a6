import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { stopSystemTimeAt } from '../support/system-time';
import { startTestServer, type TestServer } from '../support/test-server';
import { aCheckPayout } from '../support/builders';

const TRANSFER_TAKES_MS = 120;

let server: TestServer;
let charityId: string;
let admin: HttpClient;
let adminEmail: string;

beforeAll(async () => {
  // Its tests stop the system time, which only PGlite's clock follows. Each transfer takes a
  // moment to answer, as the provider's do, so a race with one under way can be run.
  server = await startTestServer({ database: 'pglite', env: { SANDBOX_TRANSFER_DELAY_MS: String(TRANSFER_TAKES_MS) } });
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  const signedInAdmin = await signedIn(server, { admin: true });
  admin = signedInAdmin.client;
  adminEmail = signedInAdmin.registration.email;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await server?.close();
});

const CHECK = aCheckPayout();
const PAYPAL = { payoutMethod: 'paypal', paypalEmail: 'rachel.paypal@example.com' };
const ISSUE = "Sarah Cohen's Bar/Bat Mitzvah: payout issue";

/** A guest's gift, paid through the sandbox's card form. */
async function give(registryId: string, amount: number) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Miriam',
    giftGiverEmail: 'miriam@example.com',
    amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  expect(
    (await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' })).status,
  ).toBe(200);
}

/** The sandbox onboarding page, as the family uses it: the outcome they pick on the page a link opens. */
async function finishSandboxPage(url: string, outcome: 'verified' | 'rejects_transfers' | 'unfinished') {
  const token = new URL(url).searchParams.get('token')!;
  const done = await new HttpClient(server.url).post('/api/sandbox/onboarding', { token, outcome });
  expect(done.status, done.text).toBe(200);
}

/** A registry closed to a verified bank account whose bank refuses transfers: its payout is pending, refused once. */
async function refusedBankPayout() {
  const { owner, registry } = await openRegistry(server);
  await give(registry.id, 100);
  await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, { payoutMethod: 'bank' });
  expect((await owner.client.post('/api/connect/create-account', { country: 'US' })).status).toBe(200);
  const link = await owner.client.post('/api/connect/onboarding-link', { registryId: registry.id });
  await finishSandboxPage(link.json.url as string, 'rejects_transfers');
  const closed = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
  expect(closed.json, closed.text).toMatchObject({ transferResult: { success: false, reason: 'account_closed' } });
  return { owner, registry };
}

async function outboxMark() {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).length;
}

async function mailSince(mark: number) {
  await server.mailWorker.drainOnce();
  return readOutbox(server.dataDir).slice(mark);
}

async function failedList() {
  const listed = await admin.get('/api/admin/failed-payouts');
  expect(listed.status, listed.text).toBe(200);
  return listed.json as unknown as {
    id: string;
    transferAttempts: number;
    transferFailureReason: string;
    transferFailureMessage: string;
    owner: { name: string; email: string };
    payoutAmount: number;
  }[];
}

async function manualPending() {
  return (
    (await admin.get('/api/admin/manual-payouts')).json as unknown as {
      pending: { id: string; payoutMethod: string; mailingName: string | null; paypalEmail: string | null }[];
    }
  ).pending;
}

async function auditOf(registryId: string) {
  return (await server.infrastructure.repositories.audit.list(200)).filter((event) => event.subjectId === registryId);
}

describe('a refused bank payout: the family’s ways out', () => {
  it('gives the owner a link to change the bank account on the provider’s pages (the sandbox’s own), back to the registry page', async () => {
    const { owner, registry } = await refusedBankPayout();
    const link = await owner.client.post('/api/connect/account-update-link', { registryId: registry.id });
    expect(link.status, link.text).toBe(200);
    expect(link.json.url).toMatch(/\/sandbox\/onboarding\?token=/);
    const shown = await new HttpClient(server.url).get(
      `/api/sandbox/onboarding?token=${new URL(link.json.url as string).searchParams.get('token')!}`,
    );
    expect(shown.status, shown.text).toBe(200);
    const done = await new HttpClient(server.url).post('/api/sandbox/onboarding', {
      token: new URL(link.json.url as string).searchParams.get('token'),
      outcome: 'verified',
    });
    expect(done.json.redirectUrl).toMatch(new RegExp(`/registry/${registry.id}\\?connect=return$`));

    // The bank account fixed, Try again sends the transfer, and the payout leaves the failed list.
    const retried = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(retried.json).toMatchObject({ transferResult: { success: true } });
    expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
  });

  it('refuses the account-update link to anyone but the owner, for bad input, and while nothing was refused', async () => {
    const { owner, registry } = await refusedBankPayout();
    const coOwner = await signedInCoOwner(server, registry.id);
    const stranger = await signedIn(server);
    const body = { registryId: registry.id };
    expect((await new HttpClient(server.url).post('/api/connect/account-update-link', body)).status).toBe(401);
    expect((await stranger.client.post('/api/connect/account-update-link', body)).status).toBe(403);
    expect((await coOwner.client.post('/api/connect/account-update-link', body)).status).toBe(403);
    expect((await admin.post('/api/connect/account-update-link', body)).status).toBe(403);
    expect((await owner.client.post('/api/connect/account-update-link', {})).status).toBe(400);
    expect((await owner.client.post('/api/connect/account-update-link', { registryId: 'not-an-id' })).status).toBe(400);
    expect((await owner.client.post('/api/connect/account-update-link', { ...body, accountId: 'acct_1' })).status).toBe(400);
    expect((await owner.client.post('/api/connect/account-update-link', { registryId: crypto.randomUUID() })).status).toBe(404);
    const open = await openRegistry(server);
    const notRefused = await open.owner.client.post('/api/connect/account-update-link', { registryId: open.registry.id });
    expect(notRefused.status, notRefused.text).toBe(409);
  });

  it('switches the owner’s refused payout to a check: it joins Manual Payouts, the administrators are told, and the audit trail keeps it', async () => {
    const { owner, registry } = await refusedBankPayout();
    const mark = await outboxMark();
    const switched = await owner.client.call('PUT', `/api/registries/${registry.id}/payout-method`, CHECK);
    expect(switched.status, switched.text).toBe(200);
    expect(switched.json).toMatchObject({
      id: registry.id,
      status: 'closed',
      payoutMethod: 'check',
      payoutStatus: 'pending',
      mailingName: 'Rachel Cohen',
      paypalEmail: null,
    });
    expect((await manualPending()).find((payout) => payout.id === registry.id)).toMatchObject({
      payoutMethod: 'check',
      mailingName: 'Rachel Cohen',
    });
    expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
    // The owner's payout status no longer speaks of a bank transfer.
    expect((await owner.client.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      payoutMethod: 'check',
      transferResult: null,
    });

    const toAdmin = (await mailSince(mark)).filter((mail) => mail.to === adminEmail);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.subject).toBe("Check to mail for Sarah Cohen's Bar/Bat Mitzvah");

    const switchedEvent = (await auditOf(registry.id)).find((event) => event.action === 'payout.method_switched');
    expect(switchedEvent).toMatchObject({
      actorLabel: expect.stringMatching(/^owner:/),
      before: expect.objectContaining({ payoutMethod: 'bank', transferAttempts: 1 }),
      after: expect.objectContaining({ payoutMethod: 'check', mailingName: 'Rachel Cohen', mailingAddress: '12 Elm St' }),
    });

    // Once switched, it is no longer a refused bank payout: a second switch is refused.
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/payout-method`, PAYPAL)).status).toBe(409);
  });

  it.each([
    [{ payoutMethod: 'bank' }, 'payoutMethod', 'Choose PayPal or a check: the bank transfer is what did not go through.'],
    [{ payoutMethod: 'paypal' }, 'paypalEmail', 'PayPal email is required'],
    [{ ...CHECK, mailingZip: '' }, 'mailingZip', 'ZIP or postal code is required'],
    [{ ...PAYPAL, stripeAccount: 'acct_1' }, 'stripeAccount', 'Unknown field'],
  ])('refuses the switch %j with a message on %s, and changes nothing', async (body, field, message) => {
    const { owner, registry } = await refusedBankPayout();
    const before = (await owner.client.get(`/api/registries/${registry.id}`)).json;
    const refused = await owner.client.call('PUT', `/api/registries/${registry.id}/payout-method`, body);
    expect(refused.status, refused.text).toBe(400);
    expect((refused.json.errors as Record<string, string>)[field]).toBe(message);
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toEqual(before);
    expect((await auditOf(registry.id)).filter((event) => event.action === 'payout.method_switched')).toEqual([]);
  });

  it('refuses the switch to anyone but the owner, and for a payout that was not refused', async () => {
    const { registry } = await refusedBankPayout();
    const coOwner = await signedInCoOwner(server, registry.id);
    const stranger = await signedIn(server);
    const path = `/api/registries/${registry.id}/payout-method`;
    expect((await new HttpClient(server.url).call('PUT', path, CHECK)).status).toBe(401);
    expect((await stranger.client.call('PUT', path, CHECK)).status).toBe(403);
    expect((await coOwner.client.call('PUT', path, CHECK)).status).toBe(403);
    expect((await admin.call('PUT', path, CHECK)).status).toBe(403);
    expect((await stranger.client.call('PUT', `/api/registries/${crypto.randomUUID()}/payout-method`, CHECK)).status).toBe(404);

    const open = await openRegistry(server);
    const notClosed = await open.owner.client.call('PUT', `/api/registries/${open.registry.id}/payout-method`, CHECK);
    expect(notClosed.status).toBe(409);
    expect(notClosed.json.message).toBe('Only a bank payout that did not go through can be switched to PayPal or a check.');
  });

  it('sends no second "payout issue" e-mail for a retry on an unchanged account within the hour; an hour later, or after the family reopened the account, it does', async () => {
    const time = stopSystemTimeAt(new Date());
    const { owner, registry } = await refusedBankPayout();
    const ownerEmail = owner.registration.email;
    const issues = async (mark: number) => (await mailSince(mark)).filter((mail) => mail.to === ownerEmail && mail.subject === ISSUE);

    let mark = await outboxMark();
    time.advance(10 * 60 * 1000);
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({
      transferResult: { success: false },
    });
    expect(await issues(mark)).toHaveLength(0);

    // The family opens their bank account's details: the account may have changed, so its refusal is news.
    mark = await outboxMark();
    const link = await owner.client.post('/api/connect/account-update-link', { registryId: registry.id });
    await finishSandboxPage(link.json.url as string, 'rejects_transfers');
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).json).toMatchObject({
      transferResult: { success: false },
    });
    expect(await issues(mark)).toHaveLength(1);

    mark = await outboxMark();
    time.advance(59 * 60 * 1000);
    await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(await issues(mark)).toHaveLength(0);
    time.advance(60 * 1000);
    await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(await issues(mark)).toHaveLength(1);
    expect((await failedList()).find((payout) => payout.id === registry.id)).toMatchObject({ transferAttempts: 5 });
  });
});

describe('Admin → Failed Payouts', () => {
  it('lists each failed bank payout with the provider’s reason, the tries and the family’s contact', async () => {
    const { owner, registry } = await refusedBankPayout();
    await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    const listed = (await failedList()).find((payout) => payout.id === registry.id);
    expect(listed).toMatchObject({
      payoutAmount: 90,
      transferAttempts: 2,
      transferFailureReason: 'account_closed',
      transferFailureMessage: 'The bank account could not accept the transfer.',
      owner: { name: 'Sarah Cohen', email: owner.registration.email },
    });
  });

  it('is for administrators alone: the owner, a co-owner, a stranger and a visitor get 404 on every call', async () => {
    const { owner, registry } = await refusedBankPayout();
    const coOwner = await signedInCoOwner(server, registry.id);
    const stranger = await signedIn(server);
    for (const client of [owner.client, coOwner.client, stranger.client, new HttpClient(server.url)]) {
      expect((await client.get('/api/admin/failed-payouts')).status).toBe(404);
      expect((await client.post(`/api/admin/failed-payouts/${registry.id}/retry`, {})).status).toBe(404);
      expect((await client.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, CHECK)).status).toBe(404);
    }
    expect((await failedList()).find((payout) => payout.id === registry.id)).toMatchObject({
      transferAttempts: 1,
      transferFailureReason: 'account_closed',
    });
  });

  it('retries once the family fixed the bank account: the transfer goes, and the retry is in the audit trail under the administrator', async () => {
    const { owner, registry } = await refusedBankPayout();
    const refusedAgain = await admin.post(`/api/admin/failed-payouts/${registry.id}/retry`, {});
    expect(refusedAgain.status, refusedAgain.text).toBe(200);
    expect(refusedAgain.json).toEqual({
      transferResult: { success: false, reason: 'account_closed', message: 'The bank account could not accept the transfer.' },
    });

    const link = await owner.client.post('/api/connect/account-update-link', { registryId: registry.id });
    await finishSandboxPage(link.json.url as string, 'verified');
    const sent = await admin.post(`/api/admin/failed-payouts/${registry.id}/retry`, {});
    expect(sent.json).toEqual({ transferResult: { success: true } });
    expect((await owner.client.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      payoutStatus: 'completed',
      transferResult: { success: true },
    });
    expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
    const retries = (await auditOf(registry.id)).filter((event) => event.action === 'bank_payout.retried');
    expect(retries).toHaveLength(2);
    expect(retries[0]).toMatchObject({ actorLabel: expect.stringMatching(/^admin:/) });

    // Paid: nothing is left to retry or switch.
    expect((await admin.post(`/api/admin/failed-payouts/${registry.id}/retry`, {})).status).toBe(404);
    expect((await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, CHECK)).status).toBe(409);
  });

  it('refuses a retry for a registry that is not a failed bank payout', async () => {
    const open = await openRegistry(server);
    expect((await admin.post(`/api/admin/failed-payouts/${open.registry.id}/retry`, {})).status).toBe(404);
    expect((await admin.post(`/api/admin/failed-payouts/${crypto.randomUUID()}/retry`, {})).status).toBe(404);
    expect((await admin.post('/api/admin/failed-payouts/not-an-id/retry', {})).status).toBe(404);
  });

  it('switches to PayPal on the family’s word: on Manual Payouts with the address they gave, audited under the administrator', async () => {
    const { registry } = await refusedBankPayout();
    const switched = await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, PAYPAL);
    expect(switched.status, switched.text).toBe(200);
    expect(switched.json).toMatchObject({
      id: registry.id,
      payoutMethod: 'paypal',
      paypalEmail: 'rachel.paypal@example.com',
      payoutStatus: 'pending',
    });
    expect((await manualPending()).find((payout) => payout.id === registry.id)).toMatchObject({
      payoutMethod: 'paypal',
      paypalEmail: 'rachel.paypal@example.com',
    });
    expect((await auditOf(registry.id)).find((event) => event.action === 'payout.method_switched')).toMatchObject({
      actorLabel: expect.stringMatching(/^admin:/),
      before: expect.objectContaining({ payoutMethod: 'bank', paypalEmail: null }),
      after: expect.objectContaining({ payoutMethod: 'paypal', paypalEmail: 'rachel.paypal@example.com' }),
    });
  });

  it('refuses an administrator’s switch with bad input or for an unknown registry, and changes nothing', async () => {
    const { registry } = await refusedBankPayout();
    const badEmail = await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, {
      payoutMethod: 'paypal',
      paypalEmail: 'nope',
    });
    expect(badEmail.status).toBe(400);
    expect((badEmail.json.errors as Record<string, string>).paypalEmail).toBe('Enter a valid PayPal email');
    expect((await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, { payoutMethod: 'bank' })).status).toBe(400);
    expect((await admin.call('PUT', `/api/admin/failed-payouts/${crypto.randomUUID()}/payout-method`, CHECK)).status).toBe(404);
    expect((await failedList()).find((payout) => payout.id === registry.id)).toMatchObject({ transferAttempts: 1 });
    expect((await auditOf(registry.id)).filter((event) => event.action === 'payout.method_switched')).toEqual([]);
  });
});

describe('a bank transfer under way and a switch to PayPal or a check', () => {
  /** The family fixed the account that refused the first try: Try again will now go through. */
  async function fixedAfterRefusal() {
    const refused = await refusedBankPayout();
    const link = await refused.owner.client.post('/api/connect/account-update-link', { registryId: refused.registry.id });
    await finishSandboxPage(link.json.url as string, 'verified');
    return refused;
  }

  it.each(['owner', 'administrator'] as const)(
    'never both pays by bank and switches: Try again and the %s’s switch at once, many times',
    async (switcher) => {
      const outcomes = new Set<string>();
      for (let run = 0; run < 8; run += 1) {
        const { owner, registry } = await fixedAfterRefusal();
        const path =
          switcher === 'owner' ? `/api/registries/${registry.id}/payout-method` : `/api/admin/failed-payouts/${registry.id}/payout-method`;
        // Now one starts first, now the other, so the switch lands before, during and after the transfer's claim and answer.
        const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
        const offset = ((run >> 1) * TRANSFER_TAKES_MS) / 4;
        const [retried, switched] = await Promise.all([
          later(run % 2 === 0 ? offset : 0).then(() => owner.client.call('PUT', `/api/registries/${registry.id}/close`)),
          later(run % 2 === 0 ? 0 : offset).then(() => (switcher === 'owner' ? owner.client : admin).call('PUT', path, CHECK)),
        ]);
        const paidByBank = retried.status === 200 && (retried.json.transferResult as { success: boolean } | null)?.success === true;
        expect(paidByBank && switched.status === 200, `run ${run}: both the transfer and the switch answered 200`).toBe(false);
        expect([200, 409], switched.text).toContain(switched.status);
        expect([200, 409], retried.text).toContain(retried.status);
        const after = (await owner.client.get(`/api/registries/${registry.id}`)).json as unknown as {
          payoutMethod: string;
          payoutStatus: string;
        };
        if (paidByBank) {
          expect(after).toMatchObject({ payoutMethod: 'bank', payoutStatus: 'completed' });
          expect((await manualPending()).map((payout) => payout.id)).not.toContain(registry.id);
          outcomes.add('bank');
        } else {
          expect(switched.status, switched.text).toBe(200);
          expect(after).toMatchObject({ payoutMethod: 'check', payoutStatus: 'pending' });
          outcomes.add('check');
        }
        expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
      }
      // Both orders were run: a switch first, and a transfer under way that refused the switch.
      expect([...outcomes].sort()).toEqual(['bank', 'check']);
    },
  );

  it('refuses the switch while a try’s claim is fresh, saying when it may be switched, and changes nothing', async () => {
    const { owner, registry } = await fixedAfterRefusal();
    const retry = owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    await new Promise((resolve) => setTimeout(resolve, TRANSFER_TAKES_MS / 2));
    const refused = await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, PAYPAL);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.message).toBe(
      'A bank transfer of this payout may be under way. If it does not go through, the payout can be switched in 5 minutes.',
    );
    expect((await retry).json).toMatchObject({ transferResult: { success: true } });
    expect((await auditOf(registry.id)).filter((event) => event.action === 'payout.method_switched')).toEqual([]);
  });
});

describe('a try cut off before the provider answered', () => {
  it('is listed after the wait, and Retry asks the provider by the payout’s transfer group before sending', async () => {
    const time = stopSystemTimeAt(new Date());
    const { owner, registry } = await refusedBankPayout();
    // As the server leaves it when it stops between the claim and the answer: claimed, nothing recorded.
    const claimedAt = new Date();
    await server.infrastructure.repositories.registries.update(registry.id, {
      payoutStatus: 'sending',
      payoutClaimedBy: `owner:${owner.registration.username}`,
      payoutClaimedAt: claimedAt,
      transferAttempts: 0,
      transferFailureReason: null,
      transferFailureMessage: null,
    });
    expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
    time.advance(5 * 60 * 1000);
    expect((await failedList()).find((payout) => payout.id === registry.id)).toMatchObject({
      transferAttempts: 0,
      transferFailureReason: null,
      retryAvailableAt: new Date(claimedAt.getTime() + 5 * 60 * 1000).toISOString(),
    });

    const link = await owner.client.post('/api/connect/account-update-link', { registryId: registry.id });
    await finishSandboxPage(link.json.url as string, 'verified');
    const sent = await admin.post(`/api/admin/failed-payouts/${registry.id}/retry`, {});
    expect(sent.json, sent.text).toEqual({ transferResult: { success: true } });
    expect((await failedList()).map((payout) => payout.id)).not.toContain(registry.id);
  });

  it('may be switched after the wait: the provider has no transfer for it', async () => {
    const time = stopSystemTimeAt(new Date());
    const { owner, registry } = await refusedBankPayout();
    await server.infrastructure.repositories.registries.update(registry.id, {
      payoutStatus: 'sending',
      payoutClaimedBy: `owner:${owner.registration.username}`,
      payoutClaimedAt: new Date(),
      transferAttempts: 0,
      transferFailureReason: null,
      transferFailureMessage: null,
    });
    expect((await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, CHECK)).status).toBe(409);
    time.advance(5 * 60 * 1000);
    const switched = await admin.call('PUT', `/api/admin/failed-payouts/${registry.id}/payout-method`, CHECK);
    expect(switched.status, switched.text).toBe(200);
    expect((await manualPending()).find((payout) => payout.id === registry.id)).toMatchObject({ payoutMethod: 'check' });
  });
});
