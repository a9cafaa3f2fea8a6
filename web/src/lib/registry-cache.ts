import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { AnyRegistryView } from '@api/registries';
import { MY_REGISTRIES_KEY } from './use-my-registries';
import { RECENTLY_CREATED_KEY } from './use-recently-created-registries';
import { registryKey } from './use-registry';
import { useUser } from './use-user';

/**
 * The cache every registry change goes through (the registry's own changes and its payout's). Each
 * change updates what it changed in the cache and drops the lists that show it (the user's
 * registries, past searches, the newest registries), so no screen shows the old state.
 */
export function useRegistryCache() {
  const { mutate } = useSWRConfig();
  const { user } = useUser();
  const viewerId = user?.id ?? null;

  const dropLists = useCallback(async () => {
    await mutate(
      (key) =>
        key === MY_REGISTRIES_KEY || key === RECENTLY_CREATED_KEY || (typeof key === 'string' && key.startsWith('/api/registries/search')),
      undefined,
      { revalidate: true },
    );
  }, [mutate]);

  const setRegistry = useCallback(
    async (id: string, update: AnyRegistryView | ((current: AnyRegistryView | undefined) => AnyRegistryView | undefined)) => {
      await mutate(registryKey(id, viewerId), update, { revalidate: false });
    },
    [mutate, viewerId],
  );

  return { dropLists, setRegistry, mutate, viewerId };
}
