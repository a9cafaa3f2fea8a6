import { centsToDecimalString } from '../money';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Gift } from '../model/gift';
import { totalCharged } from './record-payment';

// What every step of a refund shares: the ports it runs on, the gift's one refund at the provider,
// and how the audit trail shows the gift at each step.

export interface RefundPorts {
  unitOfWork: UnitOfWork;
  gifts: Repositories['gifts'];
  registries: Repositories['registries'];
  gateway: PaymentGateway;
  clock: Clock;
  /** Where replies to the giver's refund e-mail go (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** The idempotency key of a gift's one refund: a repeat, from whichever path, refunds once. */
export function refundKey(gift: Pick<Gift, 'id'>): string {
  return `refund-${gift.id}`;
}

/** The gift as each refund step's audit event shows it, before and after. */
export function auditView(gift: Gift, status: Gift['paymentStatus']) {
  return {
    paymentStatus: status,
    registryId: gift.registryId,
    amount: centsToDecimalString(gift.amount),
    totalCharged: centsToDecimalString(totalCharged(gift)),
  };
}
