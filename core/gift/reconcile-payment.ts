import { DomainError } from '../errors';
import type { PaymentStatus } from '../model/gift';
import type { PaymentPorts } from '../ports/payment-ports';
import { recordPaymentFailed, recordPaymentSucceeded, type PaymentOutcome } from './record-payment';

/**
 * Asks the provider how a payment went and records it, so a slow or lost webhook never leaves a
 * paid gift pending. Only the provider's own word counts; the caller only names the payment.
 */
export async function reconcilePayment(
  paymentIntentId: unknown,
  ports: PaymentPorts,
): Promise<{ status: PaymentStatus; outcome: PaymentOutcome | null }> {
  if (typeof paymentIntentId !== 'string' || paymentIntentId.length === 0 || paymentIntentId.length > 255) {
    throw new DomainError('validation.failed', 'paymentIntentId is required', { paymentIntentId: 'Required' });
  }
  const known = await ports.unitOfWork.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate(paymentIntentId));
  if (!known) throw new DomainError('gift.not_found', 'No gift is waiting for that payment');
  let outcome: PaymentOutcome | null = null;
  if (known.paymentStatus === 'pending' || known.paymentStatus === 'failed') {
    const state = await ports.gateway.retrievePaymentIntent(paymentIntentId);
    if (state.status === 'succeeded')
      outcome = await recordPaymentSucceeded({ paymentIntentId, amount: state.amount, currency: state.currency }, ports);
    else if (state.status === 'failed') outcome = await recordPaymentFailed({ paymentIntentId }, ports);
  }
  const now = await ports.gifts.findById(known.id);
  return { status: now?.paymentStatus ?? known.paymentStatus, outcome };
}
