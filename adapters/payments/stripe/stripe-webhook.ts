import Stripe from 'stripe';
import { DomainError } from '../../../core/errors';
import { isCurrency } from '../../../core/money';
import type { PaymentEvent } from '../../../core/ports/payment-gateway';

/**
 * Checks a webhook's Stripe-Signature over the exact bytes received (never a re-serialised body),
 * with Stripe's default tolerance of 300 s against replays, and answers the event. A missing,
 * forged, tampered or stale signature is bad input (validation.failed); a body that is not JSON
 * although its signature holds is one too.
 */
export function verifyStripeEvent(rawBody: Buffer | string, signature: string | undefined, webhookSecret: string, stripe: Stripe): Stripe.Event {
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
export function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
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
    default:
      return null;
  }
}

/** verifyStripeEvent, then toPaymentEvent: what a signed webhook body means for our payments. */
export function parseStripeEvent(rawBody: Buffer | string, signature: string | undefined, webhookSecret: string, stripe: Stripe): PaymentEvent | null {
  return toPaymentEvent(verifyStripeEvent(rawBody, signature, webhookSecret, stripe));
}
