import type { PaymentEvent } from './payment-gateway';

/** A provider's signed notice, once its signature holds. */
export interface PaymentNotice {
  id: string;
  type: string;
  /** What it means for a gift, or null when it means nothing we record. */
  payment: PaymentEvent | null;
  /** A succeeded payment that could not be read as ours (no amount, a currency we never charge in), for a person to look at. */
  unusable: { paymentIntentId: string; currency: string } | null;
}

/** The card provider's notices of payments (Stripe's webhooks), verified over the exact bytes sent. */
export interface PaymentNotices {
  /** Throws validation.failed for a missing, forged, tampered or stale signature, or a body that is no notice. */
  verify(rawBody: Uint8Array, signature: string | undefined): PaymentNotice;
}
