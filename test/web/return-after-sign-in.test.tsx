import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { returnPathOf } from '@api/return-path';
import { goToLogin, loginPathFor } from '../../web/src/lib/login-redirect';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';

/** Issue 22: signing in after being sent to /auth comes back to the page that sent you. */

vi.mock('../../web/src/lib/login-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/login-redirect')>()),
  goToLogin: vi.fn(),
}));

afterEach(() => {
  vi.mocked(goToLogin).mockClear();
});

function serveLogin() {
  server.use(
    http.post('/api/login', () => {
      signInAs(member);
      return HttpResponse.json(member);
    }),
  );
}

async function signIn(user: ReturnType<typeof renderApp>['user']) {
  await fillIn(user, await screen.findByLabelText(/^Username/, {}, { timeout: 15_000 }), 'sarah');
  await fillIn(user, screen.getByLabelText(/^Password/), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the way to the sign-in page remembers where it came from', () => {
  it('sends a visitor on /create-registry to the login path with that page to come back to', async () => {
    renderApp('/create-registry');
    await within(toastRegion()).findByText('Please log in');
    await waitFor(() => expect(goToLogin).toHaveBeenCalledWith('/create-registry'), { timeout: 2000 });
  });

  it('writes the page into the login path, and nothing that leads elsewhere', () => {
    expect(loginPathFor('/create-registry')).toBe('/api/login?returnTo=%2Fcreate-registry');
    expect(loginPathFor('/registry/r-1/gifts?sort=name')).toBe('/api/login?returnTo=%2Fregistry%2Fr-1%2Fgifts%3Fsort%3Dname');
    for (const elsewhere of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/api/logout',
      '/auth',
      'create-registry',
      '/a\nb',
    ]) {
      expect(loginPathFor(elsewhere)).toBe('/api/login');
      expect(returnPathOf(elsewhere)).toBeNull();
    }
  });
});

describe('signing in comes back', () => {
  it('to /create-registry after the sign-in it asked for', async () => {
    serveLogin();
    const { user } = renderApp('/auth?returnTo=%2Fcreate-registry');
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('to /create-registry from the landing page’s Start Your Registry', async () => {
    serveLogin();
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Start Your Registry' }));
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('after creating an account too', async () => {
    server.use(
      http.post('/api/register', () => {
        signInAs(member);
        return HttpResponse.json(member, { status: 201 });
      }),
    );
    const { user } = renderApp('/auth?returnTo=%2Fcreate-registry');
    await user.click(await screen.findByRole('button', { name: 'Need an account? Sign up' }));
    const values = {
      'First Name': 'Sarah',
      'Last Name': 'Cohen',
      Email: 'sarah@example.com',
      Username: 'sarah',
      Password: 'secret123',
      'Confirm Password': 'secret123',
    };
    for (const [label, value] of Object.entries(values))
      await fillIn(user, screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), value);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('home, to the dashboard, when the page to come back to leads elsewhere', async () => {
    serveLogin();
    const { user } = renderApp('/auth?returnTo=%2F%2Fevil.example%2F');
    await signIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome back, Sarah/ })).toBeInTheDocument();
  });

  it('at once for someone already signed in who opens the sign-in page with a page to come back to', async () => {
    signInAs(member);
    renderApp('/auth?returnTo=%2Fcreate-registry');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});
