import { StrictMode, useState } from 'react';
import { BrowserRouter } from 'react-router';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ServerPageTitle } from '@/lib/use-page-title';
import { SiteOrigin } from '@/lib/site-origin';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { createStyleCache } from './style-cache';

/**
 * The app inside its router: the same tree in the browser (ClientApp) and on the server
 * (web/src/entry-server.tsx), which must match element for element for the browser to take a
 * server-drawn page over.
 */
export function AppTree({
  fallback,
  styleCache,
  origin = null,
  pageTitle = null,
}: {
  fallback?: Record<string, unknown> | undefined;
  styleCache: EmotionCache;
  /** The site's origin where there is no window (the server); the page's own otherwise. */
  origin?: string | null;
  /** Where the server learns the page's title (see ServerPageTitle). */
  pageTitle?: { title: string } | null;
}) {
  return (
    <CacheProvider value={styleCache}>
      <SiteOrigin value={origin}>
        <ServerPageTitle value={pageTitle}>
          <AppProviders fallback={fallback}>
            <AppRoutes />
          </AppProviders>
        </ServerPageTitle>
      </SiteOrigin>
    </CacheProvider>
  );
}

/** The app as the browser runs it; `fallback` holds the answers a server-drawn page was built from. */
export function ClientApp({ fallback }: { fallback?: Record<string, unknown> }) {
  // One cache for the app's life: it holds the styles the server's page came with.
  const [styleCache] = useState(createStyleCache);
  return (
    <StrictMode>
      <BrowserRouter>
        <AppTree fallback={fallback} styleCache={styleCache} />
      </BrowserRouter>
    </StrictMode>
  );
}
