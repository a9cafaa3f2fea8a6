import { createContext, useCallback } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { registryPath } from '@/lib/use-registry';
import { apiFetch } from '@/lib/api-fetch';
import type { ContributorsPageView, ContributorView, ThankYouNoteView } from '@api/thank-you';
import { withNoteInPages } from '@/features/thank-you/lib/contributors';

export function contributorsPath(registryId: string): string {
  return `${registryPath(registryId)}/contributors`;
}

/** One page of the contributors, searched by name or e-mail (none: everyone). */
export function contributorsPagePath(registryId: string, query: string, page: number): string {
  const search = query === '' ? '' : `&q=${encodeURIComponent(query)}`;
  return `${contributorsPath(registryId)}?page=${page}${search}`;
}

/**
 * GET /api/registries/{id}/contributors, every contributor, once the viewer is known to own the
 * registry: for the guest list's givers and the card for everyone, which want them all.
 */
export function useContributors(registryId: string | null) {
  const { data, error, isLoading, mutate } = useSWR<ContributorView[]>(registryId ? contributorsPath(registryId) : null);
  return { contributors: data, error: error as unknown, isLoading, mutate };
}

/** Every contributor, fresh, for an action on them all (the CSV export). */
export function fetchAllContributors(registryId: string): Promise<ContributorView[]> {
  return apiFetch<ContributorView[]>(contributorsPath(registryId));
}

/**
 * The thank-you cards page's list: the pages of contributors loaded so far for this search, first
 * page first (its progress and counts are the page's), a page more each time `showMore` is called.
 */
export function useContributorPages(registryId: string, query: string) {
  const { data, error, isLoading, isValidating, mutate, size, setSize } = useSWRInfinite<ContributorsPageView>(
    (index: number, previous: ContributorsPageView | null) =>
      previous && index >= previous.pageCount ? null : contributorsPagePath(registryId, query, index + 1),
    // The pages already shown stay as they are while another loads; a change of card refreshes
    // them all, and so does coming back to the page (a card marked given on the print page).
    { revalidateFirstPage: false, revalidateOnMount: true, keepPreviousData: true },
  );
  const putNote = useCallback(
    async (note: ThankYouNoteView) => {
      await mutate((pages) => pages && withNoteInPages(pages, note), { revalidate: false });
    },
    [mutate],
  );
  const refresh = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const first = data?.[0];
  const rows = data?.flatMap((page) => page.contributors);
  const loadingMore = size > (data?.length ?? 0) && !error;
  return {
    first,
    rows,
    error: error as unknown,
    isLoading,
    isValidating,
    loadingMore,
    hasMore: first !== undefined && (data?.length ?? 0) < first.pageCount,
    showMore: () => void setSize(size + 1),
    putNote,
    refresh,
  };
}

/**
 * The pages the thank-you cards page shows, for the actions that change a card: they put the
 * note on its row and its count at once, then ask for the pages again.
 */
export interface ContributorPagesCache {
  putNote: (note: ThankYouNoteView) => Promise<void>;
  refresh: () => Promise<void>;
}

export const ContributorPagesContext = createContext<ContributorPagesCache | null>(null);
