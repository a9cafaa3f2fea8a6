import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { ToastProvider } from '@/components/toast';
import { swrFetcher } from '@/lib/api-fetch';
import { ConfigProvider } from '@/lib/use-config';
import { UserProvider } from '@/lib/use-user';
import { theme } from './theme';

/**
 * Queries are not retried, not refetched on focus or reconnect, not polled, and cached data
 * never goes stale (docs/product.md#calls).
 */
const swrOptions: SWRConfiguration = {
  fetcher: swrFetcher,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
};

/**
 * Everything the pages need around them except the router, so the browser can use a
 * BrowserRouter, the server a StaticRouter and tests a MemoryRouter. An outer <SWRConfig provider>
 * (as in tests) supplies the cache; otherwise SWR's default cache is used. `fallback` holds the
 * answers a page was rendered from on the server, keyed as SWR keys them, so the browser asks
 * none of them again.
 */
export function AppProviders({ children, fallback }: { children: ReactNode; fallback?: Record<string, unknown> }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SWRConfig value={fallback ? { ...swrOptions, fallback } : swrOptions}>
        <ConfigProvider>
          <UserProvider>
            <ToastProvider>{children}</ToastProvider>
          </UserProvider>
        </ConfigProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}
