import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToLogin } from '../../web/src/lib/login-redirect';
import { http, HttpResponse } from 'msw';
import { admin, member, server, signInAs } from './msw-server';
import { renderApp, toastRegion } from './render-app';

vi.mock('../../web/src/lib/login-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/login-redirect')>()),
  goToLogin: vi.fn(),
}));

afterEach(() => {
  vi.mocked(goToLogin).mockClear();
});

const h1 = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });

describe('route table (docs/product.md#route-table)', () => {
  it('shows the 404 page, with a link home, for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await h1('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it.each(['/admin/charity-payouts', '/admin/manual-payouts', '/admin/gift-refunds', '/admin/failed-payouts', '/admin/finance'])(
    'shows the 404 page on %s to a signed-in non-admin',
    async (path) => {
      signInAs(member);
      renderApp(path);
      expect(await h1('Page not found')).toBeInTheDocument();
    },
  );

  it('shows the 404 page on an admin page to a visitor', async () => {
    renderApp('/admin/manual-payouts');
    expect(await h1('Page not found')).toBeInTheDocument();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['/admin/charity-payouts', 'Charity Payouts'],
    ['/admin/manual-payouts', 'Manual Payouts'],
    ['/admin/gift-refunds', 'Gift Refunds'],
    ['/admin/failed-payouts', 'Failed Payouts'],
    ['/admin/disputes', 'Disputes'],
  ])('shows the admin page %s to an admin', async (path, heading) => {
    signInAs(admin);
    server.use(
      http.get('/api/admin/charity-payouts/pending', () => HttpResponse.json([])),
      http.get('/api/admin/charity-payouts', () => HttpResponse.json([])),
      http.get('/api/admin/manual-payouts', () => HttpResponse.json({ pending: [], completed: [] })),
      http.get('/api/admin/failed-payouts', () => HttpResponse.json([])),
      http.get('/api/admin/disputes', () => HttpResponse.json([])),
    );
    renderApp(path);
    expect(await h1(heading)).toBeInTheDocument();
  });

  it.each([
    ['/registry/r-1', 'Registry Not Found'],
    ['/gift/r-1', 'Registry Not Found'],
    ['/checkout/r-1', 'Complete Your Gift'],
    ['/charities', 'Our Charity Partners'],
    ['/faq', 'Frequently Asked Questions'],
    ['/r/AbC123', 'Registry Not Found'],
    ['/sandbox/onboarding', 'Bank Account Setup'],
  ])('shows the public page %s to a visitor', async (path, heading) => {
    server.use(
      http.get('/api/registries/:id', () => HttpResponse.json({ message: 'Registry not found' }, { status: 404 })),
      http.get('/api/short-links/:code', () => HttpResponse.json({ message: 'Registry not found' }, { status: 404 })),
    );
    renderApp(path);
    expect(await h1(heading)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('asks a visitor on /create-registry to log in, then redirects to /api/login after 500 ms', async () => {
    renderApp('/create-registry');
    const toast = within(toastRegion());
    expect(await toast.findByText('Please log in')).toBeInTheDocument();
    expect(toast.getByText('You need to be logged in to create a registry.')).toBeInTheDocument();
    expect(goToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('shows /create-registry to a signed-in user', async () => {
    signInAs(member);
    renderApp('/create-registry');
    expect(await h1('Create Your Registry')).toBeInTheDocument();
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('greets a signed-in user without a first name as "there"', async () => {
    signInAs({ ...member, firstName: null } as unknown as typeof member);
    renderApp('/');
    expect(await h1('Welcome back, there!')).toBeInTheDocument();
    // The heading shows at once; the quick actions, with the registries once they have loaded.
    expect(await screen.findByRole('link', { name: 'Create New Registry' })).toHaveAttribute('href', '/create-registry');
  });
});

describe('landing page', () => {
  it('shows the marketing copy, the charity partners and the 90/10 pricing example', async () => {
    renderApp('/');
    expect(
      await screen.findByText('Celebrating Bar & Bat Mitzvahs while supporting Jewish communities worldwide through meaningful giving.', {
        selector: 'main *',
      }),
    ).toBeInTheDocument();
    const charities = within(document.getElementById('charities')!);
    expect(await charities.findByRole('heading', { name: 'Jewish Federation Community Fund' })).toBeInTheDocument();
    expect(charities.getByText('Community Impact')).toBeInTheDocument();
    expect(charities.getByText('Civil Rights Impact')).toBeInTheDocument();
    expect(charities.getByRole('img', { name: 'Jewish Federation Community Fund logo' })).toHaveAttribute(
      'src',
      '/charity-images/federation.svg',
    );
    const pricing = within(document.getElementById('pricing')!);
    expect(pricing.getByText('$90.00')).toBeInTheDocument();
    expect(pricing.getByText('$10.00')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends a visitor who clicks Start Your Registry to /auth after a Please log in toast', async () => {
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Start Your Registry' }));
    const toast = within(toastRegion());
    expect(toast.getByText('Please log in')).toBeInTheDocument();
    expect(toast.getByText('You need to be logged in to create a registry.')).toBeInTheDocument();
    expect(await h1('Welcome Back')).toBeInTheDocument();
  });
});

describe('charities page', () => {
  it('lists each charity with its website opening safely in a new tab and a call to action', async () => {
    renderApp('/charities');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jewish Federation Community Fund' })).toBeInTheDocument();
    const website = screen.getByRole('link', { name: /Visit website of Jewish Federation Community Fund/ });
    expect(website).toHaveAttribute('href', 'https://federation.example.org');
    expect(website).toHaveAttribute('target', '_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    // The second charity has no website.
    expect(screen.getAllByRole('link', { name: /Visit website/ })).toHaveLength(1);
    expect(screen.getByText('Civil Rights Impact')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Create Registry' })).toHaveAttribute('href', '/create-registry');
  });
});
