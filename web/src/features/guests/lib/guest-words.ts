import type { GuestLineView } from '@api/guests';

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A giver's thank-you state in the thank-you cards page's words (docs/product.md#thank-you-cards-page). */
export const THANK_YOU_WORDS: Record<NonNullable<GuestLineView['thankYou']>, string> = {
  sent: 'Thanked',
  draft: 'Card drafted',
  none: 'Not thanked yet',
  not_delivered: 'Card not delivered',
};
