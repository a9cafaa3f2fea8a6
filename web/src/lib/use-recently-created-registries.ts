import useSWR from 'swr';
import type { RegistrySearchResult } from '@api/registries';

export const RECENTLY_CREATED_KEY = '/api/registries/recent';

/** GET /api/registries/recent: the newest open registries, as cards without money (visitors' 'Recent Registries'). */
export function useRecentlyCreatedRegistries() {
  const { data, error, isLoading } = useSWR<RegistrySearchResult[]>(RECENTLY_CREATED_KEY);
  return { registries: data, error: error as unknown, isLoading };
}
