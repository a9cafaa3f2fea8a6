import type { Cents } from './money';

export interface GiftSplit {
  childAmount: Cents;
  charityAmount: Cents;
}

/** 90% to the family, 10% to the charity: the charity's tenth is rounded half up and the family
 * gets the rest, so the two parts always add up to the gift exactly. */
export function splitGift(amount: Cents): GiftSplit {
  const charityAmount = Math.floor((amount + 5) / 10);
  return { childAmount: amount - charityAmount, charityAmount };
}
