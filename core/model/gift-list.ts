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

function giftListKeyOf(gift: ReceivedGift): GiftListKey {
  return {
    id: gift.id,
    giftGiverName: gift.giftGiverName,
    giftGiverEmail: gift.giftGiverEmail,
    message: giftMessage(gift),
    givenAt: givenAt(gift),
    amount: gift.amount,
  };
}

/** Case and accents do not matter to a search or to the sort by giver: "José" is found by "jose". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en');
}

/**
 * What the list searches and sorts a gift by, folded once when the gift is written: a database
 * stores them beside the gift, so it can search and order the list itself however many gifts
 * there are, and reach the same answer as core does here.
 */
export interface GiftListSearchKeys {
  giverKey: string;
  emailKey: string | null;
  messageKey: string | null;
}

export function giftListSearchKeys(giftGiverName: string, giftGiverEmail: string | null, message: string | null): GiftListSearchKeys {
  return {
    giverKey: folded(giftGiverName.trim()),
    emailKey: giftGiverEmail === null ? null : folded(giftGiverEmail),
    messageKey: message === null ? null : folded(message),
  };
}

/** The text a search looks for, folded as the keys are. */
export function searchNeedle(text: string): string {
  return folded(text.trim());
}

export function giftListNeedle(query: GiftListQuery): string {
  return searchNeedle(query.q);
}

function matches(gift: GiftListKey, needle: string): boolean {
  const keys = giftListSearchKeys(gift.giftGiverName, gift.giftGiverEmail, gift.message);
  return [keys.giverKey, keys.emailKey ?? '', keys.messageKey ?? ''].some((text) => text.includes(needle));
}

/**
 * Code point by code point, as a database's "C" collation compares UTF-8 bytes; JavaScript's own
 * comparison of UTF-16 units differs above U+FFFF.
 */
function byCodePoints(a: string, b: string): number {
  for (let index = 0; index < a.length && index < b.length; ) {
    const [x, y] = [a.codePointAt(index)!, b.codePointAt(index)!];
    if (x !== y) return x - y;
    index += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

const byDate = (a: GiftListKey, b: GiftListKey) => a.givenAt.getTime() - b.givenAt.getTime();

const COMPARE: Record<GiftListQuery['sort'], (a: GiftListKey, b: GiftListKey) => number> = {
  date: byDate,
  amount: (a, b) => a.amount - b.amount,
  // Folded, so "émile" sorts beside "emile" and case does not matter.
  giver: (a, b) =>
    byCodePoints(giftListSearchKeys(a.giftGiverName, null, null).giverKey, giftListSearchKeys(b.giftGiverName, null, null).giverKey),
};

/**
 * The keys of one page, in the order asked for, and how many match. Ties keep a fixed order
 * (date, then id; uuids order as their text does), every direction the same, so paging through
 * never shows a gift twice or skips one. A database pages the same way over its stored keys
 * (adapters/persistence/repositories/mikro-orm-gift-list-page.ts).
 */
export function giftListKeysPage<T extends GiftListKey>(keys: readonly T[], query: GiftListQuery): { keys: T[]; matching: number } {
  const needle = giftListNeedle(query);
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
  const { keys, matching } = giftListKeysPage(
    received.map((gift) => ({ ...giftListKeyOf(gift), gift })),
    query,
  );
  return { gifts: keys.map((key) => key.gift), matching, giftCount: received.length, page: query.page, pageCount: pageCountOf(matching) };
}
