import useSWR from 'swr';
import type { CharityCategory } from '../../../../../core/charity/charity';

/** A charity as GET /api/charities answers with it. */
export interface CharityView {
  id: string;
  name: string;
  description: string;
  website: string | null;
  imageUrl: string | null;
  category: CharityCategory;
  isActive: boolean;
  createdAt: string;
}

export const CHARITIES_KEY = '/api/charities';

export function useCharities() {
  const { data, error, isLoading } = useSWR<CharityView[]>(CHARITIES_KEY);
  return { charities: data, error: error as unknown, isLoading };
}

/** "civil-rights" → "Civil Rights". */
export function categoryLabel(category: string): string {
  return category
    .split('-')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
