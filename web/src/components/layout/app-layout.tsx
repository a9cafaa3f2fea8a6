import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PAGE_READY_ATTRIBUTE } from '@api/server-rendering';
import { loadOncePageLive, markPageLive } from '@/lib/page-live';
import { takeTappedLink } from '@/lib/tapped-link';
import { ErrorBoundary } from '@/components/error-boundary';
import { PageSpinner } from '@/components/page-spinner';
import { NavBar } from './nav-bar';

const MAIN_ID = 'main-content';

// Below the first screen on every page (main is at least a screen tall), so its code waits for the page to be live.
const Footer = lazy(() => loadOncePageLive(() => import('./footer')).then((module) => ({ default: module.Footer })));

/**
 * Marks <html> with data-page-ready once the page is live: for a page drawn on the server, once
 * the browser has taken it over (its effects run only then), which is when a tap does what it says.
 * A link tapped before then was kept by the page's first script (scripts/first-load.template.js):
 * it is followed now.
 */
function PageReady() {
  const navigate = useNavigate();
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_READY_ATTRIBUTE, '');
    markPageLive();
    const tapped = takeTappedLink(document);
    if (tapped) void navigate(tapped);
  }, [navigate]);
  return null;
}

/** The frame of every page: skip link, navigation bar, the page, footer. */
export function AppLayout() {
  const { pathname, hash } = useLocation();

  // A new page starts at the top, unless the link points at an anchor in it: before it is painted,
  // so it never shows for a moment where the page before it was scrolled to.
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <NavBar />
      {/* At least a screen tall: the footer starts below the first screen, so it cannot jump down once the page arrives. */}
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flex: 1, minHeight: '100vh', '&:focus': { outline: 'none' } }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner label="Loading page…" />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </Box>
  );
}
