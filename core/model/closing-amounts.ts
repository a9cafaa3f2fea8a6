import type { Gift } from './gift';
import { tallyOf, type GiftTally } from './gift-tally';
import type { Cents } from '../money';

export interface CharityShareOfRegistry {
  charityId: string;
  amount: Cents;
  giftCount: number;
}

/**
 * A registry's figures, derived in this one place for every screen, e-mail and export that shows
 * them (docs/architecture.md#money): the registry's Total Received, the family's payout, the
 * charities' share and its breakdown per charity. Before closing they are what closing would pay;
 * closing writes them into the registry, and every change after (a refund while both payouts
 * wait) changes the registry and the gifts alike, so they stay equal to it.
 */
export interface ClosingAmounts {
  /** What givers gave in the gifts that count (countsInPayouts), before the 90/10 split: Total Received. */
  totalReceived: Cents;
  /** What the family receives: the sum of those gifts' child amounts. */
  payoutAmount: Cents;
  /** What the charities receive together: the sum of those gifts' charity amounts. */
  charityPayoutAmount: Cents;
  /** Each charity's part, ordered by charity id so that concurrent closings lock rows in one order. */
  shares: CharityShareOfRegistry[];
  giftCount: number;
}

/**
 * Whether a gift counts in its registry's figures: paid and kept (succeeded), paid with a refund
 * still under way (it counts until the provider has given the money back), or refunded at the
 * platform's cost (the family and the charity keep its parts; the platform bore the refund). A
 * disputed gift held out of an open registry, a refunded one, and anything never paid count in none.
 */
export function countsInPayouts(gift: Pick<Gift, 'paymentStatus' | 'refundedAtPlatformCost'>): boolean {
  if (gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunding') return true;
  return gift.paymentStatus === 'refunded' && gift.refundedAtPlatformCost;
}

/**
 * The registry's figures from its gifts. Each gift's own split is summed, never the total
 * re-split, so the parts add up to what givers gave. Closing refuses while a refund is under way,
 * so what it pays is the succeeded gifts alone.
 */
export function closingAmounts(gifts: readonly Gift[]): ClosingAmounts {
  return closingAmountsOf(tallyOf(gifts));
}

/** The same figures from the gifts' tally (gift-tally.ts), as the registry's screens read them. */
export function closingAmountsOf(tallies: readonly GiftTally[]): ClosingAmounts {
  const byCharity = new Map<string, CharityShareOfRegistry>();
  let totalReceived = 0;
  let payoutAmount = 0;
  let charityPayoutAmount = 0;
  let giftCount = 0;
  for (const tally of tallies) {
    if (!countsInPayouts(tally)) continue;
    totalReceived += tally.amount;
    payoutAmount += tally.childAmount;
    charityPayoutAmount += tally.charityAmount;
    giftCount += tally.giftCount;
    const share = byCharity.get(tally.charityId) ?? { charityId: tally.charityId, amount: 0, giftCount: 0 };
    byCharity.set(tally.charityId, { ...share, amount: share.amount + tally.charityAmount, giftCount: share.giftCount + tally.giftCount });
  }
  const shares = [...byCharity.values()].sort((a, b) => (a.charityId < b.charityId ? -1 : a.charityId > b.charityId ? 1 : 0));
  return { totalReceived, payoutAmount, charityPayoutAmount, shares, giftCount };
}
