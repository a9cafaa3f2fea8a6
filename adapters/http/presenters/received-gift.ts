import { toWireAmount } from '@api/amount';
import type { GiftListItemView } from '@api/gifts';
import type { Charity } from '@core/model/charity';
import { giftMessage, givenAt, type ReceivedGift } from '@core/model/received-gift';

/** What the gift list and the contributors show alike of a gift, online or given by hand. */
export function presentReceivedGift(gift: ReceivedGift, charity: Charity | null) {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    amount: toWireAmount(gift.amount),
    charityId: gift.byHand ? null : gift.charityId,
    charityName: charity?.name ?? null,
    personalMessage: giftMessage(gift),
    createdAt: givenAt(gift).toISOString(),
    givenBy: gift.byHand ? gift.method : 'online',
  } satisfies Partial<GiftListItemView>;
}
