import type { Gift } from './gift';
import type { OfflineGift } from './offline-gift';

/** A gift the family received: paid through us (succeeded), or given by hand and recorded. */
export type ReceivedGift = (Gift & { byHand: false }) | (OfflineGift & { byHand: true });

/** The online gifts the caller chose (paid ones, say) beside the gifts given by hand. */
export function receivedGifts(gifts: readonly Gift[], offlineGifts: readonly OfflineGift[]): ReceivedGift[] {
  return [
    ...gifts.map((gift) => ({ ...gift, byHand: false as const })),
    ...offlineGifts.map((gift) => ({ ...gift, byHand: true as const })),
  ];
}

/** When it was given: a gift by hand has a day, not a time, and counts as given at noon UTC that day. */
export function givenAt(gift: ReceivedGift): Date {
  return gift.byHand ? new Date(`${gift.receivedOn}T12:00:00.000Z`) : gift.createdAt;
}

/** What the giver wrote (online), or what the family noted (by hand). */
export function giftMessage(gift: ReceivedGift): string | null {
  return gift.byHand ? gift.note : gift.personalMessage;
}
