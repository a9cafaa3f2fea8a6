import { DomainError } from '@core/errors';
import type {
  BalanceTransaction,
  ConnectedAccountRequest,
  ConnectedAccountStatus,
  CreatedPaymentIntent,
  OnboardingLinkRequest,
  PaymentGateway,
  PaymentIntentRequest,
  PaymentIntentState,
  TimeRange,
  TransferRequest,
  TransferResult,
  TransferReversalRequest,
} from '@core/ports/payment-gateway';
import { DisputeEvidenceRefused, RefundRefused, TransferReversalRefused } from '@core/ports/payment-gateway';
import { awaitsEvidence, type DisputeReport } from '@core/model/dispute';
// The fake's card issuer decides as the sandbox's does (Stripe's test-mode rules): one rule for both.
import { SANDBOX_DISPUTE_FEE as DISPUTE_FEE, sandboxDisputeDecision as disputeDecidedBy } from '../payments/sandbox/sandbox-dispute-rules';
import { processorCut, STRIPE_PUBLISHED_RATES } from '@core/fees';

/** A payment provider for tests: it remembers what it was asked, and can be told to be down. */
export class InMemoryPaymentGateway implements PaymentGateway {
  intents = new Map<string, PaymentIntentRequest & { status: PaymentIntentState['status']; createdAt: Date }>();
  refunds: { paymentIntentId: string; idempotencyKey: string }[] = [];
  /** When each payment was first given back, for the balance's record. */
  refundedAt = new Map<string, Date>();
  accounts = new Map<string, ConnectedAccountRequest & { status: ConnectedAccountStatus }>();
  links: OnboardingLinkRequest[] = [];
  /** The account-update links asked for, in order. */
  updateLinks: OnboardingLinkRequest[] = [];
  /** Every transfer asked for, repeats included; `transfersMade` holds one per idempotency key. */
  transfers: TransferRequest[] = [];
  transfersMade = new Map<string, { request: TransferRequest; transferId: string; createdAt: Date }>();
  /**
   * Movements of the balance besides the charges, refunds and transfers made here (which the
   * balance lists by itself): a test adds one to stand for money moved at the provider alone.
   */
  otherBalanceTransactions: BalanceTransaction[] = [];
  /** The provider's clock, stamping each charge, refund and transfer. A paid intent counts as charged when it was created. */
  now: () => Date = () => new Date();
  /**
   * What the next transfers answer: a refusal; 'unknown' to throw before anything is made; 'lost'
   * to make the transfer and then throw, as an answer lost on the way back would.
   */
  transferOutcome: 'success' | 'unknown' | 'lost' | { reason: string; message: string } = 'success';
  down = false;
  /**
   * What the next refunds answer: 'refused' for good (RefundRefused); 'unknown' to throw before
   * refunding; 'lost' to refund and then throw, as an answer lost on the way back would.
   */
  refundOutcome: 'refunded' | 'refused' | 'unknown' | 'lost' = 'refunded';
  /**
   * The fee the provider says it took for a paid intent: Stripe's published price by default, or
   * what a test sets here (null: the provider does not say).
   */
  fees = new Map<string, number | null>();
  /** Disputes opened at the provider (openDispute), by id, as it would report them now. */
  disputes = new Map<string, DisputeReport>();
  /** The evidence sent for each dispute. */
  evidence = new Map<string, string>();
  /** Reversals made, one per idempotency key; what the next ones answer. */
  reversals = new Map<string, { request: TransferReversalRequest; reversalId: string }>();
  reversalOutcome: 'reversed' | 'refused' | 'unknown' = 'reversed';
  /** Intents cancelled as abandoned; they can no longer be paid. */
  canceled = new Set<string>();
  private counter = 0;

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    if (this.down) throw new Error('provider unavailable');
    const existing = [...this.intents.entries()].find(([, intent]) => intent.idempotencyKey === request.idempotencyKey);
    const id = existing?.[0] ?? `pi_test_${crypto.randomUUID().replaceAll('-', '')}`;
    if (!existing) this.intents.set(id, { ...request, status: 'pending', createdAt: this.now() });
    return { id, clientSecret: `${id}_secret_test` };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const intent = this.intents.get(id);
    // As Stripe and the sandbox answer it, so a caller's handling of it is tested here too.
    if (!intent) throw new DomainError('payment.failed', 'No such payment');
    return { id, status: intent.status, amount: intent.amount, currency: intent.currency };
  }

  async paymentFee(id: string): Promise<number | null> {
    if (this.down) throw new Error('provider unavailable');
    const intent = this.intents.get(id);
    if (!intent) throw new DomainError('payment.failed', 'No such payment');
    if (this.fees.has(id)) return this.fees.get(id)!;
    return intent.status === 'succeeded' ? processorCut(intent.amount, STRIPE_PUBLISHED_RATES[intent.currency]) : null;
  }

  async cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded'> {
    if (this.down) throw new Error('provider unavailable');
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no such payment intent: ${id}`);
    if (intent.status === 'succeeded') return 'succeeded';
    intent.status = 'failed';
    this.canceled.add(id);
    return 'canceled';
  }

  async refund(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    if (this.down || this.refundOutcome === 'unknown') throw new Error('provider unavailable');
    if (this.refundOutcome === 'refused') throw new RefundRefused('This charge cannot be refunded');
    // As Stripe's: a charge its giver's bank disputes is not refunded, unless the dispute was won.
    if ([...this.disputes.values()].some((each) => each.paymentIntentId === paymentIntentId && each.status !== 'won'))
      throw new RefundRefused('This charge is disputed');
    if (!this.refunds.some((refund) => refund.idempotencyKey === idempotencyKey)) this.refunds.push({ paymentIntentId, idempotencyKey });
    if (!this.refundedAt.has(paymentIntentId)) this.refundedAt.set(paymentIntentId, this.now());
    if (this.refundOutcome === 'lost') throw new Error('the answer was lost on the way back');
  }

  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    if (this.down) throw new Error('provider unavailable');
    const existing = [...this.accounts.entries()].find(([, account]) => account.idempotencyKey === request.idempotencyKey);
    if (existing) return existing[0];
    const id = `acct_test_${(this.counter += 1)}`;
    this.accounts.set(id, {
      ...request,
      status: { accountId: id, payoutsEnabled: false, requirementsDue: ['external_account'], country: request.country },
    });
    return id;
  }

  /** What the owner does on the provider's onboarding page. */
  verify(accountId: string): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no such account: ${accountId}`);
    account.status = { ...account.status, payoutsEnabled: true, requirementsDue: [] };
  }

  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    if (this.down) throw new Error('provider unavailable');
    this.links.push(request);
    return `https://connect.example.test/onboarding/${request.accountId}/${this.links.length}`;
  }

  async createAccountUpdateLink(request: OnboardingLinkRequest): Promise<string> {
    if (this.down) throw new Error('provider unavailable');
    if (!this.accounts.has(request.accountId)) throw new Error(`no such account ${request.accountId}`);
    this.updateLinks.push(request);
    return `https://connect.example.test/update/${request.accountId}/${this.updateLinks.length}`;
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    if (this.down) throw new Error('provider unavailable');
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no such account: ${accountId}`);
    return account.status;
  }

  async findTransfer(transferGroup: string): Promise<string | null> {
    if (this.down) throw new Error('provider unavailable');
    return [...this.transfersMade.values()].find((made) => made.request.transferGroup === transferGroup)?.transferId ?? null;
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    this.transfers.push(request);
    if (this.down || this.transferOutcome === 'unknown') throw new Error('provider unavailable');
    const made = this.transfersMade.get(request.idempotencyKey);
    if (made) return { success: true, transferId: made.transferId };
    if (typeof this.transferOutcome === 'object') return { success: false, ...this.transferOutcome };
    // Money goes only to an account the owner finished onboarding; the providers refuse the rest.
    if (!this.accounts.get(request.destinationAccountId)?.status.payoutsEnabled) {
      return { success: false, reason: 'account_not_ready', message: 'The bank account is not verified yet.' };
    }
    const transferId = `tr_test_${(this.counter += 1)}`;
    this.transfersMade.set(request.idempotencyKey, { request, transferId, createdAt: this.now() });
    if (this.transferOutcome === 'lost') throw new Error('connection reset after the transfer was made');
    return { success: true, transferId };
  }

  /** The giver's bank disputes a paid intent: the provider takes the charge and its dispute fee. */
  openDispute(paymentIntentId: string, overrides: Partial<DisputeReport> = {}): DisputeReport {
    const intent = this.intents.get(paymentIntentId);
    if (!intent) throw new Error(`no such payment intent: ${paymentIntentId}`);
    const report: DisputeReport = {
      disputeId: `dp_test_${(this.counter += 1)}`,
      paymentIntentId,
      amount: intent.amount,
      currency: intent.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceDueBy: new Date(Date.UTC(2030, 0, 8)),
      withdrawn: { amount: intent.amount, fee: DISPUTE_FEE[intent.currency] },
      reinstated: null,
      ...overrides,
    };
    this.disputes.set(report.disputeId, report);
    // As Stripe's: the amount and the fee leave the balance as an adjustment naming the payment.
    if (report.withdrawn)
      this.otherBalanceTransactions.push(
        disputeAdjustment(`txn_dw_${report.disputeId}`, report, -report.withdrawn.amount, report.withdrawn.fee, this.now()),
      );
    return report;
  }

  /** The card issuer decides: won gives the amount back (the fee stays with the provider), lost keeps it. */
  decideDispute(disputeId: string, outcome: 'won' | 'lost'): DisputeReport {
    const report = this.disputes.get(disputeId);
    if (!report) throw new Error(`no such dispute: ${disputeId}`);
    const decided: DisputeReport = {
      ...report,
      status: outcome,
      reinstated: outcome === 'won' && report.withdrawn ? { amount: report.withdrawn.amount } : null,
    };
    this.disputes.set(disputeId, decided);
    if (decided.reinstated && !report.reinstated)
      this.otherBalanceTransactions.push(disputeAdjustment(`txn_dr_${disputeId}`, decided, decided.reinstated.amount, 0, this.now()));
    return decided;
  }

  async retrieveDispute(disputeId: string): Promise<DisputeReport> {
    if (this.down) throw new Error('provider unavailable');
    const report = this.disputes.get(disputeId);
    if (!report) throw new DomainError('dispute.not_found', 'No such dispute');
    return report;
  }

  /** As in Stripe's test mode, the words winning_evidence or losing_evidence decide the dispute at once. */
  async submitDisputeEvidence(disputeId: string, text: string): Promise<DisputeReport> {
    if (this.down) throw new Error('provider unavailable');
    const report = await this.retrieveDispute(disputeId);
    if (!awaitsEvidence(report.status)) throw new DisputeEvidenceRefused('This dispute takes no evidence');
    this.evidence.set(disputeId, text);
    const under: DisputeReport = {
      ...report,
      status: report.status === 'warning_needs_response' ? 'warning_under_review' : 'under_review',
    };
    this.disputes.set(disputeId, under);
    const decided = disputeDecidedBy(text);
    return decided ? this.decideDispute(disputeId, decided) : under;
  }

  async reverseTransfer(request: TransferReversalRequest): Promise<string> {
    if (this.down || this.reversalOutcome === 'unknown') throw new Error('provider unavailable');
    const made = this.reversals.get(request.idempotencyKey);
    if (made) return made.reversalId;
    if (this.reversalOutcome === 'refused') throw new TransferReversalRefused('Insufficient funds in the connected account');
    const transfer = [...this.transfersMade.values()].find((each) => each.transferId === request.transferId);
    if (!transfer) throw new TransferReversalRefused(`No such transfer: ${request.transferId}`);
    const reversed = [...this.reversals.values()]
      .filter((each) => each.request.transferId === request.transferId)
      .reduce((sum, each) => sum + each.request.amount, 0);
    if (reversed + request.amount > transfer.request.amount)
      throw new TransferReversalRefused('The reversal is more than what is left of the transfer');
    const reversalId = `trr_test_${(this.counter += 1)}`;
    this.reversals.set(request.idempotencyKey, { request, reversalId });
    this.otherBalanceTransactions.push({
      id: `txn_${reversalId}`,
      kind: 'other',
      type: 'transfer_refund',
      reference: reversalId,
      currency: transfer.request.currency,
      amount: request.amount,
      fee: 0,
      created: this.now(),
    });
    return reversalId;
  }

  /** The balance as these calls moved it: each paid intent's charge (at its fee), its refund (once, however many keys asked), each transfer. */
  async listBalanceTransactions(range: TimeRange): Promise<BalanceTransaction[]> {
    if (this.down) throw new Error('provider unavailable');
    const charges = [...this.intents.entries()]
      .filter(([, intent]) => intent.status === 'succeeded')
      .map(
        ([id, intent]): BalanceTransaction => ({
          id: `txn_ch_${id}`,
          kind: 'charge',
          type: 'charge',
          reference: id,
          currency: intent.currency,
          amount: intent.amount,
          fee: this.fees.get(id) ?? processorCut(intent.amount, STRIPE_PUBLISHED_RATES[intent.currency]),
          created: intent.createdAt,
        }),
      );
    const refunded = [...this.refundedAt].flatMap(([paymentIntentId, created]): BalanceTransaction[] => {
      const intent = this.intents.get(paymentIntentId);
      return intent
        ? [
            {
              id: `txn_re_${paymentIntentId}`,
              kind: 'refund',
              type: 'refund',
              reference: paymentIntentId,
              currency: intent.currency,
              amount: -intent.amount,
              fee: 0,
              created,
            },
          ]
        : [];
    });
    const transfers = [...this.transfersMade.values()].map(
      ({ request, transferId, createdAt }): BalanceTransaction => ({
        id: `txn_${transferId}`,
        kind: 'transfer',
        type: 'transfer',
        reference: transferId,
        currency: request.currency,
        amount: -request.amount,
        fee: 0,
        created: createdAt,
      }),
    );
    return [...charges, ...refunded, ...transfers, ...this.otherBalanceTransactions]
      .filter((transaction) => transaction.created >= range.from && transaction.created < range.to)
      .sort((a, b) => a.created.getTime() - b.created.getTime())
      .map((transaction) => ({ ...transaction }));
  }
}

function disputeAdjustment(id: string, report: DisputeReport, amount: number, fee: number, created: Date): BalanceTransaction {
  return { id, kind: 'other', type: 'adjustment', reference: report.paymentIntentId, currency: report.currency, amount, fee, created };
}
