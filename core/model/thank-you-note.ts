export const CARD_TEMPLATES = ['traditional', 'modern', 'nature', 'warm'] as const;
export type CardTemplate = (typeof CARD_TEMPLATES)[number];

export const IMAGE_SIZES = ['small', 'medium', 'large'] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const NOTE_STATUSES = ['draft', 'sent'] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export interface ThankYouNote {
  id: string;
  /** The thanked gift's id: a gift paid through us, or one given by hand when byHand. */
  giftId: string;
  byHand: boolean;
  templateId: CardTemplate;
  customMessage: string;
  imageUrls: string[];
  imageSize: ImageSize;
  status: NoteStatus;
  sentAt: Date | null;
  /** The address the family corrected the card to after it was not delivered; null: the giver's own. */
  sendTo: string | null;
  /**
   * When the last card sent was found undeliverable (the address is suppressed, or bounced): the
   * family is told "Not delivered". Cleared by the next send.
   */
  notDeliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A card meant for every gift of a registry at once (the spec's thank_you_cards table). */
export interface ThankYouCard {
  id: string;
  registryId: string;
  templateId: CardTemplate;
  customMessage: string;
  imageUrls: string[];
  imageSize: ImageSize;
  sentToAllGifts: boolean;
  createdAt: Date;
}
