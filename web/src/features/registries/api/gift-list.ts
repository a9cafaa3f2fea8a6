import useSWR from 'swr';
import type { GiftListSort, SortOrder } from '@core/model/gift-list-query';
import type { GiftListView } from '@api/gifts';
import { registryPath } from '@/lib/use-registry';

export interface GiftListParams {
  q: string;
  sort: GiftListSort;
  order: SortOrder;
  page: number;
}

export function giftListPath(registryId: string, params: GiftListParams): string {
  const search = new URLSearchParams({ sort: params.sort, order: params.order, page: String(params.page) });
  if (params.q.trim() !== '') search.set('q', params.q.trim());
  return `${registryPath(registryId)}/gift-list?${search.toString()}`;
}

/** The page asked for; the previous page stays on screen while the next one loads. */
export function useGiftList(registryId: string | undefined, params: GiftListParams) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<GiftListView>(registryId ? giftListPath(registryId, params) : null, {
    keepPreviousData: true,
  });
  return { list: data, error: error as unknown, isLoading, isValidating, reload: mutate };
}
