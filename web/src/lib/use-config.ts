import { useMemo } from 'react';
import useSWR from 'swr';
import type { PublicConfig } from '@api/system';
import { sharedAnswer } from './shared-answer';

/** GET /api/config: what the browser needs to know about the server's set-up. */
export type AppConfig = PublicConfig;

export const CONFIG_KEY = '/api/config';

export interface ConfigState {
  config: AppConfig | undefined;
  error: unknown;
  isLoading: boolean;
}

function useConfigAnswer(key: string | null): ConfigState {
  const { data, error, isLoading } = useSWR<AppConfig>(key);
  return useMemo(() => ({ config: data, error: error as unknown, isLoading }), [data, error, isLoading]);
}

const sharedConfig = sharedAnswer(CONFIG_KEY, useConfigAnswer);

/** Asks for the configuration once for the whole app (why: lib/shared-answer.ts). */
export const ConfigProvider = sharedConfig.Provider;

/** The configuration: from the ConfigProvider above, or asked here where there is none. */
export function useConfig(): ConfigState {
  return sharedConfig.useShared();
}
