import Stripe from 'stripe';
import { DomainError } from '@core/errors';
import { isCurrency, type Cents, type Currency } from '@core/money';
import type {
  BalanceTransaction,
  BalanceTransactionKind,
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
import { DisputeEvidenceRefused, TransferReversalRefused } from '@core/ports/payment-gateway';
import type { DisputeReport } from '@core/model/dispute';
import { disputeReportOf } from './stripe-dispute';
import { payoutTransferGroup } from '@core/payout/bank-transfer';
import { RefundRefused } from '@core/ports/payment-gateway';

const STRIPE_APP_NAME = 'mitzvah-gift-registry';

/**
 * The country of the Stripe account this platform runs on. USD registries pay out to US accounts
 * at home; CAD registries to Canadian accounts, across the border.
 */
const PLATFORM_COUNTRY = 'US';

/**
 * The client every Stripe call goes through. The fetch HTTP client, not the SDK's default node one,
 * so that request interceptors (MSW in tests, proxies in production) see every call. Failed calls
 * are retried twice by the SDK itself; POSTs carry an idempotency key, so a retry never charges,
 * refunds or transfers twice.
 */
export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: STRIPE_APP_NAME },
  });
}

/**
 * The payment provider when Stripe is configured: separate charges and transfers. The platform
 * charges the giver (card only), and at closing one transfer goes to the family's Express account.
 */
export class StripePaymentGateway implements PaymentGateway {
  private readonly stripe: Stripe;
  private readonly pageSize: number;

  /** pageSize: how many balance transactions each list call asks for (Stripe's most, 100, unless a test wants pages). */
  constructor(options: { secretKey: string; stripe?: Stripe; pageSize?: number }) {
    this.stripe = options.stripe ?? createStripeClient(options.secretKey);
    this.pageSize = options.pageSize ?? 100;
  }

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: request.amount,
        currency: request.currency.toLowerCase(),
        // The API version this SDK pins replaced `payment_method_types` with this field.
        allowed_payment_method_types: ['card'],
        metadata: { giftId: request.giftId, registryId: request.registryId, charityId: request.charityId },
        transfer_group: payoutTransferGroup(request.registryId),
        receipt_email: request.receiptEmail,
        description: 'Gift to a Bar/Bat Mitzvah registry',
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const intent = await this.intent(id);
    const status = intentStatus(intent);
    return {
      id: intent.id,
      status,
      amount: status === 'succeeded' ? intent.amount_received : intent.amount,
      currency: ourCurrency(intent.currency, `payment intent ${intent.id}`),
    };
  }

  /**
   * The charge's balance transaction says what Stripe took. Its fee is in the currency the charge
   * settled in: one other than the payment's (a CAD charge on a balance without CAD) is no fee
   * comparable with the giver's card fee, and answers null.
   */
  async paymentFee(paymentIntentId: string): Promise<Cents | null> {
    const intent = await this.intent(paymentIntentId, ['latest_charge.balance_transaction']);
    if (intent.status !== 'succeeded') return null;
    const charge = intent.latest_charge;
    if (!charge || typeof charge === 'string') return null;
    const transaction = charge.balance_transaction;
    if (!transaction || typeof transaction === 'string') return null;
    if (transaction.currency.toLowerCase() !== intent.currency.toLowerCase() || !Number.isSafeInteger(transaction.fee)) return null;
    return transaction.fee;
  }

  private async intent(id: string, expand?: string[]): Promise<Stripe.PaymentIntent> {
    try {
      return await this.stripe.paymentIntents.retrieve(id, expand ? { expand } : undefined);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
        throw new DomainError('payment.failed', 'No such payment');
      }
      throw error;
    }
  }

  async cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded'> {
    try {
      await this.stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      return 'canceled';
    } catch (error) {
      // Already cancelled, or paid after all: Stripe refuses, and the intent itself says which.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.code === UNCANCELABLE)) throw error;
      const intent = await this.stripe.paymentIntents.retrieve(id);
      if (intent.status === 'succeeded') return 'succeeded';
      if (intent.status === 'canceled') return 'canceled';
      throw error;
    }
  }

  async refund(paymentIntentId: string, idempotencyKey: string): Promise<void> {
    try {
      await this.stripe.refunds.create({ payment_intent: paymentIntentId }, { idempotencyKey });
    } catch (error) {
      // Refunded already (by an earlier try whose answer was lost, or from the Dashboard): done.
      if (error instanceof Stripe.errors.StripeError && error.code === 'charge_already_refunded') return;
      if (refusedForGood(error)) throw new RefundRefused(error.message, { cause: error });
      throw error;
    }
  }

  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: request.country,
        email: request.email,
        business_type: 'individual',
        capabilities: { transfers: { requested: true } },
        // A family abroad is paid by a cross-border payout, which Stripe makes only to accounts
        // under the recipient service agreement (transfers only, no card payments of their own).
        ...(request.country === PLATFORM_COUNTRY ? {} : { tos_acceptance: { service_agreement: 'recipient' } }),
        metadata: { createdBy: STRIPE_APP_NAME, purpose: 'registry payout' },
      },
      // Two clicks at once (or a retry after a lost answer) open one account, not two.
      { idempotencyKey: request.idempotencyKey },
    );
    return account.id;
  }

  async createOnboardingLink(request: OnboardingLinkRequest): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: request.accountId,
      type: 'account_onboarding',
      return_url: request.returnUrl,
      refresh_url: request.refreshUrl,
    });
    return link.url;
  }

  /**
   * Stripe refuses Account Links of type account_update for accounts with a Stripe-hosted
   * dashboard, which Express accounts have: their owner changes the bank account in the Express
   * Dashboard, which a single-use login link opens. It has no way back to us: the owner returns
   * to the registry page on their own (returnUrl is for providers that send them back).
   */
  async createAccountUpdateLink(request: OnboardingLinkRequest): Promise<string> {
    const link = await this.stripe.accounts.createLoginLink(request.accountId);
    return link.url;
  }

  async connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus> {
    const account = await this.stripe.accounts.retrieve(accountId);
    const country = account.country;
    if (country !== 'US' && country !== 'CA')
      throw new Error(`Connected account ${account.id} is in ${country ?? 'no country'}, not US or CA`);
    return {
      accountId: account.id,
      payoutsEnabled: account.payouts_enabled === true,
      requirementsDue: account.requirements?.currently_due ?? [],
      country,
    };
  }

  async findTransfer(transferGroup: string): Promise<string | null> {
    const found = await this.stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
    return found.data[0]?.id ?? null;
  }

  async transfer(request: TransferRequest): Promise<TransferResult> {
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          destination: request.destinationAccountId,
          transfer_group: request.transferGroup,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { success: true, transferId: transfer.id };
    } catch (error) {
      if (!isRefusal(error)) throw error;
      return { success: false, reason: error.code ?? error.rawType ?? error.type, message: error.message };
    }
  }

  async retrieveDispute(disputeId: string): Promise<DisputeReport> {
    let dispute: Stripe.Dispute;
    try {
      dispute = await this.stripe.disputes.retrieve(disputeId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
        throw new DomainError('dispute.not_found', 'No such dispute');
      throw error;
    }
    return ourDispute(dispute);
  }

  /** Text evidence, submitted to the card issuer at once; in test mode winning_evidence or losing_evidence decide it. */
  async submitDisputeEvidence(disputeId: string, text: string): Promise<DisputeReport> {
    try {
      return ourDispute(await this.stripe.disputes.update(disputeId, { evidence: { uncategorized_text: text }, submit: true }));
    } catch (error) {
      if (isRefusal(error)) throw new DisputeEvidenceRefused(error.message);
      throw error;
    }
  }

  async reverseTransfer(request: TransferReversalRequest): Promise<string> {
    try {
      const reversal = await this.stripe.transfers.createReversal(
        request.transferId,
        { amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      );
      return reversal.id;
    } catch (error) {
      if (isRefusal(error)) throw new TransferReversalRefused(error.message);
      throw error;
    }
  }

  /**
   * Every page of the balance transactions created in the range (the SDK's auto-pagination walks
   * starting_after), each with its source expanded so a charge or a refund names its payment
   * intent, which our ledger entries name. Stripe lists newest first; answered oldest first.
   */
  async listBalanceTransactions(range: TimeRange): Promise<BalanceTransaction[]> {
    const listed: BalanceTransaction[] = [];
    const pages = this.stripe.balanceTransactions.list({
      created: { gte: Math.floor(range.from.getTime() / 1000), lt: Math.ceil(range.to.getTime() / 1000) },
      limit: this.pageSize,
      expand: ['data.source'],
    });
    for await (const transaction of pages) listed.push(ourBalanceTransaction(transaction));
    return listed.reverse();
  }
}

const KINDS: Partial<Record<string, BalanceTransactionKind>> = {
  charge: 'charge',
  payment: 'charge',
  refund: 'refund',
  payment_refund: 'refund',
  transfer: 'transfer',
  payout: 'payout',
};

/** A Stripe balance transaction as the port describes it: the payment intent for a charge, a refund or a dispute, the transfer's id for a transfer. */
function ourBalanceTransaction(transaction: Stripe.BalanceTransaction): BalanceTransaction {
  const source = transaction.source;
  let reference: string | null = null;
  if (typeof source === 'string') reference = source;
  else if (source) {
    const intent = 'payment_intent' in source ? source.payment_intent : null;
    reference = intent ? (typeof intent === 'string' ? intent : intent.id) : source.id;
  }
  return {
    id: transaction.id,
    kind: KINDS[transaction.type] ?? 'other',
    type: transaction.type,
    reference,
    currency: transaction.currency.toUpperCase(),
    amount: transaction.amount,
    fee: transaction.fee,
    created: new Date(transaction.created * 1000),
  };
}

function ourDispute(dispute: Stripe.Dispute): DisputeReport {
  const report = disputeReportOf(dispute);
  if (!report) throw new Error(`Stripe reported dispute ${dispute.id} without a payment in USD or CAD`);
  return report;
}

const UNCANCELABLE = 'payment_intent_unexpected_state';

function intentStatus(intent: Stripe.PaymentIntent): PaymentIntentState['status'] {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled') return 'failed';
  // An attempt was declined and the giver has not tried again (yet).
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return 'pending';
}

/** Stripe's lower-case currency as ours; anything but USD or CAD is no payment of ours. */
function ourCurrency(stripeCurrency: string, what: string): Currency {
  const currency = stripeCurrency.toUpperCase();
  if (!isCurrency(currency)) throw new Error(`Stripe reported ${what} in ${stripeCurrency}, not USD or CAD`);
  return currency;
}

/**
 * Stripe said no to the request itself (insufficient balance, account not ready, transfers not
 * allowed): an answer the caller records. Everything else throws: connection failures, Stripe's
 * own 5xx and rate limits (the outcome is unknown; the idempotency key makes a retry safe), a bad
 * key, a reused idempotency key, and parameters we got wrong.
 */
function isRefusal(error: unknown): error is Stripe.errors.StripeError {
  const refusal =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeCardError;
  if (!refusal) return false;
  const code = error.code ?? '';
  return !code.startsWith('parameter_') && code !== 'idempotency_key_in_use' && code !== 'url_invalid';
}

/**
 * Stripe processed nothing: it answered 4xx (a disputed or unrefundable charge, a bad key). A 409
 * or an idempotency error means a request with this key exists and may have refunded; a 5xx or a
 * lost connection leaves the outcome unknown too.
 */
function refusedForGood(error: unknown): error is InstanceType<typeof Stripe.errors.StripeError> {
  if (!(error instanceof Stripe.errors.StripeError) || error instanceof Stripe.errors.StripeIdempotencyError) return false;
  const status = error.statusCode ?? 0;
  return status >= 400 && status < 500 && status !== 409;
}
