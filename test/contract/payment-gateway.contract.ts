import { beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '@core/errors';
import {
  DisputeEvidenceRefused,
  TransferReversalRefused,
  type CreatedPaymentIntent,
  type PaymentGateway,
  type PaymentIntentRequest,
  type TransferRequest,
} from '@core/ports/payment-gateway';

/**
 * A gateway and the hands of the people who act at the provider, outside our server: the giver
 * whose card is charged or declined, the owner who finishes the provider's onboarding.
 */
export interface PaymentGatewayHarness {
  gateway: PaymentGateway;
  pay(intent: CreatedPaymentIntent): Promise<void>;
  decline(intent: CreatedPaymentIntent): Promise<void>;
  completeOnboarding(accountId: string): Promise<void>;
  /** The giver's bank disputes the paid payment's charge; answers the dispute's id. */
  dispute(intent: CreatedPaymentIntent): Promise<string>;
  /** Waits for the card issuer to decide on evidence sent (at once where it decides at once). */
  settleDisputes(): Promise<void>;
  /** The provider's clock: what it stamps its balance transactions with. */
  now(): Date;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

function aGift(overrides: Partial<PaymentIntentRequest> = {}): PaymentIntentRequest {
  return {
    giftId: crypto.randomUUID(),
    registryId: crypto.randomUUID(),
    charityId: crypto.randomUUID(),
    amount: 10_639,
    currency: 'USD',
    receiptEmail: 'miriam@example.com',
    idempotencyKey: unique('gift'),
    ...overrides,
  };
}

function aTransfer(destinationAccountId: string, overrides: Partial<TransferRequest> = {}): TransferRequest {
  return {
    destinationAccountId,
    amount: 32_400,
    currency: 'CAD',
    transferGroup: unique('registry'),
    idempotencyKey: unique('registry-payout'),
    ...overrides,
  };
}

const anAccount = (country: 'US' | 'CA' = 'US') => ({ country, email: 'rachel@example.com', idempotencyKey: unique('connect-account') });
/** Shaped like an id of either provider, and issued by neither. */
const NEVER_ISSUED = {
  intent: 'pi_3NeverIssued000000000000',
  account: 'acct_1NeverOpened000000',
  dispute: 'du_1NeverOpened0000000000',
  transfer: 'tr_1NeverMade00000000000',
};

/**
 * What every payment gateway promises its callers (core/ports/payment-gateway.ts), run against the
 * in-memory fake, the sandbox and Stripe (over MSW) alike.
 */
export function paymentGatewayContract(name: string, factory: () => Promise<PaymentGatewayHarness>): void {
  describe(`payment gateway: ${name}`, () => {
    let provider: PaymentGatewayHarness;
    let gateway: PaymentGateway;
    beforeEach(async () => {
      provider = await factory();
      gateway = provider.gateway;
    });

    describe('payments', () => {
      it.each(['USD', 'CAD'] as const)(
        'answers a new payment with a client secret, pending for the amount asked in %s',
        async (currency) => {
          const created = await gateway.createPaymentIntent(aGift({ amount: 5_459, currency }));
          expect(created.id).toEqual(expect.any(String));
          expect(created.clientSecret).toEqual(expect.any(String));
          expect(created.clientSecret).not.toBe('');
          expect(created.clientSecret).not.toBe(created.id);
          expect(await gateway.retrievePaymentIntent(created.id)).toEqual({ id: created.id, status: 'pending', amount: 5_459, currency });
        },
      );

      it('answers a repeat with the same idempotency key with the same payment, and another key with another', async () => {
        const request = aGift();
        const first = await gateway.createPaymentIntent(request);
        expect(await gateway.createPaymentIntent(request)).toEqual(first);
        const other = await gateway.createPaymentIntent({ ...request, idempotencyKey: unique('gift') });
        expect(other.id).not.toBe(first.id);
        expect(other.clientSecret).not.toBe(first.clientSecret);
      });

      it.each(['USD', 'CAD'] as const)(
        'answers the fee the provider took for a paid payment in %s, and none before it is paid',
        async (currency) => {
          const created = await gateway.createPaymentIntent(aGift({ amount: 10_639, currency }));
          expect(await gateway.paymentFee(created.id)).toBeNull();
          await provider.pay(created);
          // Stripe's published price: 2.9% of 106.39 is 3.09, and 0.30 on top.
          expect(await gateway.paymentFee(created.id)).toBe(339);
          const declined = await gateway.createPaymentIntent(aGift({ currency }));
          await provider.decline(declined);
          expect(await gateway.paymentFee(declined.id)).toBeNull();
          await expect(gateway.paymentFee(NEVER_ISSUED.intent)).rejects.toMatchObject({
            code: 'payment.failed',
            message: 'No such payment',
          });
        },
      );

      it('refuses a payment it never issued as "No such payment"', async () => {
        const error = await gateway.retrievePaymentIntent(NEVER_ISSUED.intent).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(DomainError);
        expect(error).toMatchObject({ code: 'payment.failed', message: 'No such payment' });
      });

      it('reports a paid payment as succeeded for the amount paid, and a declined one as failed', async () => {
        const paid = await gateway.createPaymentIntent(aGift({ amount: 18_000, currency: 'CAD' }));
        const declined = await gateway.createPaymentIntent(aGift());
        await provider.pay(paid);
        await provider.decline(declined);
        expect(await gateway.retrievePaymentIntent(paid.id)).toEqual({ id: paid.id, status: 'succeeded', amount: 18_000, currency: 'CAD' });
        expect(await gateway.retrievePaymentIntent(declined.id)).toMatchObject({ id: declined.id, status: 'failed' });
      });
    });

    describe('cancelling an abandoned payment', () => {
      it('cancels one nobody paid, which then reads as failed, and says canceled when asked again', async () => {
        const created = await gateway.createPaymentIntent(aGift());
        expect(await gateway.cancelPaymentIntent(created.id)).toBe('canceled');
        expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({ status: 'failed' });
        expect(await gateway.cancelPaymentIntent(created.id)).toBe('canceled');
      });

      it('cancels one whose card was declined', async () => {
        const created = await gateway.createPaymentIntent(aGift());
        await provider.decline(created);
        expect(await gateway.cancelPaymentIntent(created.id)).toBe('canceled');
        expect(await gateway.retrievePaymentIntent(created.id)).toMatchObject({ status: 'failed' });
      });

      it('answers succeeded for one that was paid after all, and the payment stands', async () => {
        const created = await gateway.createPaymentIntent(aGift({ amount: 7_200 }));
        await provider.pay(created);
        expect(await gateway.cancelPaymentIntent(created.id)).toBe('succeeded');
        expect(await gateway.retrievePaymentIntent(created.id)).toEqual({
          id: created.id,
          status: 'succeeded',
          amount: 7_200,
          currency: 'USD',
        });
      });
    });

    describe('refunds', () => {
      it('refunds a paid payment, and counts a repeat, with the same key or a new one, as done', async () => {
        const created = await gateway.createPaymentIntent(aGift());
        await provider.pay(created);
        await expect(gateway.refund(created.id, `refund-${created.id}`)).resolves.toBeUndefined();
        await expect(gateway.refund(created.id, `refund-${created.id}`)).resolves.toBeUndefined();
        await expect(gateway.refund(created.id, `refund-${created.id}-again`)).resolves.toBeUndefined();
      });
    });

    describe('connected accounts', () => {
      it.each(['US', 'CA'] as const)(
        'opens a %s account that cannot take payouts until the owner has given what is due',
        async (country) => {
          const accountId = await gateway.createConnectedAccount(anAccount(country));
          const status = await gateway.connectedAccountStatus(accountId);
          expect(status).toEqual({ accountId, payoutsEnabled: false, requirementsDue: expect.any(Array) as unknown, country });
          expect(status.requirementsDue.length).toBeGreaterThan(0);
        },
      );

      it('opens one account for one key, also for two clicks at once, and another for another key', async () => {
        const request = anAccount();
        const [first, racing] = await Promise.all([gateway.createConnectedAccount(request), gateway.createConnectedAccount(request)]);
        expect(racing).toBe(first);
        expect(await gateway.createConnectedAccount(request)).toBe(first);
        expect(await gateway.createConnectedAccount({ ...request, idempotencyKey: unique('connect-account') })).not.toBe(first);
      });

      it('gives a fresh onboarding link each time', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount());
        const urls = {
          accountId,
          returnUrl: 'https://gifts.example/registry/r1?connect=return',
          refreshUrl: 'https://gifts.example/registry/r1?connect=refresh',
        };
        const first = await gateway.createOnboardingLink(urls);
        const second = await gateway.createOnboardingLink(urls);
        expect(new URL(first).protocol).toBe('https:');
        expect(second).not.toBe(first);
      });

      it('reports an onboarded account as able to take payouts, with nothing due', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount('CA'));
        await provider.completeOnboarding(accountId);
        expect(await gateway.connectedAccountStatus(accountId)).toEqual({
          accountId,
          payoutsEnabled: true,
          requirementsDue: [],
          country: 'CA',
        });
      });

      it('refuses to report on an account it never opened', async () => {
        await expect(gateway.connectedAccountStatus(NEVER_ISSUED.account)).rejects.toThrow();
      });

      it('gives the owner of an onboarded account a fresh https link each time to change its bank account', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount());
        await provider.completeOnboarding(accountId);
        const urls = {
          accountId,
          returnUrl: 'https://gifts.example/registry/r1?connect=return',
          refreshUrl: 'https://gifts.example/registry/r1?connect=refresh',
        };
        const first = await gateway.createAccountUpdateLink(urls);
        const second = await gateway.createAccountUpdateLink(urls);
        expect(new URL(first).protocol).toBe('https:');
        expect(second).not.toBe(first);
        // Asking for it changes nothing at the provider: the account still takes payouts.
        expect(await gateway.connectedAccountStatus(accountId)).toMatchObject({ payoutsEnabled: true, requirementsDue: [] });
      });

      it('refuses an account-update link for an account it never opened', async () => {
        const urls = { returnUrl: 'https://gifts.example/back', refreshUrl: 'https://gifts.example/again' };
        await expect(gateway.createAccountUpdateLink({ accountId: NEVER_ISSUED.account, ...urls })).rejects.toThrow();
      });
    });

    describe('balance transactions', () => {
      const around = (now: Date) => ({ from: new Date(now.getTime() - 60_000), to: new Date(now.getTime() + 60_000) });

      it('lists a paid payment as a charge with the fee taken, its refund, and a transfer, each naming the id our ledger names', async () => {
        const created = await gateway.createPaymentIntent(aGift({ amount: 10_639, currency: 'USD' }));
        await provider.pay(created);
        await gateway.refund(created.id, `refund-${created.id}`);
        await gateway.refund(created.id, `refund-${created.id}-again`);
        const accountId = await gateway.createConnectedAccount(anAccount('CA'));
        await provider.completeOnboarding(accountId);
        const made = await gateway.transfer(aTransfer(accountId, { amount: 32_400, currency: 'CAD' }));
        const transferId = made.success ? made.transferId : 'no transfer';

        const listed = await gateway.listBalanceTransactions(around(provider.now()));
        const mine = listed.filter((transaction) => transaction.reference === created.id || transaction.reference === transferId);
        const shape = { id: expect.any(String) as unknown, type: expect.any(String) as unknown, created: expect.any(Date) as unknown };
        expect(mine).toHaveLength(3);
        expect(mine).toEqual(
          expect.arrayContaining([
            { ...shape, kind: 'charge', reference: created.id, currency: 'USD', amount: 10_639, fee: 339 },
            // Given back once, however many keys asked; the provider keeps its fee.
            { ...shape, kind: 'refund', reference: created.id, currency: 'USD', amount: -10_639, fee: 0 },
            { ...shape, kind: 'transfer', reference: transferId, currency: 'CAD', amount: -32_400, fee: 0 },
          ]),
        );
        expect(new Set(mine.map((transaction) => transaction.id)).size).toBe(3);
      });

      it('lists no payment that was not paid, and nothing created outside the range', async () => {
        const declined = await gateway.createPaymentIntent(aGift());
        await provider.decline(declined);
        const pending = await gateway.createPaymentIntent(aGift());
        const paid = await gateway.createPaymentIntent(aGift());
        await provider.pay(paid);
        const listed = await gateway.listBalanceTransactions(around(provider.now()));
        expect(listed.map((transaction) => transaction.reference)).toContain(paid.id);
        expect(listed.map((transaction) => transaction.reference)).not.toContain(declined.id);
        expect(listed.map((transaction) => transaction.reference)).not.toContain(pending.id);
        const dayBefore = new Date(provider.now().getTime() - 24 * 60 * 60 * 1000);
        expect(await gateway.listBalanceTransactions({ from: new Date(dayBefore.getTime() - 60_000), to: dayBefore })).toEqual([]);
      });

      it('lists every one of many, oldest first', async () => {
        const paid: string[] = [];
        for (let count = 0; count < 5; count += 1) {
          const created = await gateway.createPaymentIntent(aGift({ amount: 1_000 + count }));
          await provider.pay(created);
          paid.push(created.id);
        }
        const listed = await gateway.listBalanceTransactions(around(provider.now()));
        expect(
          listed
            .filter((transaction) => paid.includes(transaction.reference ?? ''))
            .map((transaction) => transaction.amount)
            .sort(),
        ).toEqual([1_000, 1_001, 1_002, 1_003, 1_004]);
        const times = listed.map((transaction) => transaction.created.getTime());
        expect(times).toEqual([...times].sort((a, b) => a - b));
      });
    });

    describe('transfers', () => {
      it('answers a transfer to an account not onboarded yet as a refusal, not a throw, and makes none', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount());
        const request = aTransfer(accountId);
        const result = await gateway.transfer(request);
        expect(result).toEqual({ success: false, reason: expect.any(String) as unknown, message: expect.any(String) as unknown });
        expect(result.success === false && result.reason !== '' && result.message !== '').toBe(true);
        expect(await gateway.findTransfer(request.transferGroup)).toBeNull();
      });

      it('transfers to an onboarded account, answers a repeat of the key with the same transfer, and finds it by its group', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount('CA'));
        await provider.completeOnboarding(accountId);
        const request = aTransfer(accountId);
        expect(await gateway.findTransfer(request.transferGroup)).toBeNull();

        const made = await gateway.transfer(request);
        expect(made).toEqual({ success: true, transferId: expect.any(String) as unknown });
        expect(await gateway.transfer(request)).toEqual(made);
        expect(await gateway.findTransfer(request.transferGroup)).toBe(made.success ? made.transferId : null);
        expect(await gateway.findTransfer(unique('registry'))).toBeNull();
      });

      it('sends a transfer refused before onboarding when it is tried again, on a new key, after it', async () => {
        const accountId = await gateway.createConnectedAccount(anAccount());
        const refused = aTransfer(accountId);
        expect(await gateway.transfer(refused)).toMatchObject({ success: false });
        await provider.completeOnboarding(accountId);
        const made = await gateway.transfer({ ...refused, idempotencyKey: unique('registry-payout') });
        expect(made).toEqual({ success: true, transferId: expect.any(String) as unknown });
        expect(await gateway.findTransfer(refused.transferGroup)).toBe(made.success ? made.transferId : null);
      });
    });

    describe('disputes', () => {
      async function disputedPayment(amount = 10_639) {
        const created = await gateway.createPaymentIntent(aGift({ amount }));
        await provider.pay(created);
        return { created, disputeId: await provider.dispute(created) };
      }

      it('reports a dispute of a paid payment: the amount, the charge and its dispute fee taken, a reason and an evidence due date', async () => {
        const { created, disputeId } = await disputedPayment();
        const report = await gateway.retrieveDispute(disputeId);
        expect(report).toEqual({
          disputeId,
          paymentIntentId: created.id,
          amount: 10_639,
          currency: 'USD',
          reason: expect.any(String) as unknown,
          status: 'needs_response',
          evidenceDueBy: expect.any(Date) as unknown,
          withdrawn: { amount: 10_639, fee: 1_500 },
          reinstated: null,
        });
      });

      it('takes text evidence: winning_evidence wins and gives the amount back, losing_evidence loses it', async () => {
        const won = await disputedPayment();
        const lost = await disputedPayment(5_459);
        const answered = await gateway.submitDisputeEvidence(won.disputeId, 'The giver thanked the family in writing. winning_evidence');
        expect(['under_review', 'won']).toContain(answered.status);
        expect((await gateway.submitDisputeEvidence(lost.disputeId, 'losing_evidence')).disputeId).toBe(lost.disputeId);
        await provider.settleDisputes();
        expect(await gateway.retrieveDispute(won.disputeId)).toMatchObject({
          status: 'won',
          withdrawn: { amount: 10_639, fee: 1_500 },
          reinstated: { amount: expect.any(Number) as unknown },
        });
        expect((await gateway.retrieveDispute(won.disputeId)).reinstated!.amount).toBeGreaterThanOrEqual(10_639);
        expect(await gateway.retrieveDispute(lost.disputeId)).toMatchObject({ status: 'lost', reinstated: null });
      });

      it('refuses evidence for a dispute that no longer waits for it, and knows no dispute it never opened', async () => {
        const { disputeId } = await disputedPayment();
        await gateway.submitDisputeEvidence(disputeId, 'The card was the giver’s own.');
        await expect(gateway.submitDisputeEvidence(disputeId, 'More.')).rejects.toBeInstanceOf(DisputeEvidenceRefused);
        await expect(gateway.retrieveDispute(NEVER_ISSUED.dispute)).rejects.toMatchObject({ code: 'dispute.not_found' });
      });
    });

    describe('transfer reversals', () => {
      async function aTransferMade(amount = 32_400) {
        const accountId = await gateway.createConnectedAccount(anAccount('CA'));
        await provider.completeOnboarding(accountId);
        const made = await gateway.transfer(aTransfer(accountId, { amount }));
        if (!made.success) throw new Error('the transfer was refused');
        return made.transferId;
      }

      it('takes part of a transfer back once per key, and refuses more than is left', async () => {
        const transferId = await aTransferMade();
        const request = { transferId, amount: 9_000, idempotencyKey: unique('dispute-reversal') };
        const reversalId = await gateway.reverseTransfer(request);
        expect(reversalId).toEqual(expect.any(String));
        expect(await gateway.reverseTransfer(request)).toBe(reversalId);
        await expect(
          gateway.reverseTransfer({ transferId, amount: 32_400, idempotencyKey: unique('dispute-reversal') }),
        ).rejects.toBeInstanceOf(TransferReversalRefused);
      });

      it('refuses to reverse a transfer it never made', async () => {
        await expect(
          gateway.reverseTransfer({ transferId: NEVER_ISSUED.transfer, amount: 100, idempotencyKey: unique('dispute-reversal') }),
        ).rejects.toBeInstanceOf(TransferReversalRefused);
      });
    });
  });
}
