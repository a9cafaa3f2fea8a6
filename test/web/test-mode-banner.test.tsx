import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_MODE_ATTRIBUTE } from '@api/system';
import { sandboxConfig, server } from './msw-server';
import { renderApp } from './render-app';

/**
 * Issue 22: the "Test mode" banner must not push the page down once GET /api/config answers. The
 * server marks the page shell on the sandbox, and the banner is there from the first render.
 */

const BANNER = 'Test mode — no real payments';

/** GET /api/config waits until the test lets it answer. */
function holdConfig(config: object) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get('/api/config', async () => {
      await released;
      return HttpResponse.json(config);
    }),
  );
  return () => release();
}

afterEach(() => {
  document.documentElement.removeAttribute(PAYMENT_MODE_ATTRIBUTE);
});

describe('the Test mode banner', () => {
  it('is there from the first render when the page shell says test payments, before the configuration answers', async () => {
    document.documentElement.setAttribute(PAYMENT_MODE_ATTRIBUTE, 'test');
    const answer = holdConfig(sandboxConfig);
    renderApp('/faq');
    const banner = screen.getByText(BANNER).parentElement!;
    const header = banner.closest('header')!;
    expect(header.firstElementChild).toBe(banner);
    answer();
    // The support address comes with the configuration: once it shows, the answer is in.
    // The first visit in a file compiles the page's chunk: a longer wait than Testing Library's.
    await screen.findByRole('link', { name: 'Contact Support' }, { timeout: 15_000 });
    // The very same banner, still first in the header: nothing was inserted above the page.
    expect(screen.getAllByText(BANNER)).toHaveLength(1);
    expect(header.firstElementChild).toBe(banner);
    expect(banner).toBeInTheDocument();
  });

  it('is not drawn where the shell says nothing and the configuration names Stripe', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ ...sandboxConfig, paymentProvider: 'stripe', stripePublishableKey: 'pk_test_1' })),
    );
    renderApp('/faq');
    // The support address comes with the configuration: once it is there, so is the answer.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:/), {
      timeout: 15_000,
    });
    expect(screen.queryByText(BANNER)).not.toBeInTheDocument();
  });

  it('follows the configuration once it answers, whatever the shell said', async () => {
    document.documentElement.setAttribute(PAYMENT_MODE_ATTRIBUTE, 'test');
    const answer = holdConfig({ ...sandboxConfig, paymentProvider: 'stripe', stripePublishableKey: 'pk_test_1' });
    renderApp('/faq');
    expect(screen.getByText(BANNER)).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByText(BANNER)).not.toBeInTheDocument());
  });
});
