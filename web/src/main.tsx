import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The display face from our own origin, one weight, Latin only (index.html preloads the same file).
import '@fontsource/fraunces/latin-600.css';
import './app/display-font.css';
import { ClientApp } from './app/client-app';
import { serverData } from './app/server-data';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const rendered = serverData(document);
// As a transition, the first render (or the taking over of the page the server drew) yields to the
// browser every few milliseconds instead of holding a slow phone's main thread for the whole tree:
// taps and scrolls are answered meanwhile.
startTransition(() => {
  if (rendered) {
    // The server drew the page: React takes it over as it is, with the answers it was drawn from.
    hydrateRoot(container, <ClientApp fallback={rendered} />);
  } else {
    createRoot(container).render(<ClientApp />);
  }
});
