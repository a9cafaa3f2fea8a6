import { pageParam, refuseParam as refuse, refuseUnknownParams, singleParam as single } from './query-params';

/**
 * How the owner's full gift list is asked for: searched (giver's name, e-mail or message), sorted
 * by date, amount or giver, and served a page at a time so a registry with hundreds of gifts
 * answers quickly. Shared with the web, which offers these sorts and pages by this size.
 */
export const GIFT_LIST_SORTS = ['date', 'amount', 'giver'] as const;
export type GiftListSort = (typeof GIFT_LIST_SORTS)[number];

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Gifts on one page of the list. */
export const GIFT_LIST_PAGE_SIZE = 50;
export const GIFT_LIST_SEARCH_MAX_LENGTH = 200;

/** Newest first, largest first, and givers A to Z, unless asked otherwise. */
export const DEFAULT_ORDERS: Record<GiftListSort, SortOrder> = { date: 'desc', amount: 'desc', giver: 'asc' };

export interface GiftListQuery {
  q: string;
  sort: GiftListSort;
  order: SortOrder;
  /** From 1. */
  page: number;
}

const ALLOWED = ['q', 'sort', 'order', 'page'];

/** Reads the list's query string; anything it does not offer is refused with a message for its field. */
export function parseGiftListQuery(query: unknown): GiftListQuery {
  const params = (query ?? {}) as Record<string, unknown>;
  refuseUnknownParams(params, ALLOWED);

  const q = (single(params, 'q') ?? '').trim();
  if (q.length > GIFT_LIST_SEARCH_MAX_LENGTH) refuse('q', `Search can be at most ${GIFT_LIST_SEARCH_MAX_LENGTH} characters`);

  const sortText = single(params, 'sort') ?? 'date';
  if (!(GIFT_LIST_SORTS as readonly string[]).includes(sortText)) refuse('sort', 'Sort must be date, amount or giver');
  const sort = sortText as GiftListSort;

  const orderText = single(params, 'order') ?? DEFAULT_ORDERS[sort];
  if (!(SORT_ORDERS as readonly string[]).includes(orderText)) refuse('order', 'Order must be asc or desc');

  return { q, sort, order: orderText as SortOrder, page: pageParam(params) };
}
