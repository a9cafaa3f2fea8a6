import type { OfflineGift } from '../offline-gift/offline-gift';
import { giftMessage, givenAt, receivedGifts, type ReceivedGift } from '../offline-gift/received-gift';
import { isListed, type Gift } from './gift';
import { GIFT_LIST_PAGE_SIZE, type GiftListQuery } from './gift-list-query';

export interface GiftListPage {
  /** This page's gifts, in the order asked for. */
  gifts: ReceivedGift[];
  /** Listed gifts that match the search (all of them without one). */
  matching: number;
  /** Every listed gift of the registry: the paid ones, those given back, and those given by hand. */
  giftCount: number;
  page: number;
  pageCount: number;
}

/** Case and accents do not matter to a search: "José" is found by "jose". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function matches(gift: ReceivedGift, needle: string): boolean {
  return [gift.giftGiverName, gift.giftGiverEmail ?? '', giftMessage(gift) ?? ''].some((text) => folded(text).includes(needle));
}

const byGiver = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byDate = (a: ReceivedGift, b: ReceivedGift) => givenAt(a).getTime() - givenAt(b).getTime();

const COMPARE: Record<GiftListQuery['sort'], (a: ReceivedGift, b: ReceivedGift) => number> = {
  date: byDate,
  amount: (a, b) => a.amount - b.amount,
  giver: (a, b) => byGiver.compare(a.giftGiverName.trim(), b.giftGiverName.trim()),
};

/**
 * The owner's full list: paid gifts, paid gifts since refunded (shown as such, so the family sees
 * what became of them), and gifts given by hand; failed, abandoned and pending payments are not
 * gifts. Searched, sorted and cut into pages. Ties keep a fixed order (date, then id), so paging
 * through never shows a gift twice or skips one.
 */
export function giftListPage(gifts: readonly Gift[], query: GiftListQuery, offlineGifts: readonly OfflineGift[] = []): GiftListPage {
  const received = receivedGifts(gifts.filter(isListed), offlineGifts);
  const needle = folded(query.q.trim());
  const found = needle === '' ? received : received.filter((gift) => matches(gift, needle));
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = [...found].sort(
    (a, b) => direction * (COMPARE[query.sort](a, b) || byDate(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  const start = (query.page - 1) * GIFT_LIST_PAGE_SIZE;
  return {
    gifts: sorted.slice(start, start + GIFT_LIST_PAGE_SIZE),
    matching: found.length,
    giftCount: received.length,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(found.length / GIFT_LIST_PAGE_SIZE)),
  };
}
