import type { Cents, Currency } from '../money';

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
  | { type: 'payment.failed'; paymentIntentId: string; message: string };

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

export interface TransferRequest {
  destinationAccountId: string;
  amount: Cents;
  currency: Currency;
  transferGroup: string;
  idempotencyKey: string;
}

export type TransferResult = { success: true; transferId: string } | { success: false; reason: string; message: string };

/** The card payment provider: Stripe when configured, the in-process sandbox otherwise. */
export interface PaymentGateway {
  readonly provider: 'stripe' | 'sandbox';
  createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentState>;
  refund(paymentIntentId: string, idempotencyKey: string): Promise<void>;
  createConnectedAccount(country: 'US' | 'CA', email: string): Promise<string>;
  createOnboardingLink(accountId: string, returnUrl: string, refreshUrl: string): Promise<string>;
  connectedAccountStatus(accountId: string): Promise<ConnectedAccountStatus>;
  transfer(request: TransferRequest): Promise<TransferResult>;
}
