import { NOTE_STATUSES, type ThankYouNote } from './thank-you-note';

/** Whether the family has thanked a giver: the thank-you cards page's No Card, Draft, Sent or Not Delivered. */
export const THANK_YOU_STATUSES = [...NOTE_STATUSES, 'none', 'not_delivered'] as const;
export type ThankYouStatus = (typeof THANK_YOU_STATUSES)[number];

/** A gift's thank-you state from its note (docs/product.md#thank-you-cards-page). */
export function thankYouStatusOf(note: Pick<ThankYouNote, 'status' | 'notDeliveredAt'> | null): ThankYouStatus {
  // A card the giver's mailbox did not take is not counted as sent.
  if (note?.status === 'sent' && note.notDeliveredAt) return 'not_delivered';
  return note?.status ?? 'none';
}
