import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { CHUNK_RELOAD_KEY, installChunkRecovery, recoveringImport } from '../../web/src/lib/chunk-recovery';
import { GIFT_DRAFT_KEY } from '../../web/src/features/gifts/lib/gift-draft-storage';
import { renderApp, fillIn } from './render-app';
import { aRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

// What a browser says when a chunk of the release the page came from is gone after a rollout.
const missingChunk = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/checkout-page-3f2a1b.js');
const preloadError = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

installChunkRecovery(window);

// The new release's instance: the old chunk is gone (404), and the server answers.
beforeEach(() => {
  server.use(
    http.head('http://localhost/assets/checkout-page-3f2a1b.js', () => new HttpResponse(null, { status: 404 })),
    http.get('/api/health/live', () => HttpResponse.json({ status: 'ok' })),
  );
});

afterEach(() => {
  window.sessionStorage.clear();
});

describe('a page whose chunk a rollout took away', () => {
  it('does not reload in a loop: a chunk missing again soon after the reload fails as before', async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now() - 5_000));
    expect(preloadError().defaultPrevented).toBe(false);
    const failure = missingChunk();
    await expect(recoveringImport(() => Promise.reject(failure))()).rejects.toBe(failure);
  });

  it('does not reload when the network, not the chunk, is lost', async () => {
    server.use(
      http.head('http://localhost/assets/checkout-page-3f2a1b.js', () => HttpResponse.error()),
      http.get('/api/health/live', () => HttpResponse.error()),
    );
    const failure = missingChunk();
    await expect(recoveringImport(() => Promise.reject(failure))()).rejects.toBe(failure);
    await expect(recoveringImport(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))()).rejects.toThrow();
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it("leaves other failures of a page's code as they are, and a chunk that loads as it is", async () => {
    const defect = new Error('Cannot read properties of undefined');
    await expect(recoveringImport(() => Promise.reject(defect))()).rejects.toBe(defect);
    await expect(recoveringImport(() => Promise.resolve({ default: 'page' }))()).resolves.toEqual({ default: 'page' });
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  // Last: in a browser the reload starts a fresh page; here the module stays, and remembers it is reloading.
  it('reloads once into the new release, and the gift form comes back with what the guest typed', async () => {
    serveRegistry(aRegistry());
    const first = renderApp(`/gift/${REGISTRY_ID}`);
    await screen.findByRole('form', { name: 'Gift details' });
    await fillIn(first.user, screen.getByLabelText(/^Your Name/), 'Rachel Levy');
    await fillIn(first.user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await fillIn(first.user, screen.getByLabelText('Custom Amount'), '36');
    await fillIn(first.user, screen.getByLabelText(/^Personal Message/), 'Mazel tov, Noah!');

    // Vite reports the failed chunk; the page reloads instead of showing the error.
    expect(preloadError().defaultPrevented).toBe(true);
    await waitFor(() => expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull());
    expect(window.sessionStorage.getItem(GIFT_DRAFT_KEY)).toContain('rachel@example.com');
    first.unmount();

    // The reloaded page: the same form, filled in as the guest left it, and the draft gone from storage.
    serveRegistry(aRegistry());
    renderApp(`/gift/${REGISTRY_ID}`);
    await screen.findByRole('form', { name: 'Gift details' });
    expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Rachel Levy');
    expect(screen.getByLabelText(/^Your Email/)).toHaveValue('rachel@example.com');
    expect(screen.getByLabelText('Custom Amount')).toHaveValue(36);
    expect(screen.getByLabelText(/^Personal Message/)).toHaveValue('Mazel tov, Noah!');
    expect(window.sessionStorage.getItem(GIFT_DRAFT_KEY)).toBeNull();
  });
});
