import type { Cents } from '../money';
import type { Gift } from './gift';
import type { OfflineGift } from './offline-gift';
import type { ThankYouStatus } from './thank-you-status';

/**
 * How a gift came to be a guest's: it was given from the guest's personal link, the giver's e-mail
 * is the guest's, or the family matched it by hand.
 */
export const GUEST_GIFT_MATCHES = ['link', 'email', 'hand'] as const;
export type GuestGiftMatch = (typeof GUEST_GIFT_MATCHES)[number];

/** A gift the registry received that belongs to a guest on its list, with its thank-you state. */
export interface GuestGift {
  guestId: string;
  giftId: string;
  byHand: boolean;
  /** What the giver gave, before the 90/10 split: as the gift list and Total Received count it. */
  amount: Cents;
  givenAt: Date;
  matchedBy: GuestGiftMatch;
  thankYouStatus: ThankYouStatus;
}

/** A gift paid online as the guest list reads it: with the guest whose personal link it was given from, if any. */
export type MatchableGift = Gift & { guestId: string | null };

/** A gift given by hand as the guest list reads it: with the guest the family matched it to, if any. */
export type MatchableOfflineGift = OfflineGift & { guestId: string | null };
