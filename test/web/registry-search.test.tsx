import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { aSearchResult } from './registry-fixtures';

/** Records the query of each search call. */
function serveSearch(answer: (q: string) => Response | Promise<Response>) {
  const calls: string[] = [];
  server.use(
    http.get('/api/registries/search', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      calls.push(q);
      return answer(q);
    }),
  );
  return calls;
}

const box = () => screen.getByRole('searchbox', { name: /Search registries by child/ });
/** The page has switched to searching (the results section names the query) or not. */
const searching = () => screen.queryByText(/^Showing registries matching/);

afterEach(() => {
  vi.useRealTimers();
});

/**
 * From here on setTimeout runs on a clock the test moves, so the search's 300 ms wait is exact;
 * React, MSW and Testing Library's polling keep real time. On a still clock, text goes in with
 * fireEvent: user-event, through Testing Library's async wrapper, would wait on a timeout of its own.
 * `followRealTime` lets the clock also run, for a test that jumps ahead yet waits for the server.
 */
function stopTimeouts({ followRealTime = false } = {}) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: followRealTime });
}
const enter = (text: string) => fireEvent.change(box(), { target: { value: text } });
const elapse = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('landing page search', () => {
  it("has the placeholder 'Search by child's name...'", async () => {
    renderApp('/');
    expect(await screen.findByPlaceholderText("Search by child's name...")).toBe(box());
  });

  it('waits 300 ms after the last keystroke and sends one URL-encoded query', async () => {
    const calls = serveSearch(() => HttpResponse.json([aSearchResult()]));
    renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    stopTimeouts();
    enter('Noah &');
    elapse(299);
    enter('Noah & co');
    elapse(299);
    expect(searching()).toBeNull();
    elapse(1);
    // The search began at 300 ms: the clock stops for good here, and the results' code (loaded on
    // first use) arrives in real time.
    vi.useRealTimers();
    expect(await screen.findByText(/^Showing registries matching/)).toHaveTextContent('Showing registries matching “Noah & co”.');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(calls).toEqual(['Noah & co']);
  });

  it('sends nothing for a single character (after trimming)', async () => {
    const calls = serveSearch(() => HttpResponse.json([]));
    renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    stopTimeouts();
    enter('  N  ');
    elapse(500);
    // No search began, so none can be on its way.
    expect(searching()).toBeNull();
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
    await fillIn(user, box(), 'Noa');
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
    await fillIn(user, box(), 'Zzyzx');
    expect(await screen.findByText('No registries found for this search')).toBeInTheDocument();
    expect(screen.getByText('Try a different name or check the spelling.')).toBeInTheDocument();
    expect(screen.getByText('0 result(s) found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(box()).toHaveValue('');
    expect(box()).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'How It Works' })).toBeInTheDocument();
  });

  it('sends two letters, as the spec says, and shows the server’s hint for them rather than a failure', async () => {
    const hint = 'Type at least 3 letters of the child’s first or last name';
    const calls = serveSearch((q) =>
      q.length < 3 ? HttpResponse.json({ message: hint, errors: { q: hint } }, { status: 400 }) : HttpResponse.json([aSearchResult()]),
    );
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await fillIn(user, box(), 'No');
    expect(await screen.findByText(`${hint}.`)).toBeInTheDocument();
    expect(calls).toEqual(['No']);
    expect(within(toastRegion()).queryByText('Search failed')).not.toBeInTheDocument();
    expect(screen.queryByText(/couldn't search/)).not.toBeInTheDocument();
    expect(screen.queryByText(/result\(s\) found/)).not.toBeInTheDocument();

    await fillIn(user, box(), 'a');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(screen.queryByText(`${hint}.`)).not.toBeInTheDocument();
    expect(calls).toEqual(['No', 'Noa']);
  });

  it("shows a 'Search failed' toast on a non-OK answer, without retrying", async () => {
    const calls = serveSearch(() => HttpResponse.json({ message: 'Search is unavailable' }, { status: 500 }));
    renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    stopTimeouts({ followRealTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillIn(user, box(), 'Noah');
    expect(await within(toastRegion()).findByText('Search failed')).toBeInTheDocument();
    // Long past any retry SWR would make (its first comes 5 to 20 s after the error); then one more
    // search, so that a retry sent meanwhile would have reached the server before it.
    elapse(60_000);
    await fillIn(user, box(), 's');
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(calls).toEqual(['Noah', 'Noahs']);
  });
});

describe('a network that searched too much', () => {
  it('shows the server’s answer, with when to try again, in place of the results and in the toast', async () => {
    const limit = 'Too many searches from this network. Please try again in 12 minute(s).';
    serveSearch(() => HttpResponse.json({ message: limit }, { status: 429, headers: { 'Retry-After': '720' } }));
    const { user } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await user.type(box(), 'Noah');
    // In place of the results, where the cards would be (the toast says it too).
    const results = await screen.findByRole('region', { name: 'Search Results' });
    expect(await within(results).findByRole('alert')).toHaveTextContent(limit);
    expect(screen.queryByText(/couldn't search/)).not.toBeInTheDocument();
    expect(screen.queryByText(/result\(s\) found/)).not.toBeInTheDocument();
    const toasts = toastRegion();
    expect(await within(toasts).findByText('Search failed')).toBeInTheDocument();
    expect(within(toasts).getByText(limit)).toBeInTheDocument();
  });
});

describe('dashboard search', () => {
  it('hides the stats and the own registries while searching, and shows no money', async () => {
    signInAs(member);
    server.use(http.get('/api/registries/my', () => HttpResponse.json([])));
    serveSearch(() => HttpResponse.json([aSearchResult()]));
    const { user } = renderApp('/');
    expect(await screen.findByText('No registries yet')).toBeInTheDocument();
    await fillIn(user, box(), 'Noah');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(screen.queryByText('No registries yet')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Registries')).not.toBeInTheDocument();
    expect(screen.queryByText('Total Received')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search box' }));
    await waitFor(() => expect(screen.getByText('No registries yet')).toBeInTheDocument());
  });
});
