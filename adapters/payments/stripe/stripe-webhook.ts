import Stripe from 'stripe';
import { DomainError } from '@core/errors';
import { isCurrency } from '@core/money';
import type { PaymentEvent } from '@core/ports/payment-gateway';
import type { PaymentNotice, PaymentNotices } from '@core/ports/payment-notices';
import { disputeReportOf } from './stripe-dispute';

/**
 * Checks a webhook's Stripe-Signature over the exact bytes received (never a re-serialised body),
 * with Stripe's default tolerance of 300 s against replays, and answers the event. A missing,
 * forged, tampered or stale signature is bad input (validation.failed); a body that is not JSON
 * although its signature holds is one too.
 */
function verifyStripeEvent(rawBody: Buffer | string, signature: string | undefined, webhookSecret: string, stripe: Stripe): Stripe.Event {
  try {
    return stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new DomainError('validation.failed', 'Invalid webhook signature');
    }
    if (error instanceof SyntaxError) throw new DomainError('validation.failed', 'Invalid webhook payload');
    throw error;
  }
}

/**
 * The payment news in a verified event, or null when it carries none for us: another event type,
 * or a succeeded payment in a currency we never charge in (the caller logs that one).
 */
function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const currency = typeof intent.currency === 'string' ? intent.currency.toUpperCase() : '';
      if (typeof intent.id !== 'string' || !Number.isSafeInteger(intent.amount_received) || !isCurrency(currency)) return null;
      return { type: 'payment.succeeded', paymentIntentId: intent.id, amount: intent.amount_received, currency };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      if (typeof intent.id !== 'string') return null;
      return { type: 'payment.failed', paymentIntentId: intent.id, message: intent.last_payment_error?.message ?? 'Payment failed' };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (typeof intentId !== 'string' || !Number.isSafeInteger(charge.amount) || !Number.isSafeInteger(charge.amount_refunded))
        return null;
      return { type: 'payment.refunded', paymentIntentId: intentId, charged: charge.amount, refunded: charge.amount_refunded };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated': {
      // Every one carries the whole dispute as it is now: recording it is one step, whatever the event.
      const dispute = disputeReportOf(event.data.object);
      return dispute ? { type: 'dispute.changed', dispute } : null;
    }
    default:
      return null;
  }
}

/** Stripe's webhooks, signed with the endpoint's secret. */
export class StripePaymentNotices implements PaymentNotices {
  constructor(private readonly options: { stripe: Stripe; webhookSecret: string }) {
    if (options.webhookSecret.trim() === '') throw new Error('The Stripe webhook secret is empty');
  }

  verify(rawBody: Uint8Array, signature: string | undefined): PaymentNotice {
    const event = verifyStripeEvent(Buffer.from(rawBody), signature, this.options.webhookSecret, this.options.stripe);
    const payment = toPaymentEvent(event);
    const unusable =
      !payment && event.type === 'payment_intent.succeeded'
        ? { paymentIntentId: event.data.object.id, currency: String(event.data.object.currency) }
        : null;
    return { id: event.id, type: event.type, payment, unusable };
  }
}

/** verifyStripeEvent, then toPaymentEvent: what a signed webhook body means for our payments. */
export function parseStripeEvent(
  rawBody: Buffer | string,
  signature: string | undefined,
  webhookSecret: string,
  stripe: Stripe,
): PaymentEvent | null {
  return toPaymentEvent(verifyStripeEvent(rawBody, signature, webhookSecret, stripe));
}
