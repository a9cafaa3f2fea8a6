import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Currency } from '../../../../../core/money';
import {
  changeCurrencySchema,
  createRegistrySchema,
  editRegistrySchema,
  type CreateRegistryInput,
  type EditRegistryInput,
} from '../../../../../core/registry/registry-schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { useUser } from '../../auth/api/use-user';
import { forgetRegistry } from '../lib/recent-registries';
import { MY_REGISTRIES_KEY } from './use-my-registries';
import { registryKey, registryPath } from './use-registry';
import type { AnyRegistryView, OwnerRegistryView, RegistryView } from './types';

/**
 * The registry changes. Each one updates what it changed in the cache and drops the lists that
 * show it (the user's registries, past searches), so no screen shows the old state.
 */
export function useRegistryCache() {
  const { mutate } = useSWRConfig();
  const { user } = useUser();
  const viewerId = user?.id ?? null;

  const dropLists = useCallback(async () => {
    await mutate(
      (key) => key === MY_REGISTRIES_KEY || (typeof key === 'string' && key.startsWith('/api/registries/search')),
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

/** POST /api/registries with exactly the spec's fields; answers the new registry. */
export function useCreateRegistry() {
  const { dropLists, setRegistry } = useRegistryCache();
  return useCallback(
    async (values: CreateRegistryInput): Promise<OwnerRegistryView> => {
      const body = createRegistrySchema.cast(values, { stripUnknown: true });
      const created = await apiFetch<OwnerRegistryView>('/api/registries', { method: 'POST', body });
      await setRegistry(created.id, created);
      await dropLists();
      return created;
    },
    [dropLists, setRegistry],
  );
}

/** PUT /api/registries/{id}: child's name, celebration date, personal message and photo. */
export function useUpdateRegistry() {
  const { dropLists, setRegistry } = useRegistryCache();
  return useCallback(
    async (id: string, values: EditRegistryInput): Promise<OwnerRegistryView> => {
      const body = editRegistrySchema.cast(values, { stripUnknown: true });
      const updated = await apiFetch<OwnerRegistryView>(registryPath(id), { method: 'PUT', body });
      await setRegistry(id, updated);
      await dropLists();
      return updated;
    },
    [dropLists, setRegistry],
  );
}

export interface CurrencyChanged {
  message: string;
  currency: Currency;
}

/** PATCH /api/registries/{id}/currency. */
export function useChangeCurrency() {
  const { dropLists, setRegistry } = useRegistryCache();
  return useCallback(
    async (id: string, currency: Currency): Promise<CurrencyChanged> => {
      const body = changeCurrencySchema.cast({ currency }, { stripUnknown: true });
      const result = await apiFetch<CurrencyChanged>(`${registryPath(id)}/currency`, { method: 'PATCH', body });
      const changedTo = result?.currency ?? currency;
      await setRegistry(id, (current) => (current ? { ...current, currency: changedTo } : current));
      await dropLists();
      return result;
    },
    [dropLists, setRegistry],
  );
}

/** DELETE /api/registries/{id}; the registry leaves every cache and the recent list. */
export function useDeleteRegistry() {
  const { dropLists, mutate, viewerId } = useRegistryCache();
  return useCallback(
    async (id: string): Promise<void> => {
      await apiFetch<{ message: string }>(registryPath(id), { method: 'DELETE' });
      forgetRegistry(id);
      await mutate(registryKey(id, viewerId), undefined, { revalidate: false });
      await dropLists();
    },
    [dropLists, mutate, viewerId],
  );
}

/** GET /api/registries/short/{code}. */
export function fetchRegistryByShortCode(shortCode: string): Promise<RegistryView> {
  return apiFetch<RegistryView>(`/api/registries/short/${encodeURIComponent(shortCode)}`);
}
