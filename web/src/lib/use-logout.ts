import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { apiFetch } from './api-fetch';
import { USER_KEY } from './use-user';

/**
 * POST /api/logout; then every cached response is dropped (docs/product.md#states-and-transitions) and the current
 * user becomes null. Queries still on screen (like the site configuration) fetch afresh.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<void> => {
    await apiFetch<unknown>('/api/logout', { method: 'POST' });
    await mutate(USER_KEY, null, { revalidate: false });
    void mutate((key) => key !== USER_KEY, undefined, { revalidate: true });
  }, [mutate]);
}
