import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { reconcileDay } from '@core/ledger/reconcile-day';
import { SandboxPaymentGateway } from '../../adapters/payments/sandbox/sandbox-payment-gateway';
import { createSandboxAccountStore } from '../../adapters/persistence/repositories/mikro-orm-sandbox-account-store';
import { createSandboxBalance } from '../../adapters/persistence/repositories/mikro-orm-sandbox-balance';
import { signedIn } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { readOutbox } from '../support/outbox';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charityId: string;
let admin: HttpClient;
let member: HttpClient;

beforeAll(async () => {
  server = await startTestServer();
  charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  admin = (await signedIn(server, { admin: true })).client;
  member = (await signedIn(server)).client;
});
afterAll(async () => {
  await server?.close();
});

interface DisputeView {
  id: string;
  status: string;
  outcome: string | null;
  amount: number;
  reason: string;
  reasonText: string;
  evidenceDueBy: string | null;
  awaitsEvidence: boolean;
  phase: string;
  returned: { amount: number; fee: number } | null;
  followUp: { method: string; amount: number; status: string; reference: string | null } | null;
  gift: { id: string; giftGiverName: string; giftGiverEmail: string; amount: number };
  registry: { id: string };
}

/** A guest's gift paid with the sandbox's dispute card: it succeeds, and is disputed a few seconds later. */
async function giveWithDisputeCard(registryId: string, amount: number) {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId,
    charityId,
    giftGiverName: 'Miriam Levy',
    giftGiverEmail: 'miriam@example.com',
    amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  const paid = await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4000 0000 0000 0259' });
  expect(paid.json, paid.text).toEqual({ status: 'succeeded' });
}

async function disputes(): Promise<DisputeView[]> {
  const listed = await admin.get('/api/admin/disputes');
  expect(listed.status, listed.text).toBe(200);
  return listed.json as unknown as DisputeView[];
}

/** Asks until the registry's dispute is in the state wanted: the sandbox's bank acts a few seconds later. */
async function disputeOf(registryId: string, until: (dispute: DisputeView) => boolean): Promise<DisputeView> {
  for (let tries = 0; tries < 60; tries += 1) {
    const found = (await disputes()).find((dispute) => dispute.registry.id === registryId);
    if (found && until(found)) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the dispute never got there');
}

async function books() {
  return (await verifyLedger(server.infrastructure.repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced]);
}

describe('a gift paid with the dispute card', () => {
  it('is disputed moments later, held out of the registry, listed for administrators, and won with winning_evidence', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 100);
    const opened = await disputeOf(registry.id, () => true);
    expect(opened).toMatchObject({
      status: 'needs_response',
      outcome: null,
      amount: 106.39,
      reason: 'fraudulent',
      reasonText: 'The cardholder says they did not make it',
      awaitsEvidence: true,
      phase: 'held',
      gift: { giftGiverName: 'Miriam Levy', giftGiverEmail: 'miriam@example.com', amount: 100 },
      followUp: null,
    });
    expect(Date.parse(opened.evidenceDueBy!)).toBeGreaterThan(Date.now());
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ totalReceived: 0 });
    expect(await books()).toEqual([]);

    const sent = await admin.post(`/api/admin/disputes/${opened.id}/evidence`, {
      evidence: 'The giver wrote to the family the same day. winning_evidence',
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({
      status: 'under_review',
      awaitsEvidence: false,
      evidenceText: 'The giver wrote to the family the same day. winning_evidence',
    });
    const won = await disputeOf(registry.id, (dispute) => dispute.outcome !== null);
    expect(won).toMatchObject({ status: 'won', outcome: 'won', followUp: null });
    // The sandbox, as Stripe often does, gives the amount back and keeps its dispute fee.
    expect(opened.returned).toBeNull();
    expect(won).toMatchObject({ withdrawnAmount: 106.39, withdrawnFee: 15, returned: { amount: 106.39, fee: 0 } });
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ totalReceived: 100 });
    expect(await books()).toEqual([]);

    await server.mailWorker.drainOnce();
    const subjects = readOutbox(server.dataDir).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Gift disputed: $106.39 from Miriam Levy'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.endsWith('was disputed'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('The disputed gift to') && subject.endsWith('was kept'))).toHaveLength(1);
  });

  it('holds back only its own gift: the close section says what is held beforehand, the registry closes, and a win pays the held part in a follow-up payout an administrator marks sent', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 40);
    const opened = await disputeOf(registry.id, () => true);
    const before = await owner.client.get(`/api/registries/${registry.id}`);
    expect(before.json.closingAmounts).toEqual({
      payoutAmount: 0,
      charityPayoutAmount: 0,
      held: { giftCount: 1, amount: 40, payoutAmount: 36, charityPayoutAmount: 4 },
    });

    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    const closing = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closing.status, closing.text).toBe(200);
    expect(closing.json.registry).toMatchObject({ payoutAmount: 0, charityPayoutAmount: 0 });
    expect(await books()).toEqual([]);

    expect((await admin.post(`/api/admin/disputes/${opened.id}/evidence`, { evidence: 'winning_evidence' })).status).toBe(200);
    const won = await disputeOf(registry.id, (dispute) => dispute.outcome !== null);
    expect(won).toMatchObject({ outcome: 'won', followUp: { method: 'paypal', amount: 36, status: 'pending', reference: null } });
    expect(await books()).toEqual([]);
    // The family's payout status tells of the follow-up, as the charity's amount already counts its part.
    const waiting = await owner.client.get(`/api/registries/${registry.id}/payout-status`);
    expect(waiting.json).toMatchObject({
      payoutAmount: 0,
      charityPayoutAmount: 4,
      followUps: [{ method: 'paypal', amount: 36, status: 'pending', sentAt: null }],
    });
    await server.mailWorker.drainOnce();
    const toAdmin = readOutbox(server.dataDir).filter((mail) => mail.subject.startsWith('Follow-up payout to send for'));
    expect(toAdmin.length).toBeGreaterThanOrEqual(1);

    for (const client of [new HttpClient(server.url), member, owner.client]) {
      expect((await client.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: 'PP-1' })).status).toBe(404);
    }
    const blank = await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.json.message).toBe('Please enter the PayPal transaction ID or the check number');
    expect((await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/send`, {})).status).toBe(404);
    const paidByPaypal = async () =>
      ((await admin.get('/api/admin/finance')).json.lines as unknown as { id: string; toDate: number }[]).find(
        (line) => line.id === 'paidOutPaypal',
      )!.toDate;
    const paypalBefore = await paidByPaypal();
    const done = await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: 'PP-8F2K' });
    expect(done.status, done.text).toBe(200);
    // The finance page counts it where the family's other PayPal payouts are.
    expect(await paidByPaypal()).toBeCloseTo(paypalBefore + 36, 2);
    expect(done.json.followUp).toMatchObject({
      status: 'completed',
      reference: 'PP-8F2K',
      sentBy: expect.stringMatching(/^admin:/) as unknown,
    });
    expect((await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: 'PP-again' })).status).toBe(409);
    expect(await books()).toEqual([]);
    expect((await owner.client.get(`/api/registries/${registry.id}/payout-status`)).json).toMatchObject({
      followUps: [{ method: 'paypal', amount: 36, status: 'completed', sentAt: expect.any(String) as unknown }],
    });
  });

  it('has a PayPal follow-up claimed before it is sent: another administrator sees who holds it, is refused with 409, and may release it', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 40);
    const opened = await disputeOf(registry.id, () => true);
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    expect((await admin.post(`/api/admin/disputes/${opened.id}/evidence`, { evidence: 'winning_evidence' })).status).toBe(200);
    const won = await disputeOf(registry.id, (dispute) => dispute.outcome !== null);
    const colleague = (await signedIn(server, { admin: true })).client;

    for (const client of [new HttpClient(server.url), member, owner.client]) {
      expect((await client.post(`/api/admin/disputes/${won.id}/follow-up-payout/claim`, {})).status).toBe(404);
      expect((await client.post(`/api/admin/disputes/${won.id}/follow-up-payout/release`, {})).status).toBe(404);
    }
    expect((await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/release`, {})).status).toBe(409);
    // Two administrators claiming at once: one holds it, the other is told who does.
    const race = await Promise.all(
      [admin, colleague].map((client) => client.post(`/api/admin/disputes/${won.id}/follow-up-payout/claim`, {})),
    );
    expect(race.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = race[0]!.status === 200 ? admin : colleague;
    expect((await winner.post(`/api/admin/disputes/${won.id}/follow-up-payout/release`, {})).status).toBe(200);

    const claimed = await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/claim`, {});
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.json.followUp).toMatchObject({ status: 'sending', claim: { byYou: true } });

    const seen = (
      (await colleague.get('/api/admin/disputes')).json as unknown as (DisputeView & {
        followUp: { claim: { by: string; byYou: boolean } | null };
      })[]
    ).find((each) => each.id === won.id)!;
    expect(seen.followUp).toMatchObject({ status: 'sending', claim: { by: expect.any(String) as unknown, byYou: false } });
    const theirs = await colleague.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: 'PP-TWICE' });
    expect(theirs.status).toBe(409);
    expect(theirs.json.message).toMatch(/who is sending this payout, can mark it sent/);
    expect((await colleague.post(`/api/admin/disputes/${won.id}/follow-up-payout/claim`, {})).status).toBe(409);
    expect(await books()).toEqual([]);

    // The holder is away and nothing was sent: the colleague releases the claim, and sends it in one step.
    const released = await colleague.post(`/api/admin/disputes/${won.id}/follow-up-payout/release`, {});
    expect(released.status, released.text).toBe(200);
    expect(released.json.followUp).toMatchObject({ status: 'pending', claim: null });
    const done = await colleague.post(`/api/admin/disputes/${won.id}/follow-up-payout/complete`, { reference: 'PP-ONCE' });
    expect(done.status, done.text).toBe(200);
    expect(done.json.followUp).toMatchObject({ status: 'completed', reference: 'PP-ONCE', claim: null });
    expect((await admin.post(`/api/admin/disputes/${won.id}/follow-up-payout/claim`, {})).status).toBe(409);
    expect(await books()).toEqual([]);
  });

  it('refunds a gift won after closing out of its follow-up while that waits, after the registry’s own payout went; refused with the reason once the follow-up is claimed', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 40);
    await giveWithDisputeCard(registry.id, 40);
    const giver = new HttpClient(server.url);
    const intent = await giver.post('/api/create-payment-intent', {
      registryId: registry.id,
      charityId,
      giftGiverName: 'Avi Stern',
      giftGiverEmail: 'avi@example.com',
      amount: 20,
      personalMessage: '',
    });
    await giver.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
    for (let tries = 0; tries < 60 && (await disputes()).filter((dispute) => dispute.registry.id === registry.id).length < 2; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 250));
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    expect((await owner.client.call('PUT', `/api/registries/${registry.id}/close`)).status).toBe(200);
    // The registry's own $18 goes; then the bank decides both disputes for the gifts: two follow-ups of $36.
    expect((await admin.call('PATCH', `/api/admin/manual-payouts/${registry.id}/complete`, {})).status).toBe(200);
    for (const dispute of (await disputes()).filter((each) => each.registry.id === registry.id)) {
      expect((await admin.post(`/api/admin/disputes/${dispute.id}/evidence`, { evidence: 'winning_evidence' })).status).toBe(200);
    }
    for (
      let tries = 0;
      tries < 60 && (await disputes()).some((dispute) => dispute.registry.id === registry.id && !dispute.followUp);
      tries += 1
    )
      await new Promise((resolve) => setTimeout(resolve, 250));
    const [first, second] = (await disputes()).filter((dispute) => dispute.registry.id === registry.id);

    const list = async () =>
      (await owner.client.get(`/api/registries/${registry.id}/gift-list`)).json as unknown as {
        refunds: string;
        gifts: { id: string; amount: number; refundable: boolean }[];
      };
    expect((await list()).refunds).toBe('follow_up_only');
    // The $20 was in the registry's payout, which went; each $40 is in its own follow-up, which waits.
    const byAmount = (await list()).gifts.map((gift) => [gift.amount, gift.refundable] as const).sort((a, b) => a[0] - b[0]);
    expect(byAmount).toEqual([
      [20, false],
      [40, true],
      [40, true],
    ]);
    const refunded = await owner.client.post(`/api/gifts/${first!.gift.id}/refund`, { reason: 'The giver asked for it back' });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await disputes()).find((dispute) => dispute.id === first!.id)!.followUp).toMatchObject({ status: 'cancelled', amount: 36 });
    expect((await owner.client.get(`/api/registries/${registry.id}`)).json).toMatchObject({ payoutAmount: 18, totalReceived: 60 });

    expect((await admin.post(`/api/admin/disputes/${second!.id}/follow-up-payout/claim`, {})).status).toBe(200);
    const refused = await owner.client.post(`/api/gifts/${second!.gift.id}/refund`, { reason: 'The giver asked for it back' });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This gift can no longer be refunded: the family’s follow-up payout for it is already being sent.');
    expect((await list()).refunds).toBe('family_payout_sent');
    const atCost = await admin.post(`/api/gifts/${second!.gift.id}/refund-at-platform-cost`, { reason: 'Card stolen' });
    expect(atCost.status, atCost.text).toBe(200);
    expect(await books()).toEqual([]);
  });

  it('loses with losing_evidence: the gift stays out of every total, and the registry closes without it', async () => {
    const { owner, registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 50);
    const opened = await disputeOf(registry.id, () => true);
    expect((await admin.post(`/api/admin/disputes/${opened.id}/evidence`, { evidence: 'losing_evidence' })).status).toBe(200);
    expect(await disputeOf(registry.id, (dispute) => dispute.outcome !== null)).toMatchObject({ status: 'lost', outcome: 'lost' });
    const list = await owner.client.get(`/api/registries/${registry.id}/gift-list`);
    expect(list.json.totals).toMatchObject({ online: 0, disputed: 50, disputedCount: 1 });
    await owner.client.call('PUT', `/api/registries/${registry.id}/payout-info`, {
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
    const closed = await owner.client.call('PUT', `/api/registries/${registry.id}/close`);
    expect(closed.status, closed.text).toBe(200);
    expect(await books()).toEqual([]);
  });
});

describe('the administrators’ dispute calls', () => {
  it('do not exist for a visitor or a family member (404, as every administrators’ call), and refuse bad input with 400, an unknown dispute with 404 and a wrong moment with 409', async () => {
    const { registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 36);
    const { id } = await disputeOf(registry.id, () => true);
    const visitor = new HttpClient(server.url);
    for (const client of [visitor, member]) {
      expect((await client.get('/api/admin/disputes')).status).toBe(404);
      expect((await client.post(`/api/admin/disputes/${id}/evidence`, { evidence: 'winning_evidence' })).status).toBe(404);
      expect((await client.post(`/api/admin/disputes/${id}/reverse-transfer`, {})).status).toBe(404);
    }

    const empty = await admin.post(`/api/admin/disputes/${id}/evidence`, { evidence: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({
      message: 'Please write the evidence to send to the bank',
      errors: { evidence: 'Please write the evidence to send to the bank' },
    });
    expect((await admin.post(`/api/admin/disputes/${id}/evidence`, { evidence: 'x', submit: false })).status).toBe(400);
    expect((await admin.post(`/api/admin/disputes/${id}/evidence`, { evidence: 42 })).status).toBe(400);
    expect((await admin.post(`/api/admin/disputes/${crypto.randomUUID()}/evidence`, { evidence: 'winning_evidence' })).status).toBe(404);
    expect((await admin.post('/api/admin/disputes/not-a-uuid/reverse-transfer', {})).status).toBe(404);

    // Nothing to reverse: the registry is open, and the bank has not decided.
    const early = await admin.post(`/api/admin/disputes/${id}/reverse-transfer`, {});
    expect(early.status).toBe(409);
    expect(early.json.message).toMatch(/^Only a lost dispute whose gift was already paid out/);

    expect((await admin.post(`/api/admin/disputes/${id}/evidence`, { evidence: 'The giver’s own card.' })).status).toBe(200);
    const again = await admin.post(`/api/admin/disputes/${id}/evidence`, { evidence: 'More.' });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      'The bank is not waiting for evidence on this dispute: it was sent already, or the dispute is decided.',
    );
    // What was refused changed nothing, and the audit trail has the one submission.
    const audit = (await server.infrastructure.repositories.audit.list(50)).filter((event) => event.subjectId === id);
    expect(audit.map((event) => event.action)).toEqual(['dispute.evidence_submitted']);
  });
});

describe('the day’s reconciliation with the provider', () => {
  it('finds no difference once disputes were won and lost: each dispute’s adjustments match its entries, which name the disputed payment', async () => {
    const { registry } = await openRegistry(server);
    await giveWithDisputeCard(registry.id, 20);
    const opened = await disputeOf(registry.id, () => true);
    expect((await admin.post(`/api/admin/disputes/${opened.id}/evidence`, { evidence: 'winning_evidence' })).status).toBe(200);
    await disputeOf(registry.id, (dispute) => dispute.outcome !== null);
    // The sandbox provider as another instance of the server has it: its balance is in the database.
    const { orm } = server.infrastructure;
    const gateway = new SandboxPaymentGateway({
      secret: 'another-instance-secret-0123456789',
      accounts: createSandboxAccountStore(orm),
      balance: createSandboxBalance(orm),
      appUrl: server.url,
    });
    const ports = {
      unitOfWork: server.infrastructure.repositories,
      gateway,
      clock: { now: () => new Date() },
      appUrl: server.url,
      supportEmail: 'help@gifts.example.org',
    };
    const run = await reconcileDay(new Date().toISOString().slice(0, 10), ports, { force: true });
    expect(run).toMatchObject({ status: 'agreed', differences: [] });
    expect(
      (await gateway.listBalanceTransactions({ from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 60_000) })).filter(
        (each) => each.type === 'adjustment',
      ).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
