import useSWR from 'swr';
import type { AdminGiftLookup } from '@api/admin';

export type { AdminGiftLookup };
export type AdminGift = AdminGiftLookup['gifts'][number];

export function giftLookupPath(registry: string): string {
  return `/api/admin/gifts?${new URLSearchParams({ registry }).toString()}`;
}

/** GET /api/admin/gifts: the registry an administrator named, with its paid and refunded gifts. */
export function useGiftLookup(registry: string) {
  const { data, error, isLoading, mutate } = useSWR<AdminGiftLookup>(registry.trim() === '' ? null : giftLookupPath(registry.trim()));
  return { lookup: data, error: error as unknown, isLoading, reload: mutate };
}
