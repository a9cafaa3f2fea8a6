import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';
import { REFUND_SETTLES_WITHIN_MS } from '../model/refund-timing';
import { REFUND_UNCONFIRMED } from './refund-refusals';
import type { RefundPorts } from './refund-ports';
import { settleRefund } from './settle-refund';

const BATCH = 100;

/** Who finishes a refund whose first try was cut off. */
const REFUND_SWEEP: AuditActor = { userId: null, label: 'system:refund-sweep' };

/**
 * Finishes refunds whose first try was cut off (see refundGift in refund-gift.ts): asks the provider again with the
 * same key, so a refund that went through is recorded once and one that did not is made now, or
 * the gift goes back to succeeded when the provider refuses.
 */
export async function finishStuckRefunds(ports: RefundPorts): Promise<{ refunded: number; restored: number; unconfirmed: number }> {
  const before = new Date(ports.clock.now().getTime() - REFUND_SETTLES_WITHIN_MS);
  const result = { refunded: 0, restored: 0, unconfirmed: 0 };
  for (const gift of await ports.gifts.listRefundingStartedBefore(before, BATCH)) {
    try {
      await settleRefund(gift, REFUND_SWEEP, ports);
      result.refunded += 1;
    } catch (error) {
      // Still unknown: the gift stays refunding, and the next sweep asks again.
      if (error instanceof DomainError && error.message === REFUND_UNCONFIRMED) result.unconfirmed += 1;
      else result.restored += 1;
    }
  }
  return result;
}
