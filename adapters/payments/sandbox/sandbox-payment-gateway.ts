import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../../core/errors';
import { isCurrency, type Cents, type Currency } from '../../../core/money';
import type {
  ConnectedAccountStatus,
  CreatedPaymentIntent,
  PaymentGateway,
  PaymentIntentRequest,
  PaymentIntentState,
  TransferResult,
} from '../../../core/ports/payment-gateway';

export const SANDBOX_SUCCESS_CARD = '4242424242424242';
export const SANDBOX_DECLINE_CARD = '4000000000000002';

const INTENT_ID = /^sbx_pi_(USD|CAD)_(\d{1,10})_([A-Za-z0-9_-]{16,})$/;

export interface SandboxIntent {
  id: string;
  amount: Cents;
  currency: Currency;
}

/**
 * The payment provider of the embedded default: no money moves. An intent's id carries its amount
 * and currency, and its client secret is the id signed with the server's secret, so a confirmation
 * can be trusted without keeping any state (it survives restarts and works across processes).
 */
export class SandboxPaymentGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  private readonly settled = new Map<string, PaymentIntentState['status']>();

  constructor(private readonly secret: string) {}

  async createPaymentIntent(request: PaymentIntentRequest): Promise<CreatedPaymentIntent> {
    // The same gift always gets the same intent, as Stripe's idempotency key gives.
    const nonce = this.sign(`intent:${request.idempotencyKey}`).slice(0, 24);
    const id = `sbx_pi_${request.currency}_${request.amount}_${nonce}`;
    return { id, clientSecret: `${id}_secret_${this.sign(id)}` };
  }

  /** The intent a client secret names, or null when the secret is not one this server signed. */
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

  /** Remembers, for this process, how a confirmation went (reconciliation reads it back). */
  markSettled(intentId: string, status: 'succeeded' | 'failed'): void {
    this.settled.set(intentId, status);
  }

  async retrievePaymentIntent(id: string): Promise<PaymentIntentState> {
    const match = INTENT_ID.exec(id);
    if (!match || !isCurrency(match[1])) throw new DomainError('payment.failed', 'No such payment');
    return { id, status: this.settled.get(id) ?? 'pending', amount: Number(match[2]), currency: match[1] };
  }

  async refund(): Promise<void> {
    // Nothing was charged, so there is nothing to give back.
  }

  async createConnectedAccount(): Promise<string> {
    throw new DomainError('payment.unavailable', 'Bank payouts are not available yet');
  }

  async createOnboardingLink(): Promise<string> {
    throw new DomainError('payment.unavailable', 'Bank payouts are not available yet');
  }

  async connectedAccountStatus(): Promise<ConnectedAccountStatus> {
    throw new DomainError('payment.unavailable', 'Bank payouts are not available yet');
  }

  async transfer(): Promise<TransferResult> {
    return { success: false, reason: 'unavailable', message: 'Bank payouts are not available yet' };
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}

