import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion } from './render-app';
import { aSearchResult } from './registry-fixtures';

/** Records each search call: its query and when it came. */
function serveSearch(answer: (q: string) => Response | Promise<Response>) {
  const calls: { q: string; at: number }[] = [];
  server.use(
    http.get('/api/registries/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      calls.push({ q, at: Date.now() });
      return answer(q);
    }),
  );
  return calls;
}

const box = () => screen.getByRole('searchbox', { name: /Search registries by child/ });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('landing page search', () => {
  it("has the placeholder 'Search by child's name...'", async () => {
    renderApp('/');
    expect(await screen.findByPlaceholderText("Search by child's name...")).toBe(box());
  });

  it('waits 300 ms after the last keystroke and sends one URL-encoded query', async () => {
    const calls = serveSearch(() => HttpResponse.json([aSearchResult()]));
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), 'Noah & co');
    const typedAt = Date.now();
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.q).toBe('Noah & co');
    expect(calls[0]!.at - typedAt).toBeGreaterThanOrEqual(250);
  });

  it('sends nothing for a single character (after trimming)', async () => {
    const calls = serveSearch(() => HttpResponse.json([]));
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), '  N  ');
    await pause(500);
    expect(calls).toHaveLength(0);
    // The landing sections are still there.
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
  });

  it('replaces the landing sections with the results, without money', async () => {
    serveSearch(() =>
      HttpResponse.json([
        aSearchResult(),
        aSearchResult({ id: 'r-2', childName: 'Noa', celebrationDate: '2020-01-05T00:00:00.000Z', preferredCharity: null }),
      ]),
    );
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), 'Noa');
    expect(await screen.findByText('2 result(s) found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How It Works' })).not.toBeInTheDocument();
    const results = within(screen.getByRole('list', { name: 'Registries found' }));
    const cards = results.getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: "Noah's Bar/Bat Mitzvah" })).toBeInTheDocument();
    expect(first.getByText('Mar 14, 2030')).toBeInTheDocument();
    expect(first.getByText('Upcoming')).toBeInTheDocument();
    expect(first.getByText('Supporting:')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'View Registry' })).toHaveAttribute('href', '/registry/9b2f7c1e-0d4a-4f1b-8c3e-00000000r001');
    expect(within(cards[1]!).getByText('Past')).toBeInTheDocument();
    expect(within(cards[1]!).queryByText('Supporting:')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Received')).not.toBeInTheDocument();
  });

  it('shows the empty state, and Clear Search brings the landing page back', async () => {
    serveSearch(() => HttpResponse.json([]));
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), 'Zzyzx');
    expect(await screen.findByText('No registries found for this search')).toBeInTheDocument();
    expect(screen.getByText('Try a different name or check the spelling.')).toBeInTheDocument();
    expect(screen.getByText('0 result(s) found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
  });

  it("shows a 'Search failed' toast on a non-OK answer, without retrying", async () => {
    const calls = serveSearch(() => HttpResponse.json({ message: 'Search is unavailable' }, { status: 500 }));
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), 'Noah');
    expect(await within(toastRegion()).findByText('Search failed')).toBeInTheDocument();
    await pause(400);
    expect(calls).toHaveLength(1);
  });
});

describe('dashboard search', () => {
  it('hides the stats and the own registries while searching, and shows no money', async () => {
    signInAs(member);
    server.use(http.get('/api/registries/my', () => HttpResponse.json([])));
    serveSearch(() => HttpResponse.json([aSearchResult()]));
    const { user } = renderApp('/');
    expect(await screen.findByText('No registries yet')).toBeInTheDocument();
    await user.type(box(), 'Noah');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(screen.queryByText('No registries yet')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Registries')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Received')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search box' }));
    await waitFor(() => expect(screen.getByText('No registries yet')).toBeInTheDocument());
  });
});
