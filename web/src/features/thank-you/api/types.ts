import type { ThankYouNoteView } from '../../../../../core/thank-you/thank-you-note';

/** What the thank-you calls answer, as JSON: dates are ISO strings. */

export type { ThankYouNoteView };

/**
 * One row of GET /api/registries/{id}/contributors (owner only): a succeeded gift, newest first,
 * with its thank-you note if one was written. The id is the gift's.
 */
export interface ContributorView {
  id: string;
  giftGiverName: string;
  giftGiverEmail: string;
  /** A number with two decimals, in the registry's currency. */
  amount: number;
  charityId: string | null;
  charityName: string | null;
  personalMessage: string | null;
  createdAt: string;
  thankYouNote: ThankYouNoteView | null;
}

/** POST /api/thank-you-notes/{id}/send. */
export interface SendNoteResult {
  note: ThankYouNoteView;
  message: string;
}
