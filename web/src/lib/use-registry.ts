import { useDeferredValue } from 'react';
import useSWR from 'swr';
import { apiFetch, isApiError } from './api-fetch';
import { useUser } from './use-user';
import type { AnyRegistryView, ManagerRegistryView, OwnerRegistryView } from '@api/registries';

export function registryPath(id: string): string {
  return `/api/registries/${encodeURIComponent(id)}`;
}

/**
 * The cache key of a registry: the same call answers the owner's view or the public one, so the
 * key names the viewer too; signing in or out never shows the other view from the cache.
 */
export type RegistryKey = readonly [path: string, viewerId: string | null];

export function registryKey(id: string, viewerId: string | null): RegistryKey {
  return [registryPath(id), viewerId];
}

function fetchRegistry([path]: RegistryKey): Promise<AnyRegistryView> {
  return apiFetch<AnyRegistryView>(path);
}

/** GET /api/registries/{id}, once the viewer is known. */
export function useRegistry(id: string | undefined) {
  const { user, isLoading: userLoading } = useUser();
  const viewerId = user?.id ?? null;
  const key = id && !userLoading ? registryKey(id, viewerId) : null;
  const { data, error, isLoading, mutate } = useSWR<AnyRegistryView, unknown, RegistryKey | null>(key, fetchRegistry);
  // SWR's answer arrives as an urgent update, which React renders in one piece; deferred, the
  // page built from it renders in slices a slow phone can interrupt, and the spinner stays meanwhile.
  const registry = useDeferredValue(data);
  return {
    registry,
    error,
    isLoading: userLoading || isLoading || (data !== undefined && registry === undefined),
    isNotFound: isApiError(error) && error.status === 404,
    viewerId,
    mutate,
  };
}

/** The owner is the signed-in user whose id is the registry's userId (docs/product.md#registry-page). */
export function isOwnerView(registry: AnyRegistryView, viewerId: string | null): registry is OwnerRegistryView {
  return registry.isOwner === true && viewerId !== null && registry.userId === viewerId;
}

/**
 * The owner or a co-owner: they manage the registry together, and the page shows them its tools
 * (the server says which, and refuses a co-owner the owner's own calls whatever the page shows).
 */
export function isManagerView(registry: AnyRegistryView, viewerId: string | null): registry is ManagerRegistryView {
  return isOwnerView(registry, viewerId) || (registry.isCoOwner === true && viewerId !== null);
}
