import { apiFetch } from '@/lib/api-fetch';
import type { RegistryView } from '@api/registries';

/** GET /api/short-links/{shortCode}. Apart from the registry actions, whose schemas a guest following a share link does not need. */
export function fetchRegistryByShortCode(shortCode: string): Promise<RegistryView> {
  return apiFetch<RegistryView>(`/api/short-links/${encodeURIComponent(shortCode)}`);
}
