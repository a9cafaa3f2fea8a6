import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { isDomainError } from '@core/errors';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { refundGift, refundGiftAtPlatformCost } from '@core/gift/refund-gift';
import { REFUND_REFUSED, REFUND_REFUSED_DISPUTED } from '@core/gift/refund-refusals';
import { startGift } from '@core/gift/start-gift';
import { recordDispute } from '@core/dispute/record-dispute';
import { submitDisputeEvidence } from '@core/dispute/submit-dispute-evidence';
import { reverseDisputeTransfer } from '@core/dispute/reverse-dispute-transfer';
import { listDisputes } from '@core/dispute/list-disputes';
import type { DisputeReport } from '@core/model/dispute';
import {
  DISPUTE_FEES,
  DISPUTE_LOSSES,
  DISPUTED_FUNDS,
  familyPayableAccount,
  PAYOUTS_IN_TRANSIT,
  PROVIDER_CASH,
  REFUNDS_AT_PLATFORM_COST,
  registryDisputedAccount,
  registryGiftsAccount,
} from '@core/ledger/chart-of-accounts';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { reconcileDay } from '@core/ledger/reconcile-day';
import { adminActor } from '@core/access/admin-access';
import { closeRegistry } from '@core/payout/close-registry';
import { claimCharityPayout, completeCharityPayout, releaseCharityPayout } from '@core/payout/charity-payouts';
import { completeManualPayout } from '@core/payout/manual-payouts';
import { claimManualFollowUp, completeManualFollowUp, releaseManualFollowUp, sendFollowUpTransfer } from '@core/dispute/follow-up-payout';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import { ownerTotals } from '@core/model/owner-totals';
import { donorList } from '@core/payout/donor-list';
import { aCheckPayout, aCharity, aNewRegistry, aNewUser } from '../support/builders';

const APP_URL = 'https://gifts.example.org';
const SUPPORT = 'help@gifts.example.org';

async function world() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock();
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const admin = await repositories.users.setAdmin(
    (await repositories.users.create(aNewUser({ username: 'ops', email: 'ops@example.org' }))).id,
    true,
  );
  const charity = await repositories.charities.create(aCharity({ name: 'MAZON' }));
  const registry = await repositories.registries.create(aNewRegistry(owner.id, { currency: 'USD' }));
  const giving = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: APP_URL,
    supportEmail: SUPPORT,
  };
  const disputing = { unitOfWork: repositories, clock, appUrl: APP_URL, supportEmail: SUPPORT };
  /** A gift of the dollars given, paid at once, or left unpaid (`paid: false`) for `pay` to settle later. */
  const give = async (dollars: number, options: { paid?: boolean } = {}): Promise<Gift> => {
    const { gift } = await startGift(
      {
        registryId: registry.id,
        charityId: charity.id,
        giftGiverName: 'Aunt Miriam',
        giftGiverEmail: 'miriam@example.com',
        amount: dollars * 100,
        personalMessage: '',
      },
      giving,
    );
    if (options.paid !== false) await pay(gift);
    return (await repositories.gifts.findById(gift.id))!;
  };
  const pay = async (gift: Gift) => {
    await recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);
    return (await repositories.gifts.findById(gift.id))!;
  };
  const report = (dispute: DisputeReport) => recordDispute(dispute, disputing);
  const closePorts = {
    registries: repositories.registries,
    unitOfWork: repositories,
    gateway,
    clock,
    appUrl: APP_URL,
    supportEmail: SUPPORT,
  };
  const closeByCheck = async () => {
    await savePayoutInfo(owner, registry.id, aCheckPayout(), { registries: repositories.registries, unitOfWork: repositories });
    return closeRegistry(owner, registry.id, closePorts);
  };
  const closeToBank = async () => {
    const accountId = await gateway.createConnectedAccount({ country: 'US', email: owner.email, idempotencyKey: `connect-${owner.id}` });
    gateway.verify(accountId);
    Object.assign(owner, await repositories.users.attachPayoutAccount(owner.id, accountId));
    await savePayoutInfo(owner, registry.id, { payoutMethod: 'bank' }, { registries: repositories.registries, unitOfWork: repositories });
    return closeRegistry(owner, registry.id, closePorts);
  };
  const balances = async () => new Map((await repositories.ledger.listBalances()).map((row) => [row.account, row.balance]));
  const verified = async () => (await verifyLedger(repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced]);
  const mailTo = (address: string) => [...repositories.mail.rows.values()].filter((mail) => mail.to === address);
  const ours = async (providerDisputeId: string) =>
    (await repositories.disputes.list()).find((each) => each.providerDisputeId === providerDisputeId)!;
  return {
    repositories,
    gateway,
    clock,
    owner,
    admin,
    registry,
    give,
    pay,
    report,
    closeByCheck,
    closeToBank,
    balances,
    verified,
    mailTo,
    ours,
    disputing,
  };
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a dispute while the registry is open', () => {
  it('holds the gift out of the registry’s amounts, takes the amount and the fee from provider cash, and tells every administrator and the family once', async () => {
    const w = await world();
    const kept = await w.give(50);
    const gift = await w.give(100);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    expect((await w.report(dispute)).kind).toBe('opened');
    // The same event again, or another event with the same dispute, changes nothing.
    expect((await w.report(dispute)).kind).toBe('unchanged');

    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('disputed');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(kept.amount);
    const totals = ownerTotals(await w.repositories.gifts.tallyByRegistry(w.registry.id), { count: 0, amount: 0 }, w.registry.currency);
    expect(totals).toMatchObject({ online: kept.amount, onlineCount: 1, disputed: gift.amount, disputedCount: 1 });
    const charged = totalCharged(gift);
    const books = await w.balances();
    expect(books.get(registryGiftsAccount(w.registry.id))).toBe(-kept.amount);
    expect(books.get(registryDisputedAccount(w.registry.id))).toBe(-gift.amount);
    expect(books.get(DISPUTED_FUNDS)).toBe(charged + 1500);
    expect(await w.verified()).toEqual([]);

    const [adminMail] = w.mailTo('ops@example.org');
    expect(w.mailTo('ops@example.org')).toHaveLength(1);
    expect(adminMail!.subject).toMatch(new RegExp(`^Gift disputed: \\$${(charged / 100).toFixed(2)} from Aunt Miriam to `));
    expect(adminMail!.text).toContain('Evidence due: 2030-01-08');
    expect(adminMail!.text).toContain(`${APP_URL}/admin/disputes`);
    const familyMail = w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('was disputed'));
    expect(familyMail).toHaveLength(1);
    expect(familyMail[0]!.text).toContain('does not count in the registry’s Total Received, nor in your family’s 90% or the charity’s 10%');
  });

  it('refuses to refund the disputed gift while the bank decides', async () => {
    const w = await world();
    const gift = await w.give(100);
    await w.report(w.gateway.openDispute(gift.paymentIntentId!));
    expect(
      (
        await refusal(
          refundGift(
            w.owner,
            gift.id,
            { reason: 'Asked' },
            {
              unitOfWork: w.repositories,
              gifts: w.repositories.gifts,
              registries: w.repositories.registries,
              gateway: w.gateway,
              clock: w.clock,
              supportEmail: SUPPORT,
            },
          ),
        )
      ).code,
    ).toBe('gift.not_refundable');
  });

  it('counts a won gift again and gives the money back to provider cash, the fee staying a dispute fee; the family hears it was kept', async () => {
    const w = await world();
    const gift = await w.give(100);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    const cashBefore = (await w.balances()).get(PROVIDER_CASH)!;
    expect((await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'))).kind).toBe('updated');

    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(gift.amount);
    const books = await w.balances();
    expect(books.get(PROVIDER_CASH)).toBe(cashBefore + totalCharged(gift));
    expect(books.get(DISPUTED_FUNDS) ?? 0).toBe(0);
    expect(books.get(DISPUTE_FEES)).toBe(1500);
    expect(books.get(DISPUTE_LOSSES) ?? 0).toBe(0);
    expect(books.get(registryDisputedAccount(w.registry.id)) ?? 0).toBe(0);
    expect(await w.verified()).toEqual([]);
    const ended = w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('was kept'));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain('counts again in the registry’s Total Received');

    const closed = await w.closeByCheck();
    expect(closed.registry.payoutAmount).toBe(gift.childAmount);
  });

  it('posts a lost dispute’s fee and what the platform loses: the fees it had kept, since the family’s and charity’s parts are never paid', async () => {
    const w = await world();
    const gift = await w.give(100);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    const books = await w.balances();
    expect(books.get(DISPUTE_LOSSES)).toBe(totalCharged(gift) - gift.amount);
    expect(books.get(DISPUTE_FEES)).toBe(1500);
    expect(books.get(DISPUTED_FUNDS) ?? 0).toBe(0);
    expect(books.get(registryDisputedAccount(w.registry.id)) ?? 0).toBe(0);
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('disputed');
    expect(await w.verified()).toEqual([]);
    expect(w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('returned to the giver'))).toHaveLength(1);
  });

  it('takes a decision reported before the dispute’s opening in one step, and a late opening report changes nothing', async () => {
    const w = await world();
    const gift = await w.give(100);
    const opening = w.gateway.openDispute(gift.paymentIntentId!);
    const decided = w.gateway.decideDispute(opening.disputeId, 'won');
    await w.report(decided);
    const entries = w.repositories.ledger.rows.size;
    expect((await w.report(opening)).kind).toBe('unchanged');
    expect(w.repositories.ledger.rows.size).toBe(entries);
    expect((await w.ours(opening.disputeId)).status).toBe('won');
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    expect(await w.verified()).toEqual([]);
  });
});

describe('a dispute that arrives while the gift is being refunded', () => {
  /**
   * The bank's dispute reaches us while the refund is on its way to the provider, which then
   * refuses the refund because the charge is disputed: the order a real race takes.
   */
  async function refundRacingADispute(w: Awaited<ReturnType<typeof world>>, gift: Gift, options: { lostMeanwhile?: boolean } = {}) {
    let dispute: DisputeReport | null = null;
    const refund = w.gateway.refund.bind(w.gateway);
    w.gateway.refund = async (paymentIntentId, key) => {
      dispute = w.gateway.openDispute(paymentIntentId);
      expect((await w.report(dispute)).kind).toBe('opened');
      // A refund stuck long enough for the bank to decide first (its answer lost, the sweep asking again later).
      if (options.lostMeanwhile) await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
      return refund(paymentIntentId, key);
    };
    const ports = {
      unitOfWork: w.repositories,
      gifts: w.repositories.gifts,
      registries: w.repositories.registries,
      gateway: w.gateway,
      clock: w.clock,
      supportEmail: SUPPORT,
    };
    const refused = await refusal(refundGift(w.owner, gift.id, { reason: 'Asked' }, ports));
    return { refused, dispute: dispute! };
  }

  it('holds the gift out of the open registry once the provider refuses the refund, so the family is not paid for it', async () => {
    const w = await world();
    const kept = await w.give(50);
    const gift = await w.give(100);
    const { refused, dispute } = await refundRacingADispute(w, gift);
    expect(refused).toEqual({ code: 'payment.unavailable', message: REFUND_REFUSED_DISPUTED });

    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('disputed');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(kept.amount);
    expect(await w.ours(dispute.disputeId)).toMatchObject({ phase: 'held', heldAmount: gift.amount });
    const books = await w.balances();
    expect(books.get(registryGiftsAccount(w.registry.id))).toBe(-kept.amount);
    expect(books.get(registryDisputedAccount(w.registry.id))).toBe(-gift.amount);
    expect(await w.verified()).toEqual([]);
    const audit = (await w.repositories.audit.list(100)).filter((event) => event.action === 'gift.refund_failed');
    expect(audit.map((event) => event.after)).toEqual([expect.objectContaining({ paymentStatus: 'disputed' })]);

    // Lost: the family's payout and the charity's leave the gift out, and the books agree.
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    const closed = await w.closeByCheck();
    expect(closed.registry).toMatchObject({ payoutAmount: kept.childAmount, charityPayoutAmount: kept.charityAmount });
    expect((await w.balances()).get(DISPUTE_LOSSES)).toBe(totalCharged(gift) - gift.amount);
    expect(await w.verified()).toEqual([]);
  });

  it('holds the gift out after all when the bank decided against it before the refund was refused: the platform loses only the fees, and the family is told', async () => {
    const w = await world();
    const kept = await w.give(50);
    const gift = await w.give(100);
    const { refused, dispute } = await refundRacingADispute(w, gift, { lostMeanwhile: true });
    expect(refused).toEqual({ code: 'payment.unavailable', message: REFUND_REFUSED_DISPUTED });
    expect(await w.ours(dispute.disputeId)).toMatchObject({ status: 'lost', phase: 'held', heldAmount: gift.amount });
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('disputed');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(kept.amount);
    // What a dispute lost on a held gift costs the platform: what the giver paid beyond the gift.
    expect((await w.balances()).get(DISPUTE_LOSSES)).toBe(totalCharged(gift) - gift.amount);
    expect(await w.verified()).toEqual([]);
    const told = w.mailTo('rachel@example.com').filter((mail) => mail.dedupeKey?.startsWith(`dispute-ended-`));
    expect(told).toHaveLength(2);
    expect(told[1]!.text).toContain('The gift does not count in the registry’s Total Received');

    const closed = await w.closeByCheck();
    expect(closed.registry).toMatchObject({ payoutAmount: kept.childAmount, charityPayoutAmount: kept.charityAmount });
    expect(await w.verified()).toEqual([]);
  });

  it('counts the gift again when the bank decides for the family', async () => {
    const w = await world();
    const gift = await w.give(100);
    const { dispute } = await refundRacingADispute(w, gift);
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(gift.amount);
    expect(await w.verified()).toEqual([]);
    expect((await w.closeByCheck()).registry.payoutAmount).toBe(gift.childAmount);
  });

  it('puts a refused refund back as it was when no dispute came', async () => {
    const w = await world();
    const gift = await w.give(100);
    w.gateway.refundOutcome = 'refused';
    const ports = {
      unitOfWork: w.repositories,
      gifts: w.repositories.gifts,
      registries: w.repositories.registries,
      gateway: w.gateway,
      clock: w.clock,
      supportEmail: SUPPORT,
    };
    expect(await refusal(refundGift(w.owner, gift.id, { reason: 'Asked' }, ports))).toEqual({
      code: 'payment.unavailable',
      message: REFUND_REFUSED,
    });
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    expect((await w.repositories.registries.findById(w.registry.id))!.totalReceived).toBe(gift.amount);
    expect(await w.verified()).toEqual([]);
  });
});

describe('evidence', () => {
  it('sends the administrator’s text through the provider, records it in the audit trail, and records the bank’s decision', async () => {
    const w = await world();
    const gift = await w.give(100);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    const id = (await w.ours(dispute.disputeId)).id;
    const sent = await submitDisputeEvidence(id, { evidence: '  Thank-you card sent; winning_evidence  ' }, adminActor(w.admin), {
      ...w.disputing,
      gateway: w.gateway,
    });
    expect(sent).toMatchObject({ status: 'won', evidenceText: 'Thank-you card sent; winning_evidence' });
    expect(w.gateway.evidence.get(dispute.disputeId)).toBe('Thank-you card sent; winning_evidence');
    const [event] = await w.repositories.audit.list(1);
    expect(event).toMatchObject({
      action: 'dispute.evidence_submitted',
      subjectType: 'dispute',
      subjectId: id,
      actorLabel: 'admin:ops',
      after: { evidence: 'Thank-you card sent; winning_evidence' },
    });
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    expect(await w.verified()).toEqual([]);
  });

  it('refuses empty evidence, an unknown dispute, a dispute no longer awaiting evidence, and says so when the provider cannot be reached, changing nothing', async () => {
    const w = await world();
    const gift = await w.give(100);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    const id = (await w.ours(dispute.disputeId)).id;
    const ports = { ...w.disputing, gateway: w.gateway };
    expect(await refusal(submitDisputeEvidence(id, { evidence: '  ' }, adminActor(w.admin), ports))).toMatchObject({
      code: 'validation.failed',
      message: 'Please write the evidence to send to the bank',
    });
    expect(await refusal(submitDisputeEvidence(id, { evidence: 'x', extra: 1 }, adminActor(w.admin), ports))).toMatchObject({
      code: 'validation.failed',
    });
    expect((await refusal(submitDisputeEvidence(crypto.randomUUID(), { evidence: 'x' }, adminActor(w.admin), ports))).code).toBe(
      'dispute.not_found',
    );
    w.gateway.down = true;
    expect((await refusal(submitDisputeEvidence(id, { evidence: 'x' }, adminActor(w.admin), ports))).code).toBe('payment.unavailable');
    w.gateway.down = false;
    expect((await w.ours(dispute.disputeId)).evidenceSubmittedAt).toBeNull();
    await submitDisputeEvidence(id, { evidence: 'The giver wrote a message with the gift.' }, adminActor(w.admin), ports);
    expect((await w.ours(dispute.disputeId)).status).toBe('under_review');
    expect((await refusal(submitDisputeEvidence(id, { evidence: 'more' }, adminActor(w.admin), ports))).code).toBe('dispute.not_open');
  });
});

describe('a dispute after the money has gone', () => {
  it('after closing by check: the gift still counts in the payout, and a lost dispute is all the platform’s loss', async () => {
    const w = await world();
    const gift = await w.give(100);
    await w.closeByCheck();
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    expect(await w.ours(dispute.disputeId)).toMatchObject({ phase: 'paid', heldAmount: 0 });
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    const books = await w.balances();
    expect(books.get(DISPUTE_LOSSES)).toBe(totalCharged(gift));
    expect((await w.repositories.registries.findById(w.registry.id))!.payoutAmount).toBe(gift.childAmount);
    expect(await w.verified()).toEqual([]);
    // A check is not a bank transfer: nothing to reverse.
    expect(
      (
        await refusal(
          reverseDisputeTransfer((await w.ours(dispute.disputeId)).id, adminActor(w.admin), {
            unitOfWork: w.repositories,
            gateway: w.gateway,
            clock: w.clock,
            supportEmail: SUPPORT,
          }),
        )
      ).code,
    ).toBe('dispute.not_reversible');
  });

  it('after a bank payout: an administrator may reverse the family’s part from their transfer once the dispute is lost, once, recorded in the audit trail and the ledger', async () => {
    const w = await world();
    const gift = await w.give(100);
    const closed = await w.closeToBank();
    expect(closed.registry.status).toBe('payout_sent');
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    const id = (await w.ours(dispute.disputeId)).id;
    const reversing = { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock, supportEmail: SUPPORT };
    // Not before the bank decided: the dispute may still be won.
    expect((await refusal(reverseDisputeTransfer(id, adminActor(w.admin), reversing))).code).toBe('dispute.not_reversible');
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    expect((await listDisputes(w.repositories))[0]!.reversibleAmount).toBe(gift.childAmount);

    w.gateway.reversalOutcome = 'unknown';
    expect((await refusal(reverseDisputeTransfer(id, adminActor(w.admin), reversing))).code).toBe('payment.unavailable');
    w.gateway.reversalOutcome = 'reversed';
    const reversed = await reverseDisputeTransfer(id, adminActor(w.admin), reversing);
    expect(reversed).toMatchObject({ reversedAmount: gift.childAmount, transferReversalId: expect.stringMatching(/^trr_/) as unknown });
    expect([...w.gateway.reversals.values()].map((each) => each.request)).toEqual([
      { transferId: closed.registry.stripePayoutId, amount: gift.childAmount, idempotencyKey: `dispute-reversal-${id}` },
    ]);
    const books = await w.balances();
    expect(books.get(DISPUTE_LOSSES)).toBe(totalCharged(gift) - gift.childAmount);
    // The family's transfer was audited too, at the same moment on this clock: the reversal is one of the events.
    const reversals = (await w.repositories.audit.list(20)).filter((event) => event.action === 'dispute.transfer_reversed');
    expect(reversals).toEqual([expect.objectContaining({ subjectId: id, actorLabel: 'admin:ops' })]);
    expect(await w.verified()).toEqual([]);
    const told = w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('was taken back'));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`we have taken $${(gift.childAmount / 100).toFixed(2)} back from that transfer`);
    expect((await refusal(reverseDisputeTransfer(id, adminActor(w.admin), reversing))).code).toBe('dispute.not_reversible');
  });

  it('takes nothing back from the family’s transfer for a lost dispute of a payment refunded after closing, which the transfer never held', async () => {
    const w = await world();
    const late = await w.give(101, { paid: false });
    // The family's transfer pays more than the late gift's part, so only the rule, not the provider, can refuse.
    await w.give(500);
    const closed = await w.closeToBank();
    expect(closed.registry.status).toBe('payout_sent');
    // Paid after closing: the registry takes no money any more, so the payment is given back to the giver.
    expect((await w.pay(late)).paymentStatus).toBe('refunded');
    const dispute = w.gateway.openDispute(late.paymentIntentId!);
    await w.report(dispute);
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    const id = (await w.ours(dispute.disputeId)).id;

    expect((await listDisputes(w.repositories))[0]!.reversibleAmount).toBeNull();
    const reversing = { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock, supportEmail: SUPPORT };
    expect((await refusal(reverseDisputeTransfer(id, adminActor(w.admin), reversing))).code).toBe('dispute.not_reversible');
    expect(w.gateway.reversals.size).toBe(0);
    expect(w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('was taken back'))).toEqual([]);
  });

  it('reconciles with the provider with no difference: each dispute’s adjustments (taken, given back after a win) and a reversed family transfer match their entries by the payment or the reversal', async () => {
    const w = await world();
    // The provider's balance and the ledger stamp what they record by the same clock.
    w.gateway.now = () => w.clock.now();
    w.repositories.ledger.now = () => w.clock.now();
    const won = await w.give(100);
    const lost = await w.give(50);
    // The provider's side of the two payments: their charges are in its balance, at the fee the ledger recorded.
    for (const gift of [won, lost]) {
      w.gateway.intents.get(gift.paymentIntentId!)!.status = 'succeeded';
      w.gateway.fees.set(gift.paymentIntentId!, gift.providerFee ?? gift.cardFee);
    }
    const first = w.gateway.openDispute(won.paymentIntentId!);
    await w.report(first);
    await w.report(w.gateway.decideDispute(first.disputeId, 'won'));
    await w.closeToBank();
    const second = w.gateway.openDispute(lost.paymentIntentId!);
    await w.report(second);
    await w.report(w.gateway.decideDispute(second.disputeId, 'lost'));
    await reverseDisputeTransfer((await w.ours(second.disputeId)).id, adminActor(w.admin), {
      unitOfWork: w.repositories,
      gateway: w.gateway,
      clock: w.clock,
      supportEmail: SUPPORT,
    });
    expect(await w.verified()).toEqual([]);

    const day = w.clock.now().toISOString().slice(0, 10);
    const run = await reconcileDay(
      day,
      { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock, appUrl: APP_URL, supportEmail: SUPPORT },
      { force: true },
    );
    // Two charges, a transfer, two disputes' withdrawals, a win's reinstatement and a reversal.
    expect(run).toMatchObject({ status: 'agreed', differences: [], transactions: 7 });
  });
});

describe('a dispute undecided at closing', () => {
  /** A registry with a gift of $50 kept and one of $40 whose dispute the bank has not decided. */
  async function aGiftDisputed() {
    const w = await world();
    const kept = await w.give(50);
    const gift = await w.give(40);
    const dispute = w.gateway.openDispute(gift.paymentIntentId!);
    await w.report(dispute);
    return { w, kept, gift, dispute };
  }
  const pendingCharity = async (w: Awaited<ReturnType<typeof world>>) =>
    (await w.repositories.charityPayouts.listUnsent()).reduce((sum, payout) => sum + payout.amount, 0);

  it('holds back only its own gift: the registry closes and pays the rest, and the books balance', async () => {
    const w = await world();
    const kept = await w.give(50);
    const gift = await w.give(40);
    await w.report(w.gateway.openDispute(gift.paymentIntentId!));
    const closed = await w.closeByCheck();
    expect(closed.registry).toMatchObject({
      status: 'closed',
      payoutAmount: kept.childAmount,
      charityPayoutAmount: kept.charityAmount,
      payoutStatus: 'pending',
    });
    expect(await pendingCharity(w)).toBe(kept.charityAmount);
    expect((await w.balances()).get(registryDisputedAccount(w.registry.id))).toBe(-gift.amount);
    expect(await w.verified()).toEqual([]);
  });

  it('won after closing by check: the family’s part waits for an administrator as a follow-up payout, the charity’s joins its pending payout, and each step balances', async () => {
    const { w, kept, gift, dispute } = await aGiftDisputed();
    await w.closeByCheck();
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));

    const won = await w.ours(dispute.disputeId);
    expect(won.followUp).toMatchObject({ method: 'check', amount: gift.childAmount, status: 'pending' });
    expect(await pendingCharity(w)).toBe(kept.charityAmount + gift.charityAmount);
    // The registry's own payout is as closing left it.
    expect((await w.repositories.registries.findById(w.registry.id))!).toMatchObject({
      payoutAmount: kept.childAmount,
      totalReceived: kept.amount + gift.amount,
    });
    expect((await w.repositories.gifts.findById(gift.id))!.paymentStatus).toBe('succeeded');
    const books = await w.balances();
    expect(books.get(registryDisputedAccount(w.registry.id)) ?? 0).toBe(0);
    expect(books.get(familyPayableAccount(w.registry.id))).toBe(-(kept.childAmount + gift.childAmount));
    expect(await w.verified()).toEqual([]);
    const [adminMail] = w.mailTo('ops@example.org').filter((mail) => mail.subject.startsWith('Follow-up payout to send'));
    // A refund of the gift cancels it until it is claimed: the e-mail names the page, not the amount.
    expect(adminMail!.subject).toMatch(/^Follow-up payout to send for .+ Mitzvah$/);
    expect(adminMail!.text).toContain('Amount to send to the family: On the Disputes page, once you claim it');
    expect(adminMail!.text).not.toContain(`$${(gift.childAmount / 100).toFixed(2)}`);
    expect(adminMail!.text).toContain(`${APP_URL}/admin/disputes`);
    const told = w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('was kept'));
    expect(told[0]!.text).toContain(`Its $${(gift.childAmount / 100).toFixed(2)} for your family is now paid to you on its own, by check`);

    const marking = { unitOfWork: w.repositories, clock: w.clock };
    expect((await refusal(completeManualFollowUp(won.id, { reference: ' ' }, adminActor(w.admin), marking))).code).toBe(
      'validation.failed',
    );
    const sent = await completeManualFollowUp(won.id, { reference: 'Check 1042' }, adminActor(w.admin), marking);
    expect(sent.followUp).toMatchObject({ status: 'completed', reference: 'Check 1042', sentBy: 'admin:ops' });
    expect((await refusal(completeManualFollowUp(won.id, { reference: 'Check 1043' }, adminActor(w.admin), marking))).code).toBe(
      'payout.already_completed',
    );
    expect((await w.balances()).get(familyPayableAccount(w.registry.id))).toBe(-kept.childAmount);
    expect(await w.verified()).toEqual([]);
  });

  it('won after closing by check: the follow-up is claimed before it is sent, so two administrators never both send it', async () => {
    const { w, gift, dispute } = await aGiftDisputed();
    await w.closeByCheck();
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));
    const won = await w.ours(dispute.disputeId);
    const colleague = await w.repositories.users.setAdmin(
      (await w.repositories.users.create(aNewUser({ username: 'dana', email: 'dana@example.org' }))).id,
      true,
    );
    const [ops, dana] = [adminActor(w.admin), adminActor(colleague)];
    const claiming = { unitOfWork: w.repositories, clock: w.clock };

    expect(await refusal(releaseManualFollowUp(won.id, ops, claiming))).toMatchObject({ code: 'payout.not_claimed' });
    const claimed = await claimManualFollowUp(won.id, ops, claiming);
    expect(claimed.followUp).toMatchObject({
      status: 'sending',
      claim: { claimedBy: 'admin:ops', claimedByUserId: w.admin.id, claimedAt: w.clock.now() },
      claims: 1,
    });
    // Its amount is in transit, and claiming it again changes nothing.
    expect((await w.balances()).get(PAYOUTS_IN_TRANSIT)).toBe(-gift.childAmount);
    expect(await claimManualFollowUp(won.id, ops, claiming)).toEqual(claimed);
    expect(await w.verified()).toEqual([]);

    // The other administrator sees it held: neither a claim nor a completion of theirs goes through.
    expect(await refusal(claimManualFollowUp(won.id, dana, claiming))).toEqual({
      code: 'payout.claimed_by_another',
      message: 'ops is already sending this payout. Reload the page to see it.',
    });
    expect(await refusal(completeManualFollowUp(won.id, { reference: 'Check 2001' }, dana, claiming))).toMatchObject({
      code: 'payout.claimed_by_another',
      message: expect.stringMatching(/^Only ops, who is sending this payout, can mark it sent\./) as unknown,
    });
    expect((await w.ours(dispute.disputeId)).followUp).toMatchObject({ status: 'sending', reference: null });

    // A stale claim can be released by a colleague (the screen asks first), and is then theirs to claim.
    const released = await releaseManualFollowUp(won.id, dana, claiming);
    expect(released.followUp).toMatchObject({ status: 'pending', claim: null, claims: 1 });
    expect((await w.balances()).get(PAYOUTS_IN_TRANSIT) ?? 0).toBe(0);
    expect(await w.verified()).toEqual([]);
    await claimManualFollowUp(won.id, dana, claiming);
    const sent = await completeManualFollowUp(won.id, { reference: 'Check 2001' }, dana, claiming);
    expect(sent.followUp).toMatchObject({ status: 'completed', reference: 'Check 2001', sentBy: 'admin:dana', claims: 2 });
    expect(await refusal(releaseManualFollowUp(won.id, dana, claiming))).toMatchObject({ code: 'payout.already_completed' });
    expect((await w.balances()).get(PAYOUTS_IN_TRANSIT) ?? 0).toBe(0);
    expect(await w.verified()).toEqual([]);
    expect(
      (await w.repositories.audit.list(20))
        .filter((event) => event.subjectType === 'dispute')
        .map((event) => [event.action, event.actorLabel]),
    ).toEqual(
      expect.arrayContaining([
        ['dispute.follow_up_claimed', 'admin:ops'],
        ['dispute.follow_up_released', 'admin:dana'],
        ['dispute.follow_up_claimed', 'admin:dana'],
        ['dispute.follow_up_sent', 'admin:dana'],
      ]),
    );
  });

  describe('a refund of the gift once it was won', () => {
    const refunding = (w: Awaited<ReturnType<typeof world>>) => ({
      unitOfWork: w.repositories,
      gifts: w.repositories.gifts,
      registries: w.repositories.registries,
      gateway: w.gateway,
      clock: w.clock,
      supportEmail: SUPPORT,
    });
    const refund = (w: Awaited<ReturnType<typeof world>>, gift: Gift, user = w.owner) =>
      refundGift(user, gift.id, { reason: 'The giver asked for it back' }, refunding(w));
    const claiming = (w: Awaited<ReturnType<typeof world>>) => ({ unitOfWork: w.repositories, clock: w.clock });

    /** Gifts of $40 (disputed, held at closing) and $20; closed by check with $18 to send. */
    async function heldAtClosing() {
      const w = await world();
      const gift = await w.give(40);
      const kept = await w.give(20);
      const dispute = w.gateway.openDispute(gift.paymentIntentId!);
      await w.report(dispute);
      await w.closeByCheck();
      expect((await w.repositories.registries.findById(w.registry.id))!.payoutAmount).toBe(1_800);
      return { w, gift, kept, dispute };
    }

    /** The same, and the dispute won: a $36 follow-up. */
    async function wonAfterClosing() {
      const { w, gift, kept, dispute } = await heldAtClosing();
      await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));
      const won = await w.ours(dispute.disputeId);
      expect(won.followUp).toMatchObject({ amount: 3_600, status: 'pending' });
      return { w, gift, kept, won };
    }

    /** The same, the closing's charity payout sent, and then the dispute won: its 10% joins a newer payout. */
    async function wonOnceTheClosingsCharityPayoutWasSent() {
      const { w, gift, kept, dispute } = await heldAtClosing();
      const [closing] = await w.repositories.charityPayouts.listUnsent();
      await completeCharityPayout(
        closing!.id,
        { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-1' },
        adminActor(w.admin),
        claiming(w),
      );
      await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));
      const [joined] = await w.repositories.charityPayouts.listUnsent();
      return { w, gift, kept, dispute, closing, joined };
    }

    it('comes out of its waiting follow-up, which it cancels, and of the charity payout its 10% joined, never out of the registry’s payout', async () => {
      const { w, gift, won } = await wonAfterClosing();
      expect((await refund(w, gift)).paymentStatus).toBe('refunded');
      expect(await w.repositories.registries.findById(w.registry.id)).toMatchObject({
        payoutAmount: 1_800,
        charityPayoutAmount: 200,
        totalReceived: 2_000,
        payoutStatus: 'pending',
      });
      expect((await w.repositories.disputes.findById(won.id))!.followUp).toMatchObject({ status: 'cancelled', amount: 3_600 });
      expect((await w.repositories.charityPayouts.listUnsent()).reduce((sum, payout) => sum + payout.amount, 0)).toBe(200);
      expect((await w.balances()).get(familyPayableAccount(w.registry.id))).toBe(-1_800);
      expect(await w.verified()).toEqual([]);
      // Nothing is left to send, and the registry's own payout is sent as it was.
      expect(await refusal(claimManualFollowUp(won.id, adminActor(w.admin), claiming(w)))).toMatchObject({
        code: 'payout.changed',
        message: expect.stringMatching(/^This follow-up payout was cancelled/) as unknown,
      });
      await completeManualPayout(w.registry.id, { referenceNumber: '1001' }, adminActor(w.admin), {
        ...claiming(w),
        supportEmail: SUPPORT,
      });
      expect(await w.verified()).toEqual([]);
    });

    it('tells the family, when support refunds it, that the follow-up will not be sent and the rest of the payout is as it was', async () => {
      const { w, gift } = await wonAfterClosing();
      await refund(w, gift, w.admin);
      const told = w.mailTo('rachel@example.com').filter((mail) => mail.subject.endsWith('was refunded'));
      expect(told).toHaveLength(1);
      expect(told[0]!.text).toContain(
        'Its $36.00 was to be paid to your family on its own, after the bank decided for the gift; that payment will not be sent now. The rest of your payout, $18.00, is as it was.',
      );
    });

    it('lists each gift on the donor list of the charity payout its 10% went into: a gift won after closing on the newer one only', async () => {
      const { w, gift, kept, closing, joined } = await wonOnceTheClosingsCharityPayoutWasSent();
      const donorsOf = async (payoutId: string) =>
        (await donorList(payoutId, w.repositories)).donors.map((donor) => ({ name: donor.giverName, amount: donor.amount }));

      expect(await donorsOf(closing!.id)).toEqual([{ name: kept.giftGiverName, amount: kept.charityAmount }]);
      expect(await donorsOf(joined!.id)).toEqual([{ name: gift.giftGiverName, amount: gift.charityAmount }]);
      // The two lists add up to what each payout sent.
      expect(kept.charityAmount).toBe(closing!.amount);
      expect(gift.charityAmount).toBe((await w.repositories.charityPayouts.findById(joined!.id))!.amount);
    });

    it('takes the 10% from the newer charity payout it joined when the closing’s was already paid, and a gift counted at closing is judged by the closing’s', async () => {
      const { w, gift, kept, closing, joined } = await wonOnceTheClosingsCharityPayoutWasSent();
      expect(joined).toMatchObject({ amount: 400, status: 'pending' });
      expect(joined!.id).not.toBe(closing!.id);

      // The gift counted at closing: its charity was paid, so it is refused, and the win's payout keeps its 10%.
      expect(await refusal(refund(w, kept))).toEqual({
        code: 'gift.not_refundable',
        message: 'This gift can no longer be refunded: its charity’s payout was already sent.',
      });
      expect((await w.repositories.charityPayouts.findById(joined!.id))!.amount).toBe(400);
      // The won gift: out of the payout its 10% joined, and out of its follow-up.
      expect((await refund(w, gift)).paymentStatus).toBe('refunded');
      expect((await w.repositories.charityPayouts.findById(joined!.id))!).toMatchObject({ amount: 0, giftCount: 0 });
      expect((await w.repositories.charityPayouts.findById(closing!.id))!).toMatchObject({ amount: 200, status: 'completed' });
      expect(await w.verified()).toEqual([]);
    });

    it('finds the 10% where a released charity claim folded the payout it joined', async () => {
      const { w, gift, dispute } = await heldAtClosing();
      const [closing] = await w.repositories.charityPayouts.listUnsent();
      // Claimed while the dispute is won: the win's 10% opens a new pending payout, folded back in when the claim is released.
      await claimCharityPayout(closing!.id, adminActor(w.admin), claiming(w));
      await w.report(w.gateway.decideDispute(dispute.disputeId, 'won'));
      expect((await w.ours(dispute.disputeId)).followUp?.charityPayoutId).not.toBe(closing!.id);
      await releaseCharityPayout(closing!.id, adminActor(w.admin), claiming(w));
      expect(await w.repositories.charityPayouts.listUnsent()).toEqual([expect.objectContaining({ id: closing!.id, amount: 600 })]);
      expect((await w.ours(dispute.disputeId)).followUp?.charityPayoutId).toBe(closing!.id);

      expect((await refund(w, gift)).paymentStatus).toBe('refunded');
      expect((await w.repositories.charityPayouts.findById(closing!.id))!.amount).toBe(200);
      expect(await w.verified()).toEqual([]);
    });

    it('is refused, saying why, once the follow-up is being sent or was sent; an administrator may refund it at the platform’s cost', async () => {
      const { w, gift, won } = await wonAfterClosing();
      await claimManualFollowUp(won.id, adminActor(w.admin), claiming(w));
      expect(await refusal(refund(w, gift))).toEqual({
        code: 'gift.not_refundable',
        message: 'This gift can no longer be refunded: the family’s follow-up payout for it is already being sent.',
      });
      await completeManualFollowUp(won.id, { reference: 'Check 7' }, adminActor(w.admin), claiming(w));
      expect(await refusal(refund(w, gift))).toEqual({
        code: 'gift.not_refundable',
        message: 'This gift can no longer be refunded: the family’s follow-up payout for it was already sent.',
      });
      const atCost = await refundGiftAtPlatformCost(w.admin, gift.id, { reason: 'Stolen card, after the follow-up went' }, refunding(w));
      expect(atCost).toMatchObject({ paymentStatus: 'refunded', refundedAtPlatformCost: true });
      expect(await w.repositories.registries.findById(w.registry.id)).toMatchObject({
        payoutAmount: 1_800,
        charityPayoutAmount: 600,
        totalReceived: 6_000,
      });
      expect((await w.balances()).get(REFUNDS_AT_PLATFORM_COST)).toBe(4_000);
      expect(await w.verified()).toEqual([]);
    });
  });

  it('won after closing by bank: the family’s part is sent by a transfer of its own, once however often it is asked', async () => {
    const { w, kept, gift, dispute } = await aGiftDisputed();
    const closed = await w.closeToBank();
    expect(closed.registry).toMatchObject({ status: 'payout_sent', payoutAmount: kept.childAmount });
    await recordDispute(w.gateway.decideDispute(dispute.disputeId, 'won'), { ...w.disputing, gateway: w.gateway });
    const won = await w.ours(dispute.disputeId);
    expect(won.followUp).toMatchObject({
      method: 'bank',
      amount: gift.childAmount,
      status: 'completed',
      reference: expect.stringMatching(/^tr_/) as unknown,
    });
    expect(await sendFollowUpTransfer(won.id, { unitOfWork: w.repositories, gateway: w.gateway, clock: w.clock })).toEqual(won);
    expect(w.gateway.transfers.map((transfer) => transfer.amount)).toEqual([kept.childAmount, gift.childAmount]);
    expect((await w.balances()).get(familyPayableAccount(w.registry.id)) ?? 0).toBe(0);
    expect(await w.verified()).toEqual([]);
  });

  it('lost after closing: the held parts are never paid, and the platform loses what the giver paid beyond the gift', async () => {
    const { w, kept, gift, dispute } = await aGiftDisputed();
    await w.closeByCheck();
    await w.report(w.gateway.decideDispute(dispute.disputeId, 'lost'));
    expect((await w.ours(dispute.disputeId)).followUp).toBeNull();
    expect((await w.repositories.registries.findById(w.registry.id))!.payoutAmount).toBe(kept.childAmount);
    expect(await pendingCharity(w)).toBe(kept.charityAmount);
    const books = await w.balances();
    expect(books.get(DISPUTE_LOSSES)).toBe(totalCharged(gift) - gift.amount);
    expect(books.get(registryDisputedAccount(w.registry.id)) ?? 0).toBe(0);
    expect(await w.verified()).toEqual([]);
    const told = w.mailTo('rachel@example.com').filter((mail) => mail.subject.includes('returned to the giver'));
    expect(told[0]!.text).toContain('held back when the registry closed, so the rest of your payout is not affected');
  });

  it('tells the family, when the dispute opens, that closing is not held up and what waits for the bank', async () => {
    const w = await world();
    const gift = await w.give(40);
    await w.report(w.gateway.openDispute(gift.paymentIntentId!));
    const [mail] = w.mailTo('rachel@example.com').filter((each) => each.subject.includes('was disputed'));
    expect(mail!.text).toContain('you can close the registry whenever you are ready');
    expect(mail!.text).toContain(
      `Only this gift’s $${(gift.childAmount / 100).toFixed(2)} for your family waits for the bank, which usually decides within 75 days`,
    );
    expect(mail!.text).not.toContain('there is nothing you need to do');
  });
});

describe('what the administrators’ e-mails say of a payout whose amount can still change', () => {
  it('names the Manual Payouts page instead of the amount, so a refund after closing leaves no e-mail in the queue stating what is no longer true', async () => {
    const w = await world();
    const kept = await w.give(100);
    const refunded = await w.give(50);
    await w.closeByCheck();
    const before = (await w.repositories.registries.findById(w.registry.id))!.payoutAmount!;
    await refundGift(
      w.owner,
      refunded.id,
      { reason: 'Asked' },
      {
        unitOfWork: w.repositories,
        gifts: w.repositories.gifts,
        registries: w.repositories.registries,
        gateway: w.gateway,
        clock: w.clock,
        supportEmail: SUPPORT,
      },
    );
    const after = (await w.repositories.registries.findById(w.registry.id))!.payoutAmount!;
    expect(after).toBe(kept.childAmount);
    expect(after).toBeLessThan(before);
    const toAdmins = w.mailTo('ops@example.org');
    expect(toAdmins.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^Check to mail for /)]);
    for (const mail of toAdmins) {
      for (const amount of [before, after]) {
        expect(mail.subject + mail.text + mail.html).not.toContain(`$${(amount / 100).toFixed(2)}`);
      }
      expect(mail.text).toContain(`${APP_URL}/admin/manual-payouts`);
    }
  });
});
