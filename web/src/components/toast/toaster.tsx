import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import { loadOncePageLive } from '@/lib/page-live';
import { TOAST_HOTKEY, TOAST_REGION_LABEL, type ToastItem } from './toast-store';

// A notification's card is not on a page's first screen: its code comes once the page is live
// (a guest's first script stays within 150 KB), or at the first notification if that is sooner.
// Once here it draws at once, with no suspense: a message must not wait for a render.
let ToastCard: typeof import('./toast-card').ToastCard | null = null;
/** Loads the card's code (the page loads it once live; a test that checks toasts at once, before). */
export const loadToastCard = () =>
  import('./toast-card').then((module) => {
    ToastCard = module.ToastCard;
  });
void loadOncePageLive(loadToastCard).catch(() => undefined);

interface ToasterProps {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
}

/**
 * Moves the focus to the notification region (as F8 does), so a keyboard or screen-reader user
 * lands on the message that explains why an action failed.
 */
export function focusNotifications(): void {
  document.querySelector<HTMLElement>(`section[aria-label="${TOAST_REGION_LABEL}"]`)?.focus();
}

/**
 * The notification region: F8 moves focus to it (docs/product.md#constants-and-limits). It is a direct child of
 * <body>, and stays there readable while a dialog is open: a modal dialog hides the rest of the
 * page from assistive technology, but a message about what the dialog just did must be heard.
 */
const noSubscription = () => () => {};

export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const regionRef = useRef<HTMLElement>(null);
  const [, setCardLoaded] = useState(ToastCard !== null);
  const showing = toasts.some((t) => t.open);
  useEffect(() => {
    if (showing && !ToastCard) void loadToastCard().then(() => setCardLoaded(true));
  }, [showing]);
  // The region lives in <body>, outside the page a server draws: it joins the page in the browser,
  // once the page drawn on the server has been taken over (at once when the browser draws it all).
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  useEffect(() => {
    const region = regionRef.current;
    if (!region || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (region.getAttribute('aria-hidden') === 'true') region.removeAttribute('aria-hidden');
    });
    observer.observe(region, { attributes: true, attributeFilter: ['aria-hidden'] });
    return () => observer.disconnect();
  }, [inBrowser]);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY) regionRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const Card = ToastCard;
  const region = (
    <Box
      component="section"
      ref={regionRef}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      sx={{
        position: 'fixed',
        zIndex: (theme) => theme.zIndex.snackbar,
        // At the foot on a phone too: at the top it covered the title of the dialog it spoke about.
        bottom: 0,
        right: 0,
        left: { xs: 0, sm: 'auto' },
        width: { xs: '100%', sm: 420 },
        maxWidth: '100vw',
        p: 2,
        pointerEvents: 'none',
        '&:empty': { p: 0 },
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {Card && toasts.filter((t) => t.open).map((t) => <Card key={t.id} toast={t} onDismiss={onDismiss} />)}
      </Box>
    </Box>
  );
  return inBrowser ? createPortal(region, document.body) : null;
}
