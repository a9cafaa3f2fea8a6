import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The display face from our own origin, one weight, Latin only (index.html preloads the same file).
import '@fontsource/fraunces/latin-600.css';
import './app/display-font.css';
import { ClientApp } from './app/client-app';
import { serverData } from './app/server-data';
import { preloadPageAt } from './app/router';
import { takeTappedLink } from './lib/tapped-link';
import { installChunkRecovery } from './lib/chunk-recovery';

installChunkRecovery();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const rendered = serverData(document);
// A link the guest tapped while the app was on its way (scripts/first-load.template.js): they have
// left the page the server drew, so the app draws the page they asked for at once, instead of first
// taking over the one they left, which costs a slow phone a second render of a page nobody reads.
const tapped = rendered ? takeTappedLink(document) : null;
// As a transition, the first render (or the taking over of the page the server drew) yields to the
// browser every few milliseconds instead of holding a slow phone's main thread for the whole tree:
// taps and scrolls are answered meanwhile.
const start = () => {
  startTransition(() => {
    if (rendered && !tapped) {
      // The server drew the page: React takes it over as it is, with the answers it was drawn from.
      hydrateRoot(container, <ClientApp fallback={rendered} />);
    } else {
      createRoot(container).render(<ClientApp fallback={rendered ?? undefined} />);
    }
  });
};

if (tapped) {
  // Back returns to the page the server drew; its answers are kept for it. The tapped page is
  // loaded before the first render, which then shows it whole, with no spinner before it; a page
  // that fails to load shows its error as it would have.
  history.pushState(null, '', tapped);
  void preloadPageAt(location.pathname)
    .catch(() => undefined)
    .then(start);
} else {
  start();
}
