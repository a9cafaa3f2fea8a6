import { givenAt } from '../model/received-gift';
import { countsInPayouts } from '../model/closing-amounts';
import type { ThankYouNote } from '../model/thank-you-note';
import { thankYouStatusOf } from '../model/thank-you-status';
import type { Guest } from '../model/guest';
import type { GuestGift, MatchableGift, MatchableOfflineGift } from '../model/guest-gift';

/**
 * Which gifts belong to which guest (docs/product.md#the-guest-list), the one rule the guest
 * list's "gave" reads:
 * - a gift paid online that counts in the registry's Total Received (countsInPayouts: paid, or
 *   refunded at the platform's cost; not pending, failed, disputed or given back) is the guest's
 *   whose personal link it was given from (gifts.guest_id), or else the guest's whose e-mail is
 *   the giver's, case aside: a gift from Dora's link paid with Ben's address is Dora's alone;
 * - a gift given by hand is the guest's the family matched it to (offline_gifts.guest_id).
 * Each gift belongs to one guest at most, so it counts once. The database answers the same rule
 * in one query (GuestRepository.giftsOfGuests, adapters/persistence/repositories/guest-gifts-query.ts);
 * this is the rule for the in-memory fake, and the contract suite holds both to it.
 */
export function giftsOfGuests(
  guests: readonly Guest[],
  gifts: readonly MatchableGift[],
  offlineGifts: readonly MatchableOfflineGift[],
  notes: readonly ThankYouNote[],
): GuestGift[] {
  const byEmail = new Map(guests.map((guest) => [guest.email.toLowerCase(), guest]));
  const onList = new Map(guests.map((guest) => [guest.id, guest]));
  const noteOf = (giftId: string, byHand: boolean) => notes.find((note) => note.giftId === giftId && note.byHand === byHand) ?? null;
  const online = gifts.flatMap((gift): GuestGift[] => {
    if (!countsInPayouts(gift)) return [];
    // A gift from a link is that guest's alone; the e-mail speaks only for a gift given without one.
    const guest = gift.guestId === null ? byEmail.get(gift.giftGiverEmail.toLowerCase()) : onList.get(gift.guestId);
    if (!guest || guest.registryId !== gift.registryId) return [];
    const matchedBy = gift.guestId === null ? 'email' : 'link';
    return [
      {
        guestId: guest.id,
        giftId: gift.id,
        byHand: false,
        amount: gift.amount,
        givenAt: gift.createdAt,
        matchedBy,
        thankYouStatus: thankYouStatusOf(noteOf(gift.id, false)),
      },
    ];
  });
  const byHand = offlineGifts.flatMap((gift): GuestGift[] => {
    if (gift.guestId === null || !onList.has(gift.guestId)) return [];
    const given = givenAt({ ...gift, byHand: true });
    return [
      {
        guestId: gift.guestId,
        giftId: gift.id,
        byHand: true,
        amount: gift.amount,
        givenAt: given,
        matchedBy: 'hand',
        thankYouStatus: thankYouStatusOf(noteOf(gift.id, true)),
      },
    ];
  });
  return [...online, ...byHand].sort((a, b) => a.givenAt.getTime() - b.givenAt.getTime() || (a.giftId < b.giftId ? -1 : 1));
}
