import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClientApp } from '../../web/src/app/client-app';
import {
  APP_SCRIPTS_END,
  APP_SCRIPTS_START,
  PAGE_READY_ATTRIBUTE,
  PENDING_NAVIGATION_ATTRIBUTE,
  SERVER_DATA_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type RenderedGuestPage,
} from '../../api/server-rendering';
import { aRegistry, aSearchResult, REGISTRY_ID } from './registry-fixtures';
import { charities, sandboxConfig, server } from './msw-server';
import { recordDrawnAgain } from './commit-observer';
import { saveCheckout } from '../../web/src/features/gifts/lib/checkout-storage';

/** A guest's personal link (/i/{token}), with the answer it was sent back with after its form. */
const GUEST_TOKEN = 'Dora-personal-link-0123456789abcdefghijklmno';
const invited = aRegistry({ childName: 'Maya Stein', personalMessage: 'Join us!' });

/** What the server's calls answer a visitor, as the API would. */
const answers: Record<string, unknown> = {
  [`/api/invitations/${GUEST_TOKEN}`]: {
    registry: {
      id: invited.id,
      shortCode: invited.shortCode,
      childName: invited.childName,
      celebrationType: invited.celebrationType,
      celebrationDate: invited.celebrationDate,
      hebrewDate: invited.hebrewDate,
      personalMessage: invited.personalMessage,
      photoUrl: invited.photoUrl,
      photoFocusX: invited.photoFocusX,
      photoFocusY: invited.photoFocusY,
      acceptsGifts: true,
    },
    guest: { name: 'Dora Levi', partySize: 4 },
    rsvp: { answer: 'yes', partySize: 3, answeredAt: '2026-05-01T10:00:00.000Z' },
    answerUntil: '2031-03-16T12:00:00.000Z',
    canAnswer: true,
  },
  '/api/config': sandboxConfig,
  '/api/charities': charities,
  '/api/registries/recent': [aSearchResult({ childName: 'Noa Levi' })],
  [`/api/registries/${REGISTRY_ID}`]: aRegistry({ childName: 'Maya Stein', personalMessage: 'Thank you for celebrating with us!' }),
};

const GUEST_PAGES = [
  '/',
  `/registry/${REGISTRY_ID}`,
  `/gift/${REGISTRY_ID}`,
  `/i/${GUEST_TOKEN}?rsvp=saved`,
  '/charities',
  '/faq',
  '/privacy',
  '/terms',
  '/security',
];
const NOT_DRAWN = ['/registry/9b2f7c1e-0d4a-4f1b-8c3e-000000000404', '/create-registry', '/admin/finance'];

/**
 * The pages as the server draws them, by a Node process of its own: the server's emotion and
 * React, not jsdom's; and React's server renderer leaves its last context values on the context
 * objects, which a browser's React in the same process would take for its own.
 */
let drawn: Map<string, RenderedGuestPage | null>;
beforeAll(async () => {
  const urls = [...GUEST_PAGES, ...NOT_DRAWN];
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/web/draw-on-server.tsx'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify({ urls, answers }));
  const pages = JSON.parse(await text(child.stdout)) as (RenderedGuestPage | null)[];
  drawn = new Map(urls.map((url, index) => [url, pages[index] ?? null]));
}, 60_000);

function drawnOnTheServer(url: string): RenderedGuestPage | null {
  return drawn.get(url) ?? null;
}

let unmount: (() => Promise<void>) | null = null;
afterEach(async () => {
  await unmount?.();
  unmount = null;
  document.body.innerHTML = '';
});

/** The page the server drew at `url`, in the document at that address, as the browser receives it. */
function putInTheDocument(url: string) {
  const page = drawnOnTheServer(url);
  if (!page) throw new Error(`${url} was not drawn on the server`);
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = page.html;
  document.body.append(container);
  return { page, container };
}

/**
 * The elements in `container` React has not taken over (it marks each it owns with its fiber),
 * beside the resource hints it emits for the page (the photo's preload), which it keeps apart.
 */
function notTakenOver(container: HTMLElement): string[] {
  return [...container.querySelectorAll(':not(link[rel="preload"])')]
    .filter((element) => !Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
    .map((element) => element.outerHTML.slice(0, 200));
}

/** Has the browser's app take over the page the server drew in `container`, as the page's script does. */
async function hydrate(container: HTMLElement, page: RenderedGuestPage, recovered: unknown[] = []) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await act(async () => {
    const root = hydrateRoot(container, <ClientApp fallback={page.data} />, { onRecoverableError: (error) => recovered.push(error) });
    unmount = () => act(async () => root.unmount());
  });
}

/** Draws `url` as the server does, puts it in the document, and has the browser's app take it over. */
async function serveAndHydrate(url: string) {
  const { page, container } = putInTheDocument(url);
  document.title = 'not yet taken over';

  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));
  const recovered: unknown[] = [];
  const logged = vi.spyOn(console, 'error');
  await hydrate(container, page, recovered);
  // The page's own chunk is hydrated once its title is set: its effect runs only in the browser.
  await waitFor(() => expect(document.title).toBe(page.title));
  // What waits for the page to be live (the footer, the landing's recent registries) is taken over
  // after it: until then the server's drawing stays, its elements unknown to React.
  await waitFor(() => expect(notTakenOver(container)).toEqual([]));
  server.events.removeAllListeners();
  const errors = logged.mock.calls.map((args) => args.map(String).join(' '));
  logged.mockRestore();
  return { page, container, calls, recovered, errors };
}

describe('a guest page drawn on the server', () => {
  it.each(GUEST_PAGES)('%s is taken over by the browser as it was drawn: no mismatch, and no call asked again', async (url) => {
    const { recovered, errors, calls } = await serveAndHydrate(url);
    expect(recovered).toEqual([]);
    expect(errors).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('takes the gift form over as drawn when this tab started a gift, then brings that gift back', async () => {
    // The server has no tab's storage: it draws an empty form, and the browser's first render must too.
    const charity = (charities as { id: string; name: string }[])[0]!;
    saveCheckout({ registryId: REGISTRY_ID, amount: 54, giftGiverName: 'Miriam Gold', charityId: charity.id, currency: 'USD' });
    try {
      const { recovered, errors } = await serveAndHydrate(`/gift/${REGISTRY_ID}`);
      expect(recovered).toEqual([]);
      expect(errors).toEqual([]);
      expect(screen.getByLabelText('Custom Amount')).toHaveValue(54);
      expect(screen.getByLabelText(/Your Name/)).toHaveValue('Miriam Gold');
      expect(screen.getByRole('radio', { name: new RegExp(charity.name.slice(0, 12)) })).toBeChecked();
    } finally {
      sessionStorage.clear();
    }
  });

  it('keeps what a guest typed into the gift form before the browser took it over, through the renders after', async () => {
    const { page, container } = putInTheDocument(`/gift/${REGISTRY_ID}`);
    // Typed into the page the server drew, as a browser takes keys before any script runs.
    const typeInThePage = (name: string, value: string) => {
      const field = container.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
      field.value = value;
    };
    typeInThePage('giftGiverName', 'Miriam Gold');
    typeInThePage('amount', '54');
    typeInThePage('personalMessage', 'Mazel tov!');
    const recovered: unknown[] = [];
    await hydrate(container, page, recovered);
    await waitFor(() => expect(document.title).toBe(page.title));
    // The form draws again as the guest goes on: what was typed before stays, in the form's state too.
    await userEvent.type(screen.getByRole('textbox', { name: /Your Email/ }), 'miriam@example.com');
    expect(recovered).toEqual([]);
    expect(screen.getByRole('textbox', { name: /Your Name/ })).toHaveValue('Miriam Gold');
    expect(screen.getByLabelText('Custom Amount')).toHaveValue(54);
    expect(screen.getByRole('textbox', { name: /Personal Message/ })).toHaveValue('Mazel tov!');
    expect(screen.getByRole('button', { name: /Proceed to Payment/ })).toHaveTextContent(/\$54\.00/);
  });

  it('searches for a name typed into the landing page’s search box before the browser took it over', async () => {
    const searched: string[] = [];
    server.use(
      http.get('/api/registries/search', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json([aSearchResult({ childName: 'Noa Levi' })]);
      }),
    );
    const { page, container } = putInTheDocument('/');
    container.querySelector<HTMLInputElement>('input[type="search"]')!.value = 'Noa Levi';
    await hydrate(container, page);
    expect(await screen.findByText(/^Showing registries matching/)).toHaveTextContent('Showing registries matching “Noa Levi”.');
    expect(await screen.findByText('1 result(s) found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /Search registries by child/ })).toHaveValue('Noa Levi');
    expect(searched).toEqual(['Noa Levi']);
  });

  // A component drawn again once the page is taken over is drawn at once, holding a slow phone's
  // main thread: the whole gift form took 120 ms of a phone's CPU when the frame's SWR hooks and the
  // page's disagreed (lib/shared-answer.ts), and again when it chose a single charity only once live.
  // SWR keeps what it has seen in its module for the page's life, so each page is taken over by a
  // fresh copy of the app, as a browser's page load has. The notification region, which the server
  // leaves out, is always drawn again: seeing it proves the commits are being read at all.
  it.each([
    [`/registry/${REGISTRY_ID}`, ['RegistryPage']],
    [`/gift/${REGISTRY_ID}`, ['GiftPage', 'GiftForm']],
    ['/', ['HomeRoute', 'LandingPage', 'RecentRegistriesBand', 'RegistryCard']],
  ])('%s is not drawn again once taken over', async (url, pageComponents) => {
    const { page, container } = putInTheDocument(url);
    vi.resetModules();
    const [{ act: freshAct, createElement }, { hydrateRoot: freshHydrateRoot }, { ClientApp: FreshClientApp }] = await Promise.all([
      import('react'),
      import('react-dom/client'),
      import('../../web/src/app/client-app'),
    ]);
    const drawnAgain = recordDrawnAgain();
    await freshAct(async () => {
      const root = freshHydrateRoot(container, createElement(FreshClientApp, { fallback: page.data }));
      unmount = () => freshAct(async () => root.unmount());
    });
    await vi.waitFor(() => expect(document.title).toBe(page.title), { timeout: 10_000 });
    // What the page's effects do once it is live, such as a deferred value catching up.
    await freshAct(() => new Promise((resolve) => setTimeout(resolve, 50)));
    drawnAgain.stop();
    expect(drawnAgain.names()).toContain('Toaster');
    for (const component of [...pageComponents, 'Footer']) expect(drawnAgain.names()).not.toContain(component);
  });

  it('holds the child’s name, the date, the message and the way to give before any script runs', async () => {
    const page = drawnOnTheServer(`/registry/${REGISTRY_ID}`);
    document.body.innerHTML = page?.html ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Maya Stein');
    expect(document.body.textContent).toContain('Thank you for celebrating with us!');
    expect(screen.getAllByRole('link', { name: /Give a Gift/ })[0]?.getAttribute('href')).toBe(`/gift/${REGISTRY_ID}`);
    expect(page?.title).toContain('Maya Stein');
  });

  it('holds the guest’s invitation, their answer and a form that posts without script, before any script runs', async () => {
    const page = drawnOnTheServer(`/i/${GUEST_TOKEN}?rsvp=saved`);
    document.body.innerHTML = page?.html ?? '';
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You’re invited, Dora Levi');
    expect(
      screen
        .getAllByRole('status')
        .map((region) => region.textContent)
        .join(' '),
    ).toContain('Your answer is saved');
    expect(document.body.textContent).toContain('Your answer: Coming, 3 people');
    expect(screen.getByRole('radio', { name: 'Coming' })).toBeChecked();
    expect((screen.getByLabelText('How many are coming') as HTMLInputElement).value).toBe('3');
    const form = screen.getByRole('button', { name: 'Change my answer' }).closest('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['post', `/i/${GUEST_TOKEN}`]);
    // Giving carries the link in the fragment, which no server sees.
    expect(screen.getAllByRole('link', { name: 'Give a Gift' })[0]?.getAttribute('href')).toBe(`/gift/${REGISTRY_ID}#guest=${GUEST_TOKEN}`);
  });

  it('holds the gift form’s fields', async () => {
    const page = drawnOnTheServer(`/gift/${REGISTRY_ID}`);
    document.body.innerHTML = page?.html ?? '';
    expect(screen.getByRole('textbox', { name: /Your Name/ })).toBeTruthy();
    expect(screen.getByLabelText('Custom Amount')).toBeTruthy();
    // The family's one charity is drawn chosen, not chosen only once the page is live.
    expect(screen.getByRole('radio', { name: /Jewish Federation Community Fund/ })).toBeChecked();
  });

  it('is marked as the page’s first script (scripts/vite-route-preload.ts) and the server agree', async () => {
    const plugin = await readFile('scripts/vite-route-preload.ts', 'utf8');
    expect(plugin).toContain(`const SERVER_RENDERED_ATTRIBUTE = '${SERVER_RENDERED_ATTRIBUTE}';`);
    expect(plugin).toContain(`const PAGE_READY_ATTRIBUTE = '${PAGE_READY_ATTRIBUTE}';`);
    expect(plugin).toContain(`const PENDING_NAVIGATION_ATTRIBUTE = '${PENDING_NAVIGATION_ATTRIBUTE}';`);
    expect(plugin).toContain(`const SERVER_DATA_ELEMENT_ID = '${SERVER_DATA_ELEMENT_ID}';`);
    expect(plugin).toContain(`const APP_SCRIPTS_START = '${APP_SCRIPTS_START}';`);
    expect(plugin).toContain(`const APP_SCRIPTS_END = '${APP_SCRIPTS_END}';`);
  });

  it('is not drawn for a registry the server cannot find, nor for a page that is not a guest’s', async () => {
    expect(drawnOnTheServer('/registry/9b2f7c1e-0d4a-4f1b-8c3e-000000000404')).toBeNull();
    expect(drawnOnTheServer('/create-registry')).toBeNull();
    expect(drawnOnTheServer('/admin/finance')).toBeNull();
  });
});
