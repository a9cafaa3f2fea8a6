import type { Cents } from '../money';
import type { OfflineGift } from './offline-gift';
import { giftMessage, givenAt, receivedGifts, type ReceivedGift } from './received-gift';
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

/** What the list searches and sorts a received gift by: a repository can read these alone. */
export interface GiftListKey {
  id: string;
  giftGiverName: string;
  giftGiverEmail: string | null;
  message: string | null;
  givenAt: Date;
  amount: Cents;
}

export function giftListKeyOf(gift: ReceivedGift): GiftListKey {
  return { id: gift.id, giftGiverName: gift.giftGiverName, giftGiverEmail: gift.giftGiverEmail, message: giftMessage(gift), givenAt: givenAt(gift), amount: gift.amount };
}

/** Case and accents do not matter to a search: "José" is found by "jose". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

function matches(gift: GiftListKey, needle: string): boolean {
  return [gift.giftGiverName, gift.giftGiverEmail ?? '', gift.message ?? ''].some((text) => folded(text).includes(needle));
}

const byGiver = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const byDate = (a: GiftListKey, b: GiftListKey) => a.givenAt.getTime() - b.givenAt.getTime();

const COMPARE: Record<GiftListQuery['sort'], (a: GiftListKey, b: GiftListKey) => number> = {
  date: byDate,
  amount: (a, b) => a.amount - b.amount,
  giver: (a, b) => byGiver.compare(a.giftGiverName.trim(), b.giftGiverName.trim()),
};

/**
 * Whether a database can order and page the list itself: by date or amount, ties broken by date
 * and then id (uuids order as their text does), every direction the same. A search folds accents
 * and a sort by giver compares names as people read them (Intl.Collator); those the list does
 * here, on the keys alone.
 */
export function ordersInDatabase(query: GiftListQuery): boolean {
  return query.q.trim() === '' && query.sort !== 'giver';
}

/**
 * The keys of one page, in the order asked for, and how many match. Ties keep a fixed order
 * (date, then id), so paging through never shows a gift twice or skips one.
 */
export function giftListKeysPage<T extends GiftListKey>(keys: readonly T[], query: GiftListQuery): { keys: T[]; matching: number } {
  const needle = folded(query.q.trim());
  const found = needle === '' ? keys : keys.filter((key) => matches(key, needle));
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = [...found].sort(
    (a, b) => direction * (COMPARE[query.sort](a, b) || byDate(a, b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
  );
  const start = (query.page - 1) * GIFT_LIST_PAGE_SIZE;
  return { keys: sorted.slice(start, start + GIFT_LIST_PAGE_SIZE), matching: found.length };
}

export function pageCountOf(matching: number): number {
  return Math.max(1, Math.ceil(matching / GIFT_LIST_PAGE_SIZE));
}

/**
 * The owner's full list: paid gifts, paid gifts since refunded (shown as such, so the family sees
 * what became of them), and gifts given by hand; failed, abandoned and pending payments are not
 * gifts. Searched, sorted and cut into pages.
 */
export function giftListPage(gifts: readonly Gift[], query: GiftListQuery, offlineGifts: readonly OfflineGift[] = []): GiftListPage {
  const received = receivedGifts(gifts.filter(isListed), offlineGifts);
  const { keys, matching } = giftListKeysPage(received.map((gift) => ({ ...giftListKeyOf(gift), gift })), query);
  return { gifts: keys.map((key) => key.gift), matching, giftCount: received.length, page: query.page, pageCount: pageCountOf(matching) };
}
