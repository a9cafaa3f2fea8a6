import type { Cents, Currency } from '../money';
import type { Gift, PaymentStatus } from './gift';

/**
 * A registry's gifts summed by everything its figures tell apart (status, who bore a refund, the
 * currency paid in, the charity): the database answers it in one aggregate however many gifts
 * there are, and every figure (closingAmounts, ownerTotals) is derived from it as from the gifts.
 */
export interface GiftTally {
  paymentStatus: PaymentStatus;
  refundedAtPlatformCost: boolean;
  currency: Currency;
  charityId: string;
  giftCount: number;
  amount: Cents;
  childAmount: Cents;
  charityAmount: Cents;
}

const keyOf = (gift: Pick<Gift, 'paymentStatus' | 'refundedAtPlatformCost' | 'currency' | 'charityId'>) =>
  `${gift.paymentStatus} ${gift.refundedAtPlatformCost} ${gift.currency} ${gift.charityId}`;

/** The tally of gifts in memory: what the repository's aggregate answers for the same rows. */
export function tallyOf(gifts: readonly Gift[]): GiftTally[] {
  const tallies = new Map<string, GiftTally>();
  for (const gift of gifts) {
    const key = keyOf(gift);
    const tally = tallies.get(key) ?? {
      paymentStatus: gift.paymentStatus,
      refundedAtPlatformCost: gift.refundedAtPlatformCost,
      currency: gift.currency,
      charityId: gift.charityId,
      giftCount: 0,
      amount: 0,
      childAmount: 0,
      charityAmount: 0,
    };
    tallies.set(key, {
      ...tally,
      giftCount: tally.giftCount + 1,
      amount: tally.amount + gift.amount,
      childAmount: tally.childAmount + gift.childAmount,
      charityAmount: tally.charityAmount + gift.charityAmount,
    });
  }
  return [...tallies.values()];
}

/** How many gifts were paid and kept: what countSucceeded counts, from the tally. */
export function succeededCount(tallies: readonly GiftTally[]): number {
  return tallies.reduce((count, tally) => count + (tally.paymentStatus === 'succeeded' ? tally.giftCount : 0), 0);
}
