import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { admin, member, sandboxConfig, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });

describe('navigation bar', () => {
  it('shows in-page anchors, Sign In and Create Registry (to /auth) to a visitor on the landing page', async () => {
    renderApp('/');
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
    expect(nav.getByRole('link', { name: 'Charities' })).toHaveAttribute('href', '#charities');
    expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
    expect(await nav.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(nav.getByRole('link', { name: 'Create Registry' })).toHaveAttribute('href', '/auth');
    expect(nav.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
  });

  it('points Charities at /charities on other pages', async () => {
    renderApp('/faq');
    const nav = within(mainNav());
    expect(nav.getByRole('link', { name: 'Charities' })).toHaveAttribute('href', '/charities');
    expect(nav.queryByRole('link', { name: 'How It Works' })).not.toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Pricing' })).not.toBeInTheDocument();
    expect(await nav.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a spinner while the auth state loads', async () => {
    let answer: (() => void) | undefined;
    server.use(
      http.get('/api/user', async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json(member);
      }),
    );
    renderApp('/faq');
    expect(await screen.findByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    expect(await within(mainNav()).findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading your account' })).not.toBeInTheDocument();
  });

  it('shows Dashboard, Create Registry and Sign Out to a signed-in user, without the Admin menu', async () => {
    signInAs(member);
    renderApp('/');
    const nav = within(mainNav());
    expect(await nav.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Create Registry' })).toHaveAttribute('href', '/create-registry');
    expect(nav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(nav.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(nav.queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Charities' })).toHaveAttribute('href', '/charities');
  });

  it('gives admins an Admin menu with the two payout pages and gift refunds', async () => {
    signInAs(admin);
    server.use(http.get('/api/admin/manual-payouts', () => HttpResponse.json({ pending: [], completed: [] })));
    const { user } = renderApp('/');
    await user.click(await within(mainNav()).findByRole('button', { name: 'Admin' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Manual Payouts' })).toHaveAttribute('href', '/admin/manual-payouts');
    expect(within(menu).getByRole('menuitem', { name: 'Charity Payouts' })).toHaveAttribute('href', '/admin/charity-payouts');
    expect(within(menu).getByRole('menuitem', { name: 'Gift Refunds' })).toHaveAttribute('href', '/admin/gift-refunds');
    expect(within(menu).getByRole('menuitem', { name: 'Failed Payouts' })).toHaveAttribute('href', '/admin/failed-payouts');
    expect(within(menu).getByRole('menuitem', { name: 'Finance' })).toHaveAttribute('href', '/admin/finance');
    expect(within(menu).getByRole('menuitem', { name: 'Disputes' })).toHaveAttribute('href', '/admin/disputes');
    await user.click(within(menu).getByRole('menuitem', { name: 'Manual Payouts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Manual Payouts' })).toBeInTheDocument();
    // The page's own call must finish inside this test, or it lands in the next one's handlers.
    expect(await screen.findByText('No payouts are waiting to be sent.')).toBeInTheDocument();
  });

  it('signs out: toast, visitor links, landing page', async () => {
    signInAs(member);
    server.use(
      http.post('/api/logout', () => {
        server.use(http.get('/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    const { user } = renderApp('/faq');
    await user.click(await within(mainNav()).findByRole('button', { name: 'Sign Out' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Logged out')).toBeInTheDocument();
    expect(toast.getByText('You have been successfully logged out.')).toBeInTheDocument();
    expect(await within(mainNav()).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(await screen.findByText(/Celebrating Bar & Bat Mitzvahs/, { selector: 'main *' })).toBeInTheDocument();
  });

  it('shows the server message when sign-out fails', async () => {
    signInAs(member);
    server.use(http.post('/api/logout', () => HttpResponse.json({ message: 'Session store unavailable' }, { status: 500 })));
    const { user } = renderApp('/faq');
    await user.click(await within(mainNav()).findByRole('button', { name: 'Sign Out' }));
    const alert = await within(toastRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('Logout failed');
    expect(alert).toHaveTextContent('Session store unavailable');
    expect(within(mainNav()).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('puts the links in a right-side menu on a 360 px screen', async () => {
    signInAs(admin);
    const { user } = renderApp('/faq', { width: 360 });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    await user.click(menuButton);
    // The button names what it controls only once that is in the page (the drawer is a lazy chunk).
    const controls = menuButton.getAttribute('aria-controls');
    expect(controls === null || document.getElementById(controls) !== null, `aria-controls="${controls}" names no element`).toBe(true);
    const drawerNav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(document.getElementById(menuButton.getAttribute('aria-controls') ?? '')).toHaveAccessibleName('Menu');
    expect(drawerNav.getByRole('link', { name: 'Charities' })).toHaveAttribute('href', '/charities');
    expect(await drawerNav.findByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(drawerNav.getByRole('link', { name: 'Manual Payouts' })).toHaveAttribute('href', '/admin/manual-payouts');
    expect(drawerNav.getByRole('link', { name: 'Charity Payouts' })).toHaveAttribute('href', '/admin/charity-payouts');
    expect(drawerNav.getByRole('link', { name: 'Gift Refunds' })).toHaveAttribute('href', '/admin/gift-refunds');
    expect(drawerNav.getByRole('link', { name: 'Failed Payouts' })).toHaveAttribute('href', '/admin/failed-payouts');
    expect(drawerNav.getByRole('link', { name: 'Finance' })).toHaveAttribute('href', '/admin/finance');
    expect(drawerNav.getByRole('link', { name: 'Disputes' })).toHaveAttribute('href', '/admin/disputes');
    expect(drawerNav.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();

    await user.click(drawerNav.getByRole('link', { name: 'Charities' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Charity Partners' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
  });

  it('marks test mode on every page when payments run in the sandbox', async () => {
    renderApp('/faq');
    expect(await screen.findByText('Test mode — no real payments')).toBeInTheDocument();
  });

  it('has no test-mode marker with the real payment provider', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json({ ...sandboxConfig, paymentProvider: 'stripe' })));
    renderApp('/faq');
    expect(await screen.findByRole('link', { name: sandboxConfig.supportEmail })).toBeInTheDocument();
    expect(screen.queryByText('Test mode — no real payments')).not.toBeInTheDocument();
  });
});

describe('footer', () => {
  it('has the columns, contact details, newsletter field and copyright of docs/product.md#navigation-bar-and-footer', async () => {
    const { user } = renderApp('/faq');
    const footer = within(await screen.findByRole('contentinfo'));
    for (const heading of ['Quick Links', 'Support', 'Get in Touch']) {
      expect(footer.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    for (const link of ['How It Works', 'Create Registry', 'Give a Gift', 'Charity Partners', 'Thank You Cards']) {
      expect(footer.getByRole('link', { name: link })).toBeInTheDocument();
    }
    for (const link of ['Help Center', 'Contact Us', 'Security', 'Terms of Service']) {
      expect(footer.getByRole('link', { name: link })).toBeInTheDocument();
    }
    for (const privacy of footer.getAllByRole('link', { name: 'Privacy Policy' })) expect(privacy).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Security' })).toHaveAttribute('href', '/security');
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faq');
    expect(await footer.findByRole('link', { name: sandboxConfig.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${sandboxConfig.supportEmail}`,
    );
    expect(footer.getByRole('link', { name: sandboxConfig.supportPhone })).toBeInTheDocument();
    expect(footer.getByText('24/7 Support Available')).toBeInTheDocument();
    expect(footer.getByText(new RegExp(`© ${new Date().getFullYear()} `))).toBeInTheDocument();

    const subscribed: unknown[] = [];
    server.use(
      http.post('/api/newsletter', async ({ request }) => {
        subscribed.push(await request.json());
        return HttpResponse.json({ message: 'Thank you! guest@example.com is on our newsletter list.' });
      }),
    );
    const email = footer.getByLabelText('Get our newsletter');
    expect(email).toHaveAttribute('type', 'email');
    await fillIn(user, email, 'not an address');
    await user.click(footer.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(footer.getByRole('status')).toHaveTextContent('Please enter a valid email address.'));
    expect(subscribed).toEqual([]);
    await user.clear(email);
    await fillIn(user, email, 'Guest@Example.com');
    await user.click(footer.getByRole('button', { name: 'Subscribe' }));
    expect(await footer.findByText('Thank you! guest@example.com is on our newsletter list.')).toBeInTheDocument();
    expect(subscribed).toEqual([{ email: 'Guest@Example.com' }]);
    // Still on the same page: the form posted in place.
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
  });
});
