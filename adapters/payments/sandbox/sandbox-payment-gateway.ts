import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { DomainError } from '@core/errors';
import { isCurrency, type Cents, type Currency } from '@core/money';
import { pageUrl, paths } from '@core/page-paths';
import { processorCut, STRIPE_PUBLISHED_RATES } from '@core/fees';
import type { Clock } from '@core/ports/clock';
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
import { TransferReversalRefused } from '@core/ports/payment-gateway';
import type { DisputeReport } from '@core/model/dispute';
import { SandboxDisputes } from './sandbox-disputes';
import type { SandboxAccountStore, SandboxOnboardingOutcome } from '@core/ports/sandbox-account-store';
import type { SandboxBalance } from '@core/ports/sandbox-balance';
import type {
  SandboxCardOutcome,
  SandboxIntent,
  SandboxOnboardingCompletion,
  SandboxOnboardingLink,
  SandboxOnboardingToken,
  SandboxPayments,
  SandboxTestMode,
} from '@core/ports/sandbox-payments';
import { SANDBOX_EVIDENCE } from './sandbox-dispute-rules';
import { SANDBOX_CARDS, sandboxCardOutcome } from './sandbox-test-cards';

const INTENT_ID = /^sbx_pi_(USD|CAD)_(\d{1,10})_([A-Za-z0-9_-]{16,})$/;

/** How long a sandbox onboarding link works, as long as nothing newer replaced it. */
const SANDBOX_ONBOARDING_LINK_LIFETIME_MS = 60 * 60 * 1000;

/** The requirements Stripe typically lists for an Express account nobody has onboarded yet. */
const SANDBOX_UNVERIFIED_REQUIREMENTS = ['external_account', 'individual.verification.document'];

const MAX_TOKEN_LENGTH = 4096;
const TOKEN_SIGNING_PREFIX = 'sandbox-onboarding:';

/**
 * The payment provider of the embedded default: no money moves. An intent's id carries its amount
 * and currency, and its client secret is the id signed with the server's secret, so a confirmation
 * can be trusted without keeping any state (it survives restarts and works across processes).
 *
 * Connected accounts are kept in the database (their verification must outlive a restart), and
 * are verified on the sandbox's own onboarding page, which a signed, single-use link opens.
 */
export class SandboxPaymentGateway implements PaymentGateway, SandboxPayments {
  private readonly settled = new Map<string, PaymentIntentState['status'] | 'canceled'>();
  /** The first transfer made for each transfer group, in this process (see findTransfer). */
  private readonly transfersMade = new Map<string, string>();
  private readonly secret: string;
  private readonly accounts: SandboxAccountStore;
  private readonly balance: SandboxBalance;
  private readonly appUrl: string;
  private readonly clock: Clock;
  /** The amount of each transfer made in this process, and what was reversed of it. */
  private readonly transferAmounts = new Map<string, { amount: Cents; reversed: Cents; currency: Currency }>();
  private readonly reversalsMade = new Map<string, string>();
  readonly disputes: SandboxDisputes;
  private readonly transferDelayMs: number;
  readonly testMode: SandboxTestMode = { cards: SANDBOX_CARDS, evidence: SANDBOX_EVIDENCE };

  /** The dispute card's dispute opens disputeAfterMs after its payment (3 s by default), and evidence is decided decideAfterMs after it is sent (2 s). */
  constructor(options: {
    secret: string;
    accounts: SandboxAccountStore;
    balance: SandboxBalance;
    appUrl: string;
    clock?: Clock;
    disputeAfterMs?: number;
    decideAfterMs?: number;
    /** How long each transfer takes to answer (none unless given): a slow provider, to rehearse a race or a crash while one is under way. */
    transferDelayMs?: number;
  }) {
    this.transferDelayMs = options.transferDelayMs ?? 0;
    this.secret = options.secret;
    this.accounts = options.accounts;
    this.balance = options.balance;
    this.appUrl = options.appUrl.replace(/\/+$/, '');
    this.clock = options.clock ?? { now: () => new Date() };
    this.disputes = new SandboxDisputes({
      clock: this.clock,
      openAfterMs: options.disputeAfterMs ?? 3000,
      decideAfterMs: options.decideAfterMs ?? 2000,
      balance: this.balance,
    });
  }

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    // The same gift always gets the same intent, as Stripe's idempotency key gives.
    const nonce = this.sign(`intent:${request.idempotencyKey}`).slice(0, 24);
    const id = `sbx_pi_${request.currency}_${request.amount}_${nonce}`;
    return { id, clientSecret: `${id}_secret_${this.sign(id)}` };
  }

  cardOutcome(cardNumber: string): SandboxCardOutcome | null {
    return sandboxCardOutcome(cardNumber);
  }

  intentOf(clientSecret: string): SandboxIntent | null {
    const split = clientSecret.lastIndexOf('_secret_');
    if (split < 0) return null;
    const id = clientSecret.slice(0, split);
    const given = Buffer.from(clientSecret.slice(split + '_secret_'.length));
    const expected = Buffer.from(this.sign(id));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const match = INTENT_ID.exec(id);
    if (!match || !isCurrency(match[1])) return null;
    return { id, currency: match[1], amount: Number(match[2]) };
  }

  /**
   * The outcome is remembered for this process only, as Stripe would remember it for every
   * process; a charge goes into the balance's record (at Stripe's published price), which every
   * process and restart sees.
   */
  async markSettled(intentId: string, status: 'succeeded' | 'failed'): Promise<void> {
    this.settled.set(intentId, status);
    const match = INTENT_ID.exec(intentId);
    if (status !== 'succeeded' || !match || !isCurrency(match[1])) return;
    const amount = Number(match[2]);
    await this.balance.record({
      id: `txn_sbx_ch_${this.digest(`charge:${intentId}`)}`,
      kind: 'charge',
      type: 'charge',
      reference: intentId,
      currency: match[1],
      amount,
      fee: processorCut(amount, STRIPE_PUBLISHED_RATES[match[1]]),
      created: this.clock.now(),
    });
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const match = INTENT_ID.exec(id);
    if (!match || !isCurrency(match[1])) throw new DomainError('payment.failed', 'No such payment');
    const settled = this.settled.get(id) ?? 'pending';
    return { id, status: settled === 'canceled' ? 'failed' : settled, amount: Number(match[2]), currency: match[1] };
  }

  /** What Stripe would take for the charge at its published price, once the payment succeeded. */
  async paymentFee(paymentIntentId: string): Promise<Cents | null> {
    const intent = await this.retrievePaymentIntent(paymentIntentId);
    return intent.status === 'succeeded' ? processorCut(intent.amount, STRIPE_PUBLISHED_RATES[intent.currency]) : null;
  }

  /**
   * Remembered for this process only; the confirmation also refuses a gift that has expired, which
   * the database remembers for every process.
   */
  async cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded'> {
    if (this.settled.get(id) === 'succeeded') return 'succeeded';
    this.settled.set(id, 'canceled');
    return 'canceled';
  }

  /** No money moves; the balance's record shows the payment given back, once however often it is asked. */
  async refund(paymentIntentId: string): Promise<void> {
    const match = INTENT_ID.exec(paymentIntentId);
    // A payment the sandbox never issued moved nothing, so there is nothing to give back (as before it kept a record).
    if (!match || !isCurrency(match[1])) return;
    await this.balance.record({
      id: `txn_sbx_re_${this.digest(`refund:${paymentIntentId}`)}`,
      kind: 'refund',
      type: 'refund',
      reference: paymentIntentId,
      currency: match[1],
      amount: -Number(match[2]),
      fee: 0,
      created: this.clock.now(),
    });
  }

  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    // The same key always names the same account, as Stripe's idempotency key gives: a repeat
    // answers the account the first call opened.
    const id = `acct_sbx_${this.digest(`account:${request.idempotencyKey}`)}`;
    const account = await this.accounts.create({ id, country: request.country, email: request.email });
    return account.id;
  }

  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    const account = await this.accounts.find(request.accountId);
    if (!account) throw new Error(`No such sandbox account: ${request.accountId}`);
    // Each link gets its own nonce and becomes the account's only working one, as with Stripe.
    const nonce = randomBytes(16).toString('base64url');
    await this.accounts.setLinkNonce(account.id, nonce);
    const token = this.signToken({
      accountId: account.id,
      nonce,
      returnUrl: request.returnUrl,
      refreshUrl: request.refreshUrl,
      exp: Math.floor((this.clock.now().getTime() + SANDBOX_ONBOARDING_LINK_LIFETIME_MS) / 1000),
    });
    return pageUrl(this.appUrl, paths.sandboxOnboarding(token));
  }

  /**
   * The sandbox's onboarding page serves to change the bank account too: a fresh single-use link
   * to it, whose outcome replaces the account's (a bank that accepts transfers, say, after one
   * that refused them).
   */
  async createAccountUpdateLink(request: OnboardingLinkRequest): Promise<string> {
    return this.createOnboardingLink(request);
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    const account = await this.accounts.find(accountId);
    if (!account) throw new Error(`No such sandbox account: ${accountId}`);
    return {
      accountId: account.id,
      payoutsEnabled: account.verified,
      requirementsDue: account.verified ? [] : [...SANDBOX_UNVERIFIED_REQUIREMENTS],
      country: account.country,
    };
  }

  /**
   * The transfer made for the group, as the port promises: closing asks before every try, so that
   * a transfer whose answer was lost on our side is found rather than made again. Remembered for
   * this process only, like the intents' outcomes; no money moves in the sandbox, so what a
   * restart forgets costs nothing.
   */
  async findTransfer(transferGroup: string): Promise<string | null> {
    return this.transfersMade.get(transferGroup) ?? null;
  }

  /**
   * Nothing moves: the sandbox only answers as Stripe would. A refusal for an account that cannot
   * take the money, otherwise a transfer id that the same idempotency key always gets again.
   */
  async transfer(request: TransferRequest): Promise<TransferResult> {
    if (this.transferDelayMs > 0) await delay(this.transferDelayMs);
    const account = await this.accounts.find(request.destinationAccountId);
    if (!account?.verified) return { success: false, reason: 'account_not_ready', message: 'The bank account is not verified yet.' };
    if (account.rejectsTransfers)
      return { success: false, reason: 'account_closed', message: 'The bank account could not accept the transfer.' };
    const transferId = `tr_sbx_${this.digest(`transfer:${request.idempotencyKey}`)}`;
    if (!this.transfersMade.has(request.transferGroup)) this.transfersMade.set(request.transferGroup, transferId);
    await this.balance.record({
      id: `txn_${transferId}`,
      kind: 'transfer',
      type: 'transfer',
      reference: transferId,
      currency: request.currency,
      amount: -request.amount,
      fee: 0,
      created: this.clock.now(),
    });
    if (!this.transferAmounts.has(transferId))
      this.transferAmounts.set(transferId, { amount: request.amount, reversed: 0, currency: request.currency });
    return { success: true, transferId };
  }

  disputeLater(intent: SandboxIntent): void {
    this.disputes.disputeLater(intent);
  }

  onDisputeChange(listener: (report: DisputeReport) => Promise<void>): void {
    this.disputes.onChange(listener);
  }

  async retrieveDispute(disputeId: string): Promise<DisputeReport> {
    return this.disputes.retrieve(disputeId);
  }

  async submitDisputeEvidence(disputeId: string, text: string): Promise<DisputeReport> {
    return this.disputes.submitEvidence(disputeId, text);
  }

  /**
   * Nothing moves: a reversal id that the same key always gets again, refused for a transfer the
   * sandbox never made, or for more than is left of one it made in this process.
   */
  async reverseTransfer(request: TransferReversalRequest): Promise<string> {
    const made = this.reversalsMade.get(request.idempotencyKey);
    if (made) return made;
    if (!request.transferId.startsWith('tr_sbx_')) throw new TransferReversalRefused(`No such transfer: ${request.transferId}`);
    const transfer = this.transferAmounts.get(request.transferId);
    if (transfer && transfer.reversed + request.amount > transfer.amount)
      throw new TransferReversalRefused('The reversal is more than what is left of the transfer');
    if (transfer) transfer.reversed += request.amount;
    const reversalId = `trr_sbx_${this.digest(`reversal:${request.idempotencyKey}`)}`;
    this.reversalsMade.set(request.idempotencyKey, reversalId);
    // As Stripe lists it: money back into the balance, its source the reversal. (A transfer made
    // before a restart is not known here, nor its currency; the ledger's entry is matched only when listed.)
    if (transfer)
      await this.balance.record({
        id: `txn_${reversalId}`,
        kind: 'other',
        type: 'transfer_refund',
        reference: reversalId,
        currency: transfer.currency,
        amount: request.amount,
        fee: 0,
        created: this.clock.now(),
      });
    return reversalId;
  }

  async listBalanceTransactions(range: TimeRange): Promise<BalanceTransaction[]> {
    return this.balance.list(range);
  }

  async onboardingLink(token: string): Promise<SandboxOnboardingLink> {
    const link = this.readToken(token);
    if (!link) return { status: 'invalid' };
    const account = await this.accounts.find(link.accountId);
    if (!account) return { status: 'invalid' };
    if (this.expired(link) || account.linkNonce !== link.nonce) return { status: 'spent', refreshUrl: link.refreshUrl };
    return { status: 'open', account, link };
  }

  async completeOnboarding(token: string, outcome: SandboxOnboardingOutcome): Promise<SandboxOnboardingCompletion> {
    const link = this.readToken(token);
    if (!link) return { status: 'invalid' };
    const account = await this.accounts.find(link.accountId);
    if (!account) return { status: 'invalid' };
    if (this.expired(link)) return { status: 'spent', refreshUrl: link.refreshUrl };
    const completed = await this.accounts.completeOnboarding(account.id, link.nonce, outcome);
    return completed ? { status: 'completed', returnUrl: link.returnUrl } : { status: 'spent', refreshUrl: link.refreshUrl };
  }

  private signToken(payload: SandboxOnboardingToken): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(`${TOKEN_SIGNING_PREFIX}${body}`)}`;
  }

  /** An expired link, like Stripe's, sends the owner to the refresh address for a fresh one. */
  private expired(link: SandboxOnboardingToken): boolean {
    return link.exp * 1000 <= this.clock.now().getTime();
  }

  /** The token's payload when this server signed it; null otherwise. */
  private readToken(token: string): SandboxOnboardingToken | null {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const parts = token.split('.');
    if (parts.length !== 2) return null;
    const [body = '', signature = ''] = parts;
    const given = Buffer.from(signature);
    const expected = Buffer.from(this.sign(`${TOKEN_SIGNING_PREFIX}${body}`));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    return isTokenPayload(payload) ? payload : null;
  }

  /** A short, stable, unguessable id part derived from the text. */
  private digest(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('hex').slice(0, 24);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}

function isTokenPayload(value: unknown): value is SandboxOnboardingToken {
  if (value === null || typeof value !== 'object') return false;
  const payload = value as Record<string, unknown>;
  return (
    typeof payload.accountId === 'string' &&
    typeof payload.nonce === 'string' &&
    typeof payload.returnUrl === 'string' &&
    typeof payload.refreshUrl === 'string' &&
    typeof payload.exp === 'number' &&
    Number.isFinite(payload.exp)
  );
}
