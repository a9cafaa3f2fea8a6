import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import { unstable_serialize } from 'swr';
import createEmotionServer from '@emotion/server/create-instance';
import { pagePatterns } from '@core/page-paths';
import type { RenderedGuestPage, RenderGuestPage, ServerCall } from '@api/server-rendering';
import { AppTree } from './app/client-app';
import { createStyleCache } from './app/style-cache';
import { CHARITIES_KEY } from './lib/use-charities';
import { CONFIG_KEY } from './lib/use-config';
import { RECENTLY_CREATED_KEY } from './lib/use-recently-created-registries';
import { registryKey, registryPath } from './lib/use-registry';
import { USER_KEY } from './lib/use-user';
import { PRODUCT_NAME } from './lib/product';
import { invitationPath } from './features/invitations/api/invitation';

/** One call a page renders from: the path asked of the server, and the key SWR caches its answer under. */
interface PageCall {
  path: string;
  key: string | readonly unknown[];
  /** Without its answer the page is not worth rendering here (the browser says what went wrong). */
  required?: boolean;
}

const call = (path: string, required = false): PageCall => ({ path, key: path, required });
const registryCall = (id: string): PageCall => ({ path: registryPath(id), key: registryKey(id, null), required: true });

/**
 * The guest pages, rendered for visitors (nobody signed in), and the calls each renders from
 * beyond the configuration. The family's and the administrators' pages stay the browser's to draw.
 */
const GUEST_PAGES: { pattern: string; calls: (params: Record<string, string | undefined>) => PageCall[] }[] = [
  { pattern: pagePatterns.home, calls: () => [call(RECENTLY_CREATED_KEY), call(CHARITIES_KEY)] },
  { pattern: pagePatterns.registry, calls: ({ id }) => (id ? [registryCall(id)] : []) },
  { pattern: pagePatterns.gift, calls: ({ id }) => (id ? [registryCall(id), call(CHARITIES_KEY, true)] : []) },
  { pattern: pagePatterns.charities, calls: () => [call(CHARITIES_KEY, true)] },
  { pattern: pagePatterns.guestInvitation, calls: ({ token }) => (token ? [call(invitationPath(token), true)] : []) },
  { pattern: pagePatterns.faq, calls: () => [] },
  { pattern: pagePatterns.privacy, calls: () => [] },
  { pattern: pagePatterns.terms, calls: () => [] },
  { pattern: pagePatterns.security, calls: () => [] },
];

function callsOfGuestPage(pathname: string): PageCall[] | null {
  for (const page of GUEST_PAGES) {
    const match = matchPath({ path: page.pattern, end: true }, pathname);
    if (match) return [call(CONFIG_KEY, true), ...page.calls(match.params)];
  }
  return null;
}

async function answers(calls: PageCall[], ask: ServerCall): Promise<Record<string, unknown> | null> {
  // A visitor: the page asks who is signed in and is told nobody.
  const data: Record<string, unknown> = { [USER_KEY]: null };
  const answered = await Promise.all(calls.map(async (pageCall) => [pageCall, await ask(pageCall.path)] as const));
  for (const [pageCall, answer] of answered) {
    if (answer === undefined) {
      if (pageCall.required) return null;
      continue;
    }
    data[unstable_serialize(pageCall.key)] = answer;
  }
  return data;
}

async function markupOf(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/**
 * Pages drawn lately, by address, day and the answers they were drawn from: the same three draw the
 * same page (the day decides "Upcoming"), so a registry many guests open at once is drawn once
 * until it changes. A few hundred pages of some 100 kB at most.
 */
const drawnPages = new Map<string, RenderedGuestPage>();
const DRAWN_PAGES_KEPT = 200;

function remembered(key: string): RenderedGuestPage | undefined {
  const page = drawnPages.get(key);
  if (page) {
    drawnPages.delete(key);
    drawnPages.set(key, page);
  }
  return page;
}

function remember(key: string, page: RenderedGuestPage): void {
  drawnPages.set(key, page);
  if (drawnPages.size > DRAWN_PAGES_KEPT) drawnPages.delete(drawnPages.keys().next().value!);
}

/** The guest page at `url` as HTML, with its critical CSS and the answers it was built from. */
export const renderGuestPage: RenderGuestPage = async (url, ask) => {
  const address = new URL(url);
  const calls = callsOfGuestPage(address.pathname);
  if (!calls) return null;
  const data = await answers(calls, ask);
  if (!data) return null;
  const key = `${address.href}\n${new Date().toDateString()}\n${JSON.stringify(data)}`;
  const known = remembered(key);
  if (known) return known;
  const page = await drawnPage(address, data);
  remember(key, page);
  return page;
};

async function drawnPage(address: URL, data: Record<string, unknown>): Promise<RenderedGuestPage> {
  const styleCache = createStyleCache();
  const styles = createEmotionServer(styleCache);
  const title = { title: PRODUCT_NAME };
  // prerender waits for every lazy page and section, so the HTML holds the whole page; no boundary
  // is sent apart to be swapped in by an inline script (the CSP allows none), whatever its size.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={`${address.pathname}${address.search}`}>
        <AppTree fallback={data} styleCache={styleCache} origin={address.origin} pageTitle={title} />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await markupOf(prelude);
  return { html, styles: styles.constructStyleTagsFromChunks(styles.extractCriticalToChunks(html)), title: title.title, data };
}
