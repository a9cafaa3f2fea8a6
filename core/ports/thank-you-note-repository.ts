import type { ThankYouNote } from '../model/thank-you-note';

/** Which gift a thank-you note thanks: one paid through us, or one given by hand. */
export interface ThankedGiftRef {
  id: string;
  byHand: boolean;
}

export type NoteContent = Pick<ThankYouNote, 'templateId' | 'customMessage' | 'imageUrls' | 'imageSize'>;

export interface ThankYouNoteRepository {
  findById(id: string): Promise<ThankYouNote | null>;
  /** The note of the gift with this id, whichever kind of gift it is. */
  findByGiftId(giftId: string): Promise<ThankYouNote | null>;
  /** The notes of the gifts with these ids, of either kind. */
  listByGiftIds(giftIds: string[]): Promise<ThankYouNote[]>;
  /** Creates the gift's note, or replaces the content of the one it has (one note per gift). */
  save(gift: ThankedGiftRef, content: NoteContent): Promise<ThankYouNote>;
  /** Sent (again): "not delivered" is cleared; with sendTo, the card's address from now on. */
  markSent(id: string, sentAt: Date, sendTo?: string): Promise<ThankYouNote>;
}
