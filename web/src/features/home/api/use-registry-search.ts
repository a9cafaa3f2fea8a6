import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import useSWR from 'swr';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import type { RegistrySearchResult } from '@api/registries';

/** docs/product.md#constants-and-limits: the search waits 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * docs/product.md#validation-rules: a search is sent only when the query is longer than 1 character. The server has
 * its own, stricter rule (3 letters of a word of the name) and says so; see queryHint.
 */
function isSearchable(query: string): boolean {
  return query.trim().length > 1;
}

function searchPath(query: string): string {
  return `/api/registries/search?q=${encodeURIComponent(query)}`;
}

/**
 * What the server asks of a query it refused as too vague (400 with a message for q): a hint to
 * show in place of the results, not a failure.
 */
function queryHint(error: unknown): string | null {
  return isApiError(error) && error.status === 400 ? (error.fields?.q ?? null) : null;
}

/**
 * The server's answer when this network has searched too much (429): what it says, how long to
 * wait included, is what the guest needs to read.
 */
function limitAnswer(error: unknown): string | null {
  return isApiError(error) && error.status === 429 ? error.message : null;
}

export interface RegistrySearch {
  /** What the box shows. */
  query: string;
  setQuery: (value: string) => void;
  /** The trimmed, debounced query being searched, or null when no search is active. */
  activeQuery: string | null;
  results: RegistrySearchResult[] | undefined;
  /** The server's hint for a query it would not search (too few letters), or null. */
  hint: string | null;
  /** The server's answer when too many searches came from this network (and when to try again), or null. */
  limited: string | null;
  error: unknown;
  isLoading: boolean;
  /** Empties the box, ends the search at once and puts the focus back in the box. */
  clear: () => void;
  /** The search box, for the focus. */
  inputRef: RefObject<HTMLInputElement | null>;
}

/** The registry search of the landing page and the dashboard. A failed search is not retried. */
export function useRegistrySearch(): RegistrySearch {
  const { toast } = useToast();
  const [query, setQueryState] = useState('');
  const [debounced, setDebounced] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement | null>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setQuery = useCallback((value: string) => {
    setQueryState(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDebounced(value.trim()), SEARCH_DEBOUNCE_MS);
  }, []);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setQueryState('');
    setDebounced('');
    inputRef.current?.focus();
  }, []);

  const activeQuery = isSearchable(debounced) ? debounced : null;
  const { data, error, isLoading } = useSWR<RegistrySearchResult[]>(activeQuery ? searchPath(activeQuery) : null, {
    onError: (failure: unknown) => {
      if (queryHint(failure)) return;
      toast({ title: 'Search failed', description: limitAnswer(failure) ?? 'Please try again in a moment.', variant: 'destructive' });
    },
  });
  const hint = queryHint(error);
  const limited = limitAnswer(error);

  return {
    query,
    setQuery,
    activeQuery,
    results: data,
    hint,
    limited,
    error: hint || limited ? undefined : (error as unknown),
    isLoading,
    clear,
    inputRef,
  };
}
