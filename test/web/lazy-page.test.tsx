import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { lazyPage } from '../../web/src/app/lazy-page';
import { preloadPageAt } from '../../web/src/app/router';
import { renderApp } from './render-app';
import { aRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

function GiftFormStandIn() {
  return <h1>Give a Gift</h1>;
}

const inPage = (Page: React.ComponentType) => (
  <Suspense fallback={<p>Loading page…</p>}>
    <Page />
  </Suspense>
);

describe('lazyPage (a page the app opens at a tap made before it was live)', () => {
  it('shows a page loaded ahead in its first render, with no spinner before it', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: GiftFormStandIn }));
    await Page.preload();
    render(inPage(Page));
    // Synchronously: nothing was waited for between the render and this line.
    expect(screen.getByRole('heading', { name: 'Give a Gift' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
  });

  it('shows the spinner, then the page, when it was not loaded ahead', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: GiftFormStandIn }));
    render(inPage(Page));
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Give a Gift' })).toBeInTheDocument();
  });

  it('refuses with the load’s error when the page cannot load, and loads it at the next try', async () => {
    const lost = new TypeError('Failed to fetch dynamically imported module');
    // The network is lost, not the chunk (lib/chunk-recovery.ts asks the server): no reload.
    server.use(http.get('/api/health/live', () => HttpResponse.error()));
    let attempts = 0;
    const Page = lazyPage(() => (++attempts === 1 ? Promise.reject(lost) : Promise.resolve({ default: GiftFormStandIn })));
    await expect(Page.preload()).rejects.toBe(lost);
    await Page.preload();
    await act(async () => {
      render(inPage(Page));
    });
    expect(screen.getByRole('heading', { name: 'Give a Gift' })).toBeInTheDocument();
  });
});

describe('preloadPageAt (main.tsx, before it draws the page a kept tap opens)', () => {
  it('loads the gift page ahead: the first render shows the page (waiting for its registry), not the spinner of a page on its way', async () => {
    serveRegistry(aRegistry());
    await preloadPageAt(`/gift/${REGISTRY_ID}`);
    renderApp(`/gift/${REGISTRY_ID}`);
    expect(screen.getByRole('progressbar', { name: 'Loading registry…' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading page…' })).not.toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Gift details' })).toBeInTheDocument();
  });

  it('loads only the page at the path it is given: another page still shows the spinner of a page on its way', async () => {
    await preloadPageAt('/no-such-page');
    renderApp('/faq');
    expect(screen.getByRole('progressbar', { name: 'Loading page…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: /Frequently Asked Questions/i })).toBeInTheDocument();
  });
});
