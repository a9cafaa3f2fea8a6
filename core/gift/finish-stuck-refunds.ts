import { DomainError } from '../errors';
import type { AuditActor } from '../model/audit-event';
import { REFUND_SETTLES_WITHIN_MS } from '../model/refund-timing';
import { REFUND_REFUSED, REFUND_REFUSED_DISPUTED, REFUND_UNCONFIRMED } from './refund-refusals';
import type { RefundPorts } from './refund-ports';
import { settleRefund } from './settle-refund';

const BATCH = 100;

/** Who finishes a refund whose first try was cut off. */
const REFUND_SWEEP: AuditActor = { userId: null, label: 'system:refund-sweep' };

/** What a sweep did: refunds it recorded, gifts back to paid, refunds still unconfirmed, and gifts it could not settle (their errors). */
export interface StuckRefundsSwept {
  refunded: number;
  restored: number;
  unconfirmed: number;
  failed: { giftId: string; error: unknown }[];
}

/**
 * Finishes refunds whose first try was cut off (see refundGift in refund-gift.ts): asks the provider again with the
 * same key, so a refund that went through is recorded once and one that did not is made now, or
 * the gift goes back to paid when the provider refuses. A refund someone else settled meanwhile is
 * counted where it was settled, not here; an error that is not the provider's answer (the
 * database, say) leaves the gift refunding for the next sweep and is reported, not taken for a
 * refusal.
 */
export async function finishStuckRefunds(ports: RefundPorts): Promise<StuckRefundsSwept> {
  const before = new Date(ports.clock.now().getTime() - REFUND_SETTLES_WITHIN_MS);
  const result: StuckRefundsSwept = { refunded: 0, restored: 0, unconfirmed: 0, failed: [] };
  for (const gift of await ports.gifts.listRefundingStartedBefore(before, BATCH)) {
    try {
      if ((await settleRefund(gift, REFUND_SWEEP, ports)).recorded) result.refunded += 1;
    } catch (error) {
      const said = error instanceof DomainError ? error.message : null;
      // Still unknown: the gift stays refunding, and the next sweep asks again.
      if (said === REFUND_UNCONFIRMED) result.unconfirmed += 1;
      else if (said === REFUND_REFUSED || said === REFUND_REFUSED_DISPUTED) result.restored += 1;
      else result.failed.push({ giftId: gift.id, error });
    }
  }
  return result;
}
