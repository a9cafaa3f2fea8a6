import { DomainError } from '../errors';
import type { Gift } from '../gift/gift';

/**
 * A completion of a payout that holds the share of a gift being refunded waits for the refund's
 * answer (seconds): marked paid now, it would pay out money the refund is taking back.
 */
export function refuseWhileRefunding(gifts: readonly Pick<Gift, 'paymentStatus'>[]): void {
  if (gifts.some((gift) => gift.paymentStatus === 'refunding')) {
    throw new DomainError('payout.refund_under_way', 'A refund of a gift in this payout is under way; try again in a minute.');
  }
}
