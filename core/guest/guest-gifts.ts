import type { Gift } from '../gift/gift';
import type { Cents } from '../money';
import type { OfflineGift } from '../offline-gift/offline-gift';
import { givenAt } from '../offline-gift/received-gift';
import { countsInPayouts } from '../payout/closing-amounts';
import type { ThankYouNote } from '../thank-you/thank-you-note';
import { thankYouStatusOf, type ThankYouStatus } from '../thank-you/thank-you-status';
import type { Guest } from './guest';

/** How a gift came to be a guest's: the giver's e-mail is the guest's, or the family matched it by hand. */
export const GUEST_GIFT_MATCHES = ['email', 'hand'] as const;
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

/** A gift given by hand as the guest list reads it: with the guest the family matched it to, if any. */
export type MatchableOfflineGift = OfflineGift & { guestId: string | null };

/**
 * Which gifts belong to which guest (docs/product.md#the-guest-list), the one rule the guest
 * list's "gave" reads:
 * - a gift paid online that counts in the registry's Total Received (countsInPayouts: paid, or
 *   refunded at the platform's cost; not pending, failed, disputed or given back) is the guest's
 *   whose e-mail is the giver's, case aside;
 * - a gift given by hand is the guest's the family matched it to (offline_gifts.guest_id).
 * Each gift belongs to one guest at most, so it counts once. The database answers the same rule
 * in one query (GuestRepository.giftsOfGuests, adapters/persistence/repositories/guest-gifts-query.ts);
 * this is the rule for the in-memory fake, and the contract suite holds both to it.
 */
export function giftsOfGuests(
  guests: readonly Guest[],
  gifts: readonly Gift[],
  offlineGifts: readonly MatchableOfflineGift[],
  notes: readonly ThankYouNote[],
): GuestGift[] {
  const byEmail = new Map(guests.map((guest) => [guest.email.toLowerCase(), guest]));
  const onList = new Set(guests.map((guest) => guest.id));
  const noteOf = (giftId: string, byHand: boolean) => notes.find((note) => note.giftId === giftId && note.byHand === byHand) ?? null;
  const online = gifts.flatMap((gift): GuestGift[] => {
    const guest = countsInPayouts(gift) ? byEmail.get(gift.giftGiverEmail.toLowerCase()) : undefined;
    if (!guest || guest.registryId !== gift.registryId) return [];
    return [{ guestId: guest.id, giftId: gift.id, byHand: false, amount: gift.amount, givenAt: gift.createdAt, matchedBy: 'email', thankYouStatus: thankYouStatusOf(noteOf(gift.id, false)) }];
  });
  const byHand = offlineGifts.flatMap((gift): GuestGift[] => {
    if (gift.guestId === null || !onList.has(gift.guestId)) return [];
    const given = givenAt({ ...gift, byHand: true });
    return [{ guestId: gift.guestId, giftId: gift.id, byHand: true, amount: gift.amount, givenAt: given, matchedBy: 'hand', thankYouStatus: thankYouStatusOf(noteOf(gift.id, true)) }];
  });
  return [...online, ...byHand].sort((a, b) => a.givenAt.getTime() - b.givenAt.getTime() || (a.giftId < b.giftId ? -1 : 1));
}
