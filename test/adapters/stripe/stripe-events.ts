import Stripe from 'stripe';
import { paymentIntent, stripeId } from './stripe-api';

export const WEBHOOK_SECRET = 'whsec_giftRegistryTestSigningSecret0001';

/** A client for verifying signatures only; it never calls the API. */
export const stripeForWebhooks = new Stripe('sk_test_51GiftRegistryTestKeyNotReal', { httpClient: Stripe.createFetchHttpClient() });

/** An event as Stripe posts it to an endpoint: a snapshot of the object inside data.object. */
export function stripeEvent(type: string, object: Record<string, unknown>): string {
  return JSON.stringify(
    {
      id: stripeId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: stripeId('req'), idempotency_key: 'gift-test' },
    },
    null,
    2,
  );
}

export function succeededEvent(fields: { id: string; amount: number; currency?: string }): string {
  return stripeEvent(
    'payment_intent.succeeded',
    paymentIntent({
      id: fields.id,
      status: 'succeeded',
      amount: fields.amount,
      amount_received: fields.amount,
      currency: fields.currency ?? 'usd',
    }),
  );
}

export function failedEvent(fields: { id: string; amount: number; message?: string | null }): string {
  const lastPaymentError =
    fields.message === null
      ? null
      : {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: fields.message ?? 'Your card was declined.',
        };
  return stripeEvent(
    'payment_intent.payment_failed',
    paymentIntent({ id: fields.id, status: 'requires_payment_method', amount: fields.amount, last_payment_error: lastPaymentError }),
  );
}

/** A charge given back, all or part of it (charge.refunded), as Stripe posts it after a refund from the API or the dashboard. */
export function refundedEvent(fields: { paymentIntentId: string; amount: number; refunded?: number }): string {
  return stripeEvent('charge.refunded', {
    id: stripeId('ch'),
    object: 'charge',
    amount: fields.amount,
    amount_captured: fields.amount,
    amount_refunded: fields.refunded ?? fields.amount,
    currency: 'usd',
    payment_intent: fields.paymentIntentId,
    refunded: (fields.refunded ?? fields.amount) === fields.amount,
    status: 'succeeded',
  });
}

/**
 * A charge.dispute.* event, as Stripe posts each of them: the whole dispute, with the balance
 * transactions that took the charge and its 15.00 fee out and, after a win, put the charge back.
 */
export function disputeEvent(
  type: 'created' | 'updated' | 'closed' | 'funds_withdrawn' | 'funds_reinstated',
  fields: {
    id: string;
    paymentIntentId: string;
    amount: number;
    status: string;
    currency?: string;
    withdrawn?: boolean;
    reinstated?: boolean;
  },
): string {
  const currency = fields.currency ?? 'usd';
  const balanceTransactions = [
    ...(fields.withdrawn === false
      ? []
      : [
          {
            id: stripeId('txn'),
            object: 'balance_transaction',
            amount: -fields.amount,
            fee: 1500,
            net: -fields.amount - 1500,
            currency,
            reporting_category: 'dispute',
          },
        ]),
    ...(fields.reinstated
      ? [
          {
            id: stripeId('txn'),
            object: 'balance_transaction',
            amount: fields.amount,
            fee: 0,
            net: fields.amount,
            currency,
            reporting_category: 'dispute_reversal',
          },
        ]
      : []),
  ];
  return stripeEvent(`charge.dispute.${type}`, {
    id: fields.id,
    object: 'dispute',
    amount: fields.amount,
    currency,
    charge: stripeId('ch'),
    payment_intent: fields.paymentIntentId,
    reason: 'fraudulent',
    status: fields.status,
    evidence_details: { due_by: 1_893_542_399, has_evidence: false, past_due: false, submission_count: 0 },
    balance_transactions: balanceTransactions,
    is_charge_refundable: false,
    created: 1_764_000_000,
  });
}

/** The Stripe-Signature header Stripe would send for this body, made by the SDK's own helper. */
export function sign(payload: string, options: { secret?: string; timestamp?: number } = {}): string {
  return stripeForWebhooks.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
}
