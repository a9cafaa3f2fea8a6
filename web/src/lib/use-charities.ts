import useSWR from 'swr';
import type { CharityView } from '@api/charities';

export type { CharityView };

export const CHARITIES_KEY = '/api/charities';

export function useCharities() {
  const { data, error, isLoading, mutate } = useSWR<CharityView[]>(CHARITIES_KEY);
  return { charities: data, error: error as unknown, isLoading, mutate };
}

/** "civil-rights" → "Civil Rights". */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
