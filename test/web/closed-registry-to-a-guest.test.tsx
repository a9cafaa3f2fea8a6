import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { member, signInAs } from './msw-server';
import { ownerToolsLoaded, renderApp } from './render-app';
import { aRegistry, anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

/** Issue 22: a closed registry is one clear state to a guest, on its page and on the gift form. */

const CLOSED = 'This registry is closed, and gifts are no longer accepted';

describe('a closed registry, to a guest', () => {
  it.each(['closed', 'payout_sent'] as const)(
    'says so once on its page (%s), with no invitation, QR code or Upcoming badge',
    async (status) => {
      // 2030: the celebration is still to come, which the page once called "Upcoming" beside "Closed".
      serveRegistry(aRegistry({ status }));
      renderApp(`/registry/${REGISTRY_ID}`, { width: 360 });
      const article = await screen.findByRole('article', { name: /Noah/ }, { timeout: 15_000 });
      expect(screen.getByRole('heading', { level: 2, name: CLOSED })).toBeInTheDocument();
      expect(within(article).getByText('Closed')).toBeInTheDocument();
      expect(within(article).queryByText('Upcoming')).not.toBeInTheDocument();
      expect(within(article).queryByText('Past')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Share This Registry' })).not.toBeInTheDocument();
      expect(screen.queryByText(/print the QR code/)).not.toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
      expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Give a Gift' })).not.toBeInTheDocument();
    },
  );

  it('says the same on the gift form, with the way back to the registry', async () => {
    serveRegistry(aRegistry({ status: 'closed' }));
    renderApp(`/gift/${REGISTRY_ID}`, { width: 360 });
    expect(await screen.findByRole('heading', { level: 2, name: CLOSED }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Gift details' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Registry' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}`);
  });

  it('keeps an open registry as it was: Upcoming, the way to give and the link to share', async () => {
    serveRegistry(aRegistry());
    renderApp(`/registry/${REGISTRY_ID}`);
    const article = await screen.findByRole('article', { name: /Noah/ }, { timeout: 15_000 });
    expect(within(article).getByText('Upcoming')).toBeInTheDocument();
    expect(within(article).queryByText('Closed')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CLOSED })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Share This Registry' })).toBeInTheDocument();
  });
});

describe('a closed registry, to its owner', () => {
  it('still shows the link to share and the Closed badge alone, without the guest’s notice', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ status: 'closed', closedAt: '2030-04-02T15:00:00.000Z' }));
    renderApp(`/registry/${REGISTRY_ID}`);
    const article = await screen.findByRole('article', { name: /Noah/ }, { timeout: 15_000 });
    expect(within(article).getByText('Closed')).toBeInTheDocument();
    expect(within(article).queryByText('Upcoming')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Share This Registry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: CLOSED })).not.toBeInTheDocument();
    await ownerToolsLoaded();
  });
});

describe('the registry link', () => {
  it('is a read-only text area, so a link wider than a phone wraps and shows whole', async () => {
    serveRegistry(aRegistry());
    renderApp(`/registry/${REGISTRY_ID}`, { width: 360 });
    const share = within(await screen.findByRole('region', { name: 'Share This Registry' }, { timeout: 15_000 }));
    const link = share.getByRole('textbox', { name: 'Registry link' });
    expect(link.tagName).toBe('TEXTAREA');
    expect(link).toHaveValue(`${window.location.origin}/r/k7m2q9xz`);
    expect(link).toHaveAttribute('readonly');
  });
});
