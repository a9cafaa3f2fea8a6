import type { Cents, Currency } from '../money';
import type { DisputeReport } from '../model/dispute';

export interface PaymentIntentRequest {
  giftId: string;
  registryId: string;
  charityId: string;
  amount: Cents;
  currency: Currency;
  receiptEmail: string;
  /** The same gift always sends the same key, so a retried request never charges twice. */
  idempotencyKey: string;
}

export interface CreatedPaymentIntent {
  id: string;
  clientSecret: string;
}

export type PaymentEvent =
  | { type: 'payment.succeeded'; paymentIntentId: string; amount: Cents; currency: Currency }
  | { type: 'payment.failed'; paymentIntentId: string; message: string }
  /** Money given back at the provider (ours, or from its dashboard): `refunded` of the `charged`. */
  | { type: 'payment.refunded'; paymentIntentId: string; charged: Cents; refunded: Cents }
  /** A dispute opened, changed, or ended (Stripe's charge.dispute.* events), as the provider sees it now. */
  | { type: 'dispute.changed'; dispute: DisputeReport };

export interface PaymentIntentState {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  amount: Cents;
  currency: Currency;
}

export interface ConnectedAccountStatus {
  accountId: string;
  payoutsEnabled: boolean;
  requirementsDue: string[];
  country: 'US' | 'CA';
}

export interface ConnectedAccountRequest {
  country: 'US' | 'CA';
  email: string;
  /** The same user always sends the same key, so two clicks at once open one account. */
  idempotencyKey: string;
}

export interface OnboardingLinkRequest {
  accountId: string;
  /** Where the provider sends the owner when they finish (or leave) onboarding. */
  returnUrl: string;
  /** Where the provider sends the owner when the link has expired or was used: ask for a fresh one. */
  refreshUrl: string;
}

export interface TransferRequest {
  destinationAccountId: string;
  amount: Cents;
  currency: Currency;
  transferGroup: string;
  idempotencyKey: string;
}

export type TransferResult = { success: true; transferId: string } | { success: false; reason: string; message: string };

/**
 * What a movement of the platform's balance at the provider was: a giver's charge, a refund of
 * one, a transfer to a family, the platform's own payout to its bank, or anything else (a dispute,
 * a fee the provider billed on its own).
 */
export const BALANCE_TRANSACTION_KINDS = ['charge', 'refund', 'transfer', 'payout', 'other'] as const;
export type BalanceTransactionKind = (typeof BALANCE_TRANSACTION_KINDS)[number];

/** One movement of the platform's balance at the provider, as its own records say (Stripe: a balance transaction). */
export interface BalanceTransaction {
  id: string;
  kind: BalanceTransactionKind;
  /** The provider's own word for it (Stripe's `type`: charge, refund, transfer, stripe_fee…). */
  type: string;
  /**
   * The id our ledger entries name for the same money (core/model/ledger-entry.ts `reference`):
   * the payment for a charge or a refund, the transfer for a transfer; null when there is none.
   */
  reference: string | null;
  /** Upper case, as our currencies are; a movement in a currency we do not keep keeps its own code. */
  currency: string;
  /** Signed cents, before the fee: positive into the balance, negative out of it. */
  amount: Cents;
  /** What the provider took for it, in cents (0 for most refunds and transfers). */
  fee: Cents;
  created: Date;
}

/** A span of time, from included to excluded. */
export interface TimeRange {
  from: Date;
  to: Date;
}

/**
 * The card payment provider: Stripe when configured, the in-process sandbox otherwise. Which one
 * runs is the configuration's word (`config.payments.provider`, which `/api/config` reports), so a
 * gateway does not name itself, and a test's fake stands in for either without posing as one.
 */
export interface PaymentGateway {
  createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentState>;
  /**
   * The fee the provider took for a succeeded payment's charge, in the payment's currency (Stripe:
   * the charge's balance transaction). Null while the payment has not succeeded, or when the
   * provider did not settle it in that currency. Fails like retrievePaymentIntent for an unknown id.
   */
  paymentFee(paymentIntentId: string): Promise<Cents | null>;
  /**
   * Gives the whole payment back, once per key. Throws RefundRefused when the provider said no for
   * good; any other throw leaves the outcome unknown (the refund may have gone through).
   */
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  /**
   * Cancels a payment nobody finished, so it can never be paid: answers 'canceled' (now or
   * before), or 'succeeded' when it was paid after all. A throw means the outcome is unknown.
   */
  cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded'>;
  /** Opens a connected account for bank payouts; answers its id. */
  createConnectedAccount(request: ConnectedAccountRequest): Promise<string>;
  /** A fresh, single-use link to the provider's onboarding, where the owner gives their bank details. */
  createOnboardingLink(request: OnboardingLinkRequest): Promise<string>;
  /**
   * A fresh, single-use link to the provider's pages where the owner of an onboarded account
   * changes its bank account (after a refused transfer, say). Where the provider's pages cannot
   * send the owner back, the owner returns to returnUrl on their own.
   */
  createAccountUpdateLink(request: OnboardingLinkRequest): Promise<string>;
  connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus>;
  /**
   * Sends money to a connected account. A refusal is answered as a failed result; a throw means
   * the outcome is unknown, and a retry with the same idempotency key is safe.
   */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /**
   * The transfer already made for this group, if any: asked before every try, so a transfer whose
   * answer was lost is found rather than sent again once its idempotency key has expired.
   */
  findTransfer(transferGroup: string): Promise<string | null>;
  /** The dispute as the provider sees it now. Fails with dispute.not_found for an id it never issued. */
  retrieveDispute(disputeId: string): Promise<DisputeReport>;
  /**
   * Sends text evidence for a dispute and submits it to the card issuer at once (Stripe:
   * evidence.uncategorized_text, submit: true); answers the dispute as it is now. Throws
   * DisputeEvidenceRefused when the provider takes no evidence for it (it is decided, say); any
   * other throw leaves it unknown whether the evidence arrived.
   */
  submitDisputeEvidence(disputeId: string, text: string): Promise<DisputeReport>;
  /**
   * Takes money back from a transfer made to a connected account (Stripe: a transfer reversal),
   * once per key; answers the reversal's id. Throws TransferReversalRefused when the provider says
   * no for good (the account's balance does not cover it, say).
   */
  reverseTransfer(request: TransferReversalRequest): Promise<string>;
  /**
   * Every movement of the platform's balance created in the range, oldest first, all pages of them
   * (Stripe: balance transactions listed over a `created` range). Reconciliation reads them.
   */
  listBalanceTransactions(range: TimeRange): Promise<BalanceTransaction[]>;
}

/** The provider takes no evidence for this dispute (it is decided, or its deadline passed). */
export class DisputeEvidenceRefused extends Error {
  override readonly name = 'DisputeEvidenceRefused';
}

/** The provider refused a transfer reversal for good: nothing came back. */
export class TransferReversalRefused extends Error {
  override readonly name = 'TransferReversalRefused';
}

/** The provider refused a refund for good (a disputed charge, say): nothing was given back. */
export class RefundRefused extends Error {
  override readonly name = 'RefundRefused';
}

export interface TransferReversalRequest {
  transferId: string;
  amount: Cents;
  /** One reversal per dispute: a retried request never takes the money back twice. */
  idempotencyKey: string;
}
