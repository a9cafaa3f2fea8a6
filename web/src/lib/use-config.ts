import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import type { PublicConfig } from '@api/system';

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

const ConfigContext = createContext<ConfigState | null>(null);

/** The configuration, asked once for the whole app (why one subscription: UserProvider in use-user.ts). */
export function ConfigProvider({ children }: { children: ReactNode }) {
  return createElement(ConfigContext.Provider, { value: useConfigAnswer(CONFIG_KEY) }, children);
}

/** The configuration: from the ConfigProvider above, or asked here where there is none (a component tested alone). */
export function useConfig(): ConfigState {
  const provided = useContext(ConfigContext);
  const own = useConfigAnswer(provided ? null : CONFIG_KEY);
  return provided ?? own;
}
