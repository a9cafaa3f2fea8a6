import { DomainError } from '../errors';

/**
 * Cards e-mailed to addresses the family typed themselves (gifts given by hand; a giver who paid
 * online typed their own) are budgeted, so that nobody can make the site a mailer for strangers:
 * the adapter counts them per day, and allows far fewer while the registry has received no paid
 * gift (nobody has yet paid to reach this family).
 */
export interface TypedAddressMailBudget {
  /** Takes `count` cards, or refuses (429, with when to try again) when the day's budget is spent. */
  take(count: number, registryHasPaidGift: boolean): Promise<void>;
  /** Gives back cards taken and then not sent. */
  giveBack(count: number, registryHasPaidGift: boolean): Promise<void>;
}

/** How many cards a day reach typed addresses before a registry's first paid gift (the adapter's limit, told to the family). */
export const TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT = 10;

/** The card for everyone reaches typed addresses only once someone paid a gift online. */
export function bulkNeedsPaidGift(): DomainError {
  return new DomainError(
    'note.needs_paid_gift',
    `A card to everyone can go to gifts given by hand once the registry has received a gift online. Until then, send those cards one at a time (up to ${TYPED_ADDRESS_CARDS_PER_DAY_BEFORE_PAID_GIFT} a day).`,
  );
}
