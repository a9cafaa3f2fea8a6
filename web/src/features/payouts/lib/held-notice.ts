import type { ClosingAmountsView } from '@api/payout-details';
import { fromWireAmount } from '@api/amount';

/** How long a card issuer usually takes to decide (core/dispute/dispute-emails.ts says the same to the family). */
const DECIDED_WITHIN_DAYS = 75;

/**
 * What the close section says before closing when gifts are disputed and undecided: which are held
 * back, what of them the family would be paid and when, and that the rest is paid at closing. Null
 * when nothing is held.
 */
export function heldNotice(held: ClosingAmountsView['held'], money: (cents: number) => string): string | null {
  if (held.giftCount === 0) return null;
  const gifts =
    held.giftCount === 1
      ? `1 gift of ${money(fromWireAmount(held.amount))} is`
      : `${held.giftCount} gifts of ${money(fromWireAmount(held.amount))} in all are`;
  const whose = held.giftCount === 1 ? 'its giver’s bank' : 'their givers’ banks';
  return (
    `${gifts} disputed by ${whose}, so closing holds ${held.giftCount === 1 ? 'it' : 'them'} back: ` +
    `your family’s ${money(fromWireAmount(held.payoutAmount))} from ${held.giftCount === 1 ? 'it' : 'them'} is paid to you once the bank decides for the gift, usually within ${DECIDED_WITHIN_DAYS} days, ` +
    `and the charity’s ${money(fromWireAmount(held.charityPayoutAmount))} joins its next payout. You do not need to wait: everything else is paid when you close.`
  );
}
