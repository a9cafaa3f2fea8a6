import { toWireAmount } from '@api/amount';
import type { GiftListItemView, GiftListView } from '@api/gifts';
import type { GiftList, GiftListEntry } from '@core/gift/view-gift-list';
import type { Currency } from '@core/money';
import { countsInPayouts } from '@core/model/closing-amounts';
import { thankYouStatusOf } from '@core/model/thank-you-status';
import { presentRefundState } from './gifts';
import { presentReceivedGift } from './received-gift';

/** One gift in the owner's full list: who gave, how to reach them, what they gave and wrote. */
function presentGiftListEntry(entry: GiftListEntry, registryCurrency: Currency) {
  const { gift } = entry;
  return {
    ...presentReceivedGift(gift, entry.charity),
    // A gift by hand is recorded in the registry's currency; one paid online keeps the giver's.
    currency: gift.byHand ? registryCurrency : gift.currency,
    byHand: gift.byHand ? { method: gift.method, receivedOn: gift.receivedOn, note: gift.note } : null,
    thankYouStatus: thankYouStatusOf(entry.note),
    countsInTotals: gift.byHand || countsInPayouts(gift),
    // A gift given by hand is simply received: nothing of it passed through us to give back.
    ...(gift.byHand
      ? { paymentStatus: 'succeeded' as const, refundable: false, refundAmount: toWireAmount(gift.amount) }
      : presentRefundState(gift, entry.refundable)),
  } satisfies GiftListItemView;
}

/**
 * GET /api/registries/{id}/gift-list: one page of the registry's received gifts (paid, refunded and
 * given by hand), with the query as the server understood it, the counts the page needs to offer
 * the rest, and the owner's totals.
 */
export function presentGiftList(list: GiftList) {
  return {
    registryId: list.registry.id,
    childName: list.registry.childName,
    celebrationType: list.registry.celebrationType,
    currency: list.registry.currency,
    q: list.query.q,
    sort: list.query.sort,
    order: list.query.order,
    page: list.page,
    pageCount: list.pageCount,
    matching: list.matching,
    giftCount: list.giftCount,
    totals: {
      online: toWireAmount(list.totals.online),
      byHand: toWireAmount(list.totals.byHand),
      total: toWireAmount(list.totals.total),
      refunded: toWireAmount(list.totals.refunded),
      onlineCount: list.totals.onlineCount,
      byHandCount: list.totals.byHandCount,
      refundedCount: list.totals.refundedCount,
      refundedAtPlatformCost: toWireAmount(list.totals.refundedAtPlatformCost),
      refundedAtPlatformCostCount: list.totals.refundedAtPlatformCostCount,
      disputed: toWireAmount(list.totals.disputed),
      disputedCount: list.totals.disputedCount,
      refundedBefore: list.totals.refundedBefore.map((earlier) => ({ ...earlier, amount: toWireAmount(earlier.amount) })),
    },
    refunds: list.refundWindow,
    gifts: list.entries.map((entry) => presentGiftListEntry(entry, list.registry.currency)),
  } satisfies GiftListView;
}
