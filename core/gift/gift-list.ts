import { isListed, type Gift } from './gift';
import { GIFT_LIST_PAGE_SIZE, type GiftListQuery } from './gift-list-query';

export interface GiftListPage {
  /** This page's gifts, in the order asked for. */
  gifts: Gift[];
  /** Listed gifts that match the search (all of them without one). */
  matching: number;
  /** Every listed gift of the registry: the paid ones, and those given back. */
  giftCount: number;
  page: number;
  pageCount: number;
}

/** Case and accents do not matter to a search: "José" is found by "jose". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function matches(gift: Gift, needle: string): boolean {
  return [gift.giftGiverName, gift.giftGiverEmail, gift.personalMessage ?? ''].some((text) => folded(text).includes(needle));
}

const byGiver = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byDate = (a: Gift, b: Gift) => a.createdAt.getTime() - b.createdAt.getTime();

const COMPARE: Record<GiftListQuery['sort'], (a: Gift, b: Gift) => number> = {
  date: byDate,
  amount: (a, b) => a.amount - b.amount,
  giver: (a, b) => byGiver.compare(a.giftGiverName.trim(), b.giftGiverName.trim()),
};

/**
 * The owner's full list: paid gifts, and paid gifts since refunded (shown as such, so the family
 * sees what became of them); failed, abandoned and pending payments are not gifts. Searched, sorted
 * and cut into pages. Ties keep a fixed order (date,
 * then id), so paging through never shows a gift twice or skips one.
 */
export function giftListPage(gifts: readonly Gift[], query: GiftListQuery): GiftListPage {
  const listed = gifts.filter(isListed);
  const needle = folded(query.q.trim());
  const found = needle === '' ? listed : listed.filter((gift) => matches(gift, needle));
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = [...found].sort(
    (a, b) => direction * (COMPARE[query.sort](a, b) || byDate(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  const start = (query.page - 1) * GIFT_LIST_PAGE_SIZE;
  return {
    gifts: sorted.slice(start, start + GIFT_LIST_PAGE_SIZE),
    matching: found.length,
    giftCount: listed.length,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(found.length / GIFT_LIST_PAGE_SIZE)),
  };
}
