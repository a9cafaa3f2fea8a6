import { toWireAmount } from '@api/amount';
import type { OfflineGiftView } from '@api/offline-gifts';
import type { MessageAnswer } from '@api/registries';
import type { OfflineGift } from '@core/model/offline-gift';

export function presentOfflineGift(gift: OfflineGift) {
  return {
    id: gift.id,
    registryId: gift.registryId,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    amount: toWireAmount(gift.amount),
    method: gift.method,
    receivedOn: gift.receivedOn,
    note: gift.note,
    createdAt: gift.createdAt.toISOString(),
    updatedAt: gift.updatedAt.toISOString(),
  } satisfies OfflineGiftView;
}

export function presentOfflineGiftDeleted() {
  return { message: 'Gift removed' } satisfies MessageAnswer;
}
