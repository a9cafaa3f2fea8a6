import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The display face from our own origin, one weight, Latin only (index.html preloads the same file).
import '@fontsource/fraunces/latin-600.css';
import './app/display-font.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const root = createRoot(container);
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread for the whole tree: taps and scrolls are answered meanwhile.
startTransition(() => {
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
});
