// First: react-dom looks for the developer tools' hook as it loads.
import './commit-observer';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { config as transitionConfig } from 'react-transition-group';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './msw-server';
import { computeStylesWhenRead } from './computed-style-when-read';
import { prefilterStyleRules } from './style-rule-prefilter';
import { indexStyleRules } from './style-rule-index';
import { withoutOwnerStacks } from './without-owner-stacks';
import { elementErrorWhenRead } from './element-error-when-read';

// Stripe.js (from js.stripe.com) must never load in a test. The app loads it only through the
// "pure" entry point; tests of the Stripe checkout make this mock answer a fake Stripe.
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: vi.fn(() => Promise.reject(new Error('Stripe.js must not be loaded in tests'))),
}));

// Pages are lazy chunks: the first visit to one in a test file compiles its code, which took more
// than five seconds when every file ran at once beside the journeys (Testing Library's default is one).
configure({ asyncUtilTimeout: 15_000, getElementError: elementErrorWhenRead });

// MUI's dialogs, menus, collapses and toasts enter and leave through react-transition-group, on
// real timers: a few hundred milliseconds at every opening and closing, which the tests spent
// waiting. Disabled, each lands in its final state at once; what the tests assert is that state.
transitionConfig.disabled = true;

prefilterStyleRules(document);
indexStyleRules(document);
computeStylesWhenRead(window);
withoutOwnerStacks();

// jsdom lacks a few browser APIs that MUI and the app use.

/** matchMedia that answers width queries from window.innerWidth (tests may change it). */
function matchesQuery(query: string): boolean {
  const width = window.innerWidth;
  const conditions = query.match(/\((min|max)-width:\s*([\d.]+)px\)/g) ?? [];
  if (conditions.length === 0) return false;
  return conditions.every((condition) => {
    const [, kind, value] = /\((min|max)-width:\s*([\d.]+)px\)/.exec(condition) ?? [];
    const px = Number(value);
    return kind === 'min' ? width >= px : width <= px;
  });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: matchesQuery(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;

window.scrollTo = (() => {}) as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

const DEFAULT_WIDTH = 1024;

// MSW 3 names the option onUnhandledFrame (onUnhandledRequest in MSW 2). A call that no handler
// answers errors (as 'error' does) and also fails the test, even when the app catches the error.
const unhandled: string[] = [];
// MSW matches a call against the handlers some event-loop turns after fetch() is called. A page
// that calls just before it is unmounted must still meet its test's handlers, not the next test's.
let callsMade = 0;
let callsMatched = 0;
beforeAll(() => {
  server.listen({
    onUnhandledFrame: ({ frame, defaults }) => {
      const data = frame.data as { request?: Request } | undefined;
      unhandled.push(data?.request ? `${data.request.method} ${data.request.url}` : frame.protocol);
      defaults.error();
    },
  });
  const intercepted = globalThis.fetch;
  globalThis.fetch = (...args: Parameters<typeof fetch>) => {
    callsMade += 1;
    return intercepted(...args);
  };
  server.events.on('request:start', () => {
    callsMatched += 1;
  });
});
afterEach(async () => {
  cleanup();
  for (let turns = 0; callsMatched < callsMade && turns < 500; turns += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.innerWidth = DEFAULT_WIDTH;
  if (unhandled.length > 0) {
    const calls = unhandled.splice(0).join(', ');
    throw new Error(`Calls without an MSW handler: ${calls}`);
  }
});
afterAll(() => server.close());
