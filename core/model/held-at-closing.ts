import type { Gift } from './gift';
import type { Cents } from '../money';

/** What closing holds back: the gifts whose dispute the giver's bank has not decided yet. */
export interface HeldAtClosing {
  giftCount: number;
  /** The held gifts' amounts together: their family's and charity's parts. */
  amount: Cents;
  /** The family's part held back (the gifts' child amounts). */
  payoutAmount: Cents;
  /** The charities' part held back (the gifts' charity amounts). */
  charityPayoutAmount: Cents;
}

/**
 * The parts of a registry's gifts that closing holds back: each disputed gift whose dispute is
 * undecided (`undecidedGiftIds`). Closing pays the succeeded gifts (closingAmounts) and these wait
 * for the bank: won, they are paid in a follow-up payout; lost, never. A disputed gift whose
 * dispute was lost is in neither: it went back to the giver.
 */
export function heldAtClosing(
  gifts: readonly Pick<Gift, 'id' | 'paymentStatus' | 'amount' | 'childAmount' | 'charityAmount'>[],
  undecidedGiftIds: ReadonlySet<string>,
): HeldAtClosing {
  const held: HeldAtClosing = { giftCount: 0, amount: 0, payoutAmount: 0, charityPayoutAmount: 0 };
  for (const gift of gifts) {
    if (gift.paymentStatus !== 'disputed' || !undecidedGiftIds.has(gift.id)) continue;
    held.giftCount += 1;
    held.amount += gift.amount;
    held.payoutAmount += gift.childAmount;
    held.charityPayoutAmount += gift.charityAmount;
  }
  return held;
}
