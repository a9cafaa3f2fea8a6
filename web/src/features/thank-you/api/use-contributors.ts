import useSWR from 'swr';
import { registryPath } from '@/lib/use-registry';
import type { ContributorView } from '@api/thank-you';

export function contributorsPath(registryId: string): string {
  return `${registryPath(registryId)}/contributors`;
}

/** GET /api/registries/{id}/contributors, once the viewer is known to own the registry. */
export function useContributors(registryId: string | null) {
  const { data, error, isLoading, mutate } = useSWR<ContributorView[]>(registryId ? contributorsPath(registryId) : null);
  return { contributors: data, error: error as unknown, isLoading, mutate };
}
