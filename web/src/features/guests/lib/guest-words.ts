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

/** A guest's answer as the list shows it: Coming ×3, Maybe ×2, Not coming, No answer. */
export function rsvpWords(rsvp: GuestLineView['rsvp']): string {
  if (rsvp === null) return 'No answer';
  if (rsvp.answer === 'no') return 'Not coming';
  return `${rsvp.answer === 'yes' ? 'Coming' : 'Maybe'} ×${rsvp.partySize}`;
}

/** The same for a screen reader, which reads "×3" as "times 3". */
export function rsvpSpoken(rsvp: GuestLineView['rsvp']): string {
  if (rsvp === null || rsvp.answer === 'no') return rsvpWords(rsvp);
  return `${rsvp.answer === 'yes' ? 'Coming' : 'Maybe coming'}, ${plural(rsvp.partySize, 'person', 'people')}`;
}
