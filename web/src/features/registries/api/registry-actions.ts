import { useCallback } from 'react';
import type { Currency } from '@core/money';
import {
  changeCurrencySchema,
  createRegistrySchema,
  editRegistrySchema,
  type CreateRegistryInput,
  type EditRegistryInput,
} from '@core/registry/registry-schemas';
import { apiFetch } from '@/lib/api-fetch';
import { forgetRegistry } from '@/lib/recent-registries';
import { useRegistryCache } from '@/lib/registry-cache';
import { registryKey, registryPath } from '@/lib/use-registry';
import type { ManagerRegistryView, OwnerRegistryView } from '@api/registries';
import type { currencyChangedSchema } from '@api/registries';
import type { Wire } from '@api/json-schema';

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
    async (id: string, values: EditRegistryInput): Promise<ManagerRegistryView> => {
      const body = editRegistrySchema.cast(values, { stripUnknown: true });
      const updated = await apiFetch<ManagerRegistryView>(registryPath(id), { method: 'PUT', body });
      await setRegistry(id, updated);
      await dropLists();
      return updated;
    },
    [dropLists, setRegistry],
  );
}

export type CurrencyChanged = Wire<typeof currencyChangedSchema>;

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
