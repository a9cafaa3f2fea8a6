import type { GiftListSort, SortOrder } from '@core/model/gift-list-query';

/** The list's one sort control: each choice is a sort and its direction, said plainly. */
export const GIFT_LIST_ORDERS = [
  { value: 'date-desc', label: 'Newest first', sort: 'date', order: 'desc' },
  { value: 'date-asc', label: 'Oldest first', sort: 'date', order: 'asc' },
  { value: 'amount-desc', label: 'Largest amount first', sort: 'amount', order: 'desc' },
  { value: 'amount-asc', label: 'Smallest amount first', sort: 'amount', order: 'asc' },
  { value: 'giver-asc', label: 'Giver, A to Z', sort: 'giver', order: 'asc' },
  { value: 'giver-desc', label: 'Giver, Z to A', sort: 'giver', order: 'desc' },
] as const satisfies readonly { value: string; label: string; sort: GiftListSort; order: SortOrder }[];

export type GiftListOrder = (typeof GIFT_LIST_ORDERS)[number];

export const DEFAULT_GIFT_LIST_ORDER: GiftListOrder = GIFT_LIST_ORDERS[0];

/** The choice a sort and direction name, or the default for anything else (a hand-edited address). */
export function giftListOrder(sort: string | null, order: string | null): GiftListOrder {
  return GIFT_LIST_ORDERS.find((choice) => choice.sort === sort && choice.order === order) ?? DEFAULT_GIFT_LIST_ORDER;
}
