import useSWR from 'swr';
import type { MyRegistry } from '@api/registries';

export const MY_REGISTRIES_KEY = '/api/registries/my';

/** GET /api/registries/my: only for a signed-in user who is not searching (docs/product.md#calls). */
export function useMyRegistries(enabled: boolean) {
  const { data, error, isLoading } = useSWR<MyRegistry[]>(enabled ? MY_REGISTRIES_KEY : null);
  return { registries: data, error: error as unknown, isLoading };
}
