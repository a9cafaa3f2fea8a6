import type { CardTemplate, ImageSize, NoteStatus } from '../../../../../core/thank-you/thank-you-note';

/** What the thank-you calls answer, as JSON: dates are ISO strings. */

/** A thank-you note as POST /api/thank-you-notes and the contributors list answer it. */
export interface ThankYouNoteView {
  id: string;
  giftId: string;
  templateId: CardTemplate;
  customMessage: string;
  imageUrls: string[];
  imageSize: ImageSize;
  status: NoteStatus;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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
