import useSWR from 'swr';
import type { PublicConfig } from '@api/system';

/** GET /api/config: what the browser needs to know about the server's set-up. */
export type AppConfig = PublicConfig;

export const CONFIG_KEY = '/api/config';

export function useConfig() {
  const { data, error, isLoading } = useSWR<AppConfig>(CONFIG_KEY);
  return { config: data, error: error as unknown, isLoading };
}
