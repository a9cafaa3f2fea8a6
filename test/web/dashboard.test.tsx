import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberRegistry } from '../../web/src/lib/recent-registries';
import { goToLogin } from '../../web/src/lib/login-redirect';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion } from './render-app';
import { aMyRegistry, aSearchResult } from './registry-fixtures';

vi.mock('../../web/src/lib/login-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/login-redirect')>()),
  goToLogin: vi.fn(),
}));

afterEach(() => {
  vi.mocked(goToLogin).mockClear();
});

function serveMyRegistries(answer: () => Response) {
  server.use(http.get('/api/registries/my', answer));
}

const stat = (name: string) => within(screen.getByRole('group', { name }));

describe('home dashboard (signed in)', () => {
  it('adds up the stat cards and lists the registries with their totals', async () => {
    signInAs(member);
    serveMyRegistries(() =>
      HttpResponse.json([
        aMyRegistry({ totalReceived: 106.39, giftCount: 2 }),
        aMyRegistry({ id: 'r-2', childName: 'Leah', totalReceived: 50, giftCount: 1, currency: 'USD', photoUrl: '/uploads/leah.jpg' }),
        aMyRegistry({ id: 'r-3', childName: 'Eli', totalReceived: 0.01, giftCount: 0, preferredCharity: null, unlisted: true }),
      ]),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Your Registries' });
    expect(stat('Total Registries').getByText('3')).toBeInTheDocument();
    expect(stat('Total Received').getByText('$156.40')).toBeInTheDocument();
    expect(stat('Total Gifts').getByText('3')).toBeInTheDocument();
    // Each figure says what it counts, as the gift list's figures do.
    expect(stat('Total Received').getByText('Gifts given online, before the 10% to charity')).toBeInTheDocument();
    expect(
      stat('Total Gifts').getByText('Given online; gifts given by hand, refunded and disputed ones are on each gift list'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Registry' })).toHaveAttribute('href', '/create-registry');

    const cards = within(screen.getByRole('list', { name: 'Your registries' })).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Total Received')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('$106.39')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Photo of Leah' })).toHaveAttribute('src', '/uploads/leah.jpg');
    // Where a card has no photo, what stands in for it is decoration, not an image to announce.
    expect(within(cards[0]!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(cards[2]!).queryByText('Supporting:')).not.toBeInTheDocument();
    // The owner sees which of their registries are unlisted.
    expect(await within(cards[2]!).findByText('Unlisted')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Unlisted')).not.toBeInTheDocument();
  });

  it('never adds dollars and Canadian dollars together in the total', async () => {
    signInAs(member);
    serveMyRegistries(() =>
      HttpResponse.json([
        aMyRegistry({ totalReceived: 100, currency: 'USD' }),
        aMyRegistry({ id: 'r-2', childName: 'Leah', totalReceived: 90, currency: 'CAD' }),
        aMyRegistry({ id: 'r-3', childName: 'Eli', totalReceived: 0.5, currency: 'USD' }),
      ]),
    );
    renderApp('/');
    await screen.findByRole('heading', { name: 'Your Registries' });
    expect(stat('Total Received').getByText('$100.50 + CA$90.00')).toBeInTheDocument();
  });

  it('formats a CAD registry with CA$ on its card', async () => {
    signInAs(member);
    serveMyRegistries(() => HttpResponse.json([aMyRegistry({ currency: 'CAD', totalReceived: 90 })]));
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Your registries' });
    expect(within(list).getByText('CA$90.00')).toBeInTheDocument();
  });

  it('shows the empty state with a way to create the first registry', async () => {
    signInAs(member);
    serveMyRegistries(() => HttpResponse.json([]));
    renderApp('/');
    expect(await screen.findByText('No registries yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first Bar/Bat Mitzvah registry to start celebrating with meaningful giving.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Registry' })).toHaveAttribute('href', '/create-registry');
    expect(stat('Total Received').getByText('$0.00')).toBeInTheDocument();
  });

  it('runs the Unauthorized flow when the registries answer 401', async () => {
    signInAs(member);
    serveMyRegistries(() => HttpResponse.json({ message: 'Please sign in first' }, { status: 401 }));
    renderApp('/');
    const toast = within(toastRegion());
    expect(await toast.findByText('Unauthorized')).toBeInTheDocument();
    expect(toast.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(toast.getByText('Unauthorized').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(goToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });
});

function serveRecentlyCreated(answer: () => Response) {
  server.use(http.get('/api/registries/recent', answer));
}

const recentCards = () => within(screen.getByRole('list', { name: 'Recent registries' })).getAllByRole('article');
const titles = (cards: HTMLElement[]) => cards.map((card) => within(card).getByRole('heading').textContent);

describe('landing page Recent Registries', () => {
  it('is left out while no registry was created or opened', async () => {
    serveRecentlyCreated(() => HttpResponse.json([]));
    const { answered } = renderApp('/');
    await screen.findByPlaceholderText("Search by child's name...");
    await answered('/api/registries/recent');
    expect(screen.queryByRole('heading', { name: 'Recent Registries' })).not.toBeInTheDocument();
  });

  it('lists the registries opened before, most recent first, without money', async () => {
    rememberRegistry(aSearchResult({ id: 'r-older', childName: 'Leah' }));
    rememberRegistry(aSearchResult());
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Recent Registries' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Recent registries' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      "Noah's Bar/Bat Mitzvah",
      "Leah's Bar/Bat Mitzvah",
    ]);
    expect(screen.queryByText('Total Received')).not.toBeInTheDocument();
  });

  it('shows a visitor who opened none the newest registries, without money', async () => {
    const calls: string[] = [];
    serveRecentlyCreated(() => {
      calls.push('recent');
      // Even if money came along, a visitor's card would not show it.
      return HttpResponse.json([
        { ...aSearchResult({ id: 'r-new', childName: 'Maya' }), totalReceived: 500, giftCount: 3 },
        aSearchResult({ id: 'r-old', childName: 'Ezra', photoUrl: '/uploads/ezra.jpg' }),
      ]);
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Recent Registries' })).toBeInTheDocument();
    expect(screen.getByText('The newest registries on Mitzvah Gifts.')).toBeInTheDocument();
    const cards = recentCards();
    expect(titles(cards)).toEqual(["Maya's Bar/Bat Mitzvah", "Ezra's Bar/Bat Mitzvah"]);
    expect(within(cards[0]!).getByRole('link', { name: /View Registry/ })).toHaveAttribute('href', '/registry/r-new');
    expect(within(cards[1]!).getByRole('img', { name: 'Photo of Ezra' })).toBeInTheDocument();
    expect(screen.queryByText('Total Received')).not.toBeInTheDocument();
    expect(screen.queryByText('$500.00')).not.toBeInTheDocument();
    expect(calls).toEqual(['recent']);
  });

  it('puts the registries opened before first, then the newest, each once and six at most', async () => {
    rememberRegistry(aSearchResult({ id: 'r-older', childName: 'Leah' }));
    rememberRegistry(aSearchResult({ id: 'r-1', childName: 'Noah' }));
    serveRecentlyCreated(() =>
      HttpResponse.json(
        ['Maya', 'Noah', 'Ezra', 'Dina', 'Ari', 'Gila'].map((childName) =>
          aSearchResult({ id: childName === 'Noah' ? 'r-1' : `r-${childName}`, childName }),
        ),
      ),
    );
    renderApp('/');
    await screen.findByText('Registries you have opened on this device, then the newest ones.');
    expect(titles(recentCards())).toEqual([
      "Noah's Bar/Bat Mitzvah",
      "Leah's Bar/Bat Mitzvah",
      "Maya's Bar/Bat Mitzvah",
      "Ezra's Bar/Bat Mitzvah",
      "Dina's Bar/Bat Mitzvah",
      "Ari's Bar/Bat Mitzvah",
    ]);
  });

  it('keeps half the places for the newest when this browser opened six', async () => {
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']) rememberRegistry(aSearchResult({ id: `r-${name}`, childName: name }));
    serveRecentlyCreated(() =>
      HttpResponse.json(['N1', 'N2', 'N3', 'N4'].map((childName) => aSearchResult({ id: `r-${childName}`, childName }))),
    );
    renderApp('/');
    await screen.findByText('Registries you have opened on this device, then the newest ones.');
    expect(titles(recentCards())).toEqual(['A6', 'A5', 'A4', 'N1', 'N2', 'N3'].map((name) => `${name}'s Bar/Bat Mitzvah`));
  });

  it('shows the registries opened before alone, with no error, when the newest cannot be loaded', async () => {
    rememberRegistry(aSearchResult({ id: 'r-1', childName: 'Noah' }));
    serveRecentlyCreated(() => HttpResponse.json({ message: 'Something went wrong' }, { status: 500 }));
    const { answered } = renderApp('/');
    expect(await screen.findByText('Registries you have opened on this device.')).toBeInTheDocument();
    await answered('/api/registries/recent');
    expect(titles(recentCards())).toEqual(["Noah's Bar/Bat Mitzvah"]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
