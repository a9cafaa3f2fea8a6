import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from './msw-server';
import { renderApp, fillIn } from './render-app';
import { aSearchResult } from './registry-fixtures';

/** Issue 22: what a guest typing in the landing page's search sees on a phone. */

const HINT = 'Type at least 3 letters of the child’s first or last name';
const box = () => screen.getByRole('searchbox', { name: /Search registries by child/ });

function serveSearch() {
  server.use(
    http.get('/api/registries/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      return q.length < 3
        ? HttpResponse.json({ message: HINT, errors: { q: HINT } }, { status: 400 })
        : HttpResponse.json([aSearchResult()]);
    }),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a query too short to search', () => {
  it('says so, and nothing else: no query echoed, no heading, no count', async () => {
    serveSearch();
    const { user } = renderApp('/', { width: 360 });
    await fillIn(user, await screen.findByPlaceholderText("Search by child's name...", {}, { timeout: 15_000 }), 'No');
    expect(await screen.findByText(`${HINT}.`)).toBeInTheDocument();
    expect(screen.queryByText(/Showing registries matching/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Search Results' })).not.toBeInTheDocument();
    expect(screen.queryByText(/result\(s\) found/)).not.toBeInTheDocument();
  });
});

describe('results that arrive below the fold', () => {
  it('are scrolled into view, heading and count first', async () => {
    serveSearch();
    // On a phone the results start under the hero and the search box, below the first screen.
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 900, width: 360, height: 600 }));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    window.innerHeight = 640;
    const { user } = renderApp('/', { width: 360 });
    await fillIn(user, await screen.findByPlaceholderText("Search by child's name...", {}, { timeout: 15_000 }), 'Noah');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    const results = screen.getByRole('region', { name: 'Search Results' });
    expect(scrolled.mock.contexts).toContain(results);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('are left where they are when their heading is already in sight', async () => {
    serveSearch();
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 300, width: 1280, height: 600 }));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    window.innerHeight = 900;
    const { user } = renderApp('/', { width: 1280 });
    await fillIn(user, await screen.findByPlaceholderText("Search by child's name...", {}, { timeout: 15_000 }), 'Noah');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(scrolled.mock.contexts).not.toContain(screen.getByRole('region', { name: 'Search Results' }));
    expect(box()).toHaveValue('Noah');
  });
});
