import type { Gift } from '../gift/gift';
import type { Cents } from '../money';

export interface CharityShareOfRegistry {
  charityId: string;
  amount: Cents;
  giftCount: number;
}

export interface ClosingAmounts {
  /** What the family receives: the sum of the succeeded gifts' child amounts. */
  payoutAmount: Cents;
  /** What the charities receive together: the sum of the succeeded gifts' charity amounts. */
  charityPayoutAmount: Cents;
  /** Each charity's part, ordered by charity id so that concurrent closings lock rows in one order. */
  shares: CharityShareOfRegistry[];
  giftCount: number;
}

/**
 * What a registry pays out when it closes (docs/architecture.md#money). Only succeeded gifts count; each
 * gift's own split is summed, never the total re-split, so the parts add up to what givers gave.
 */
export function closingAmounts(gifts: readonly Gift[]): ClosingAmounts {
  const byCharity = new Map<string, CharityShareOfRegistry>();
  let payoutAmount = 0;
  let charityPayoutAmount = 0;
  let giftCount = 0;
  for (const gift of gifts) {
    if (gift.paymentStatus !== 'succeeded') continue;
    payoutAmount += gift.childAmount;
    charityPayoutAmount += gift.charityAmount;
    giftCount += 1;
    const share = byCharity.get(gift.charityId) ?? { charityId: gift.charityId, amount: 0, giftCount: 0 };
    byCharity.set(gift.charityId, { ...share, amount: share.amount + gift.charityAmount, giftCount: share.giftCount + 1 });
  }
  const shares = [...byCharity.values()].sort((a, b) => (a.charityId < b.charityId ? -1 : a.charityId > b.charityId ? 1 : 0));
  return { payoutAmount, charityPayoutAmount, shares, giftCount };
}
