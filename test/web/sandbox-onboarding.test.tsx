import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { redirectTo } from '../../web/src/lib/redirect';
import { server } from './msw-server';
import { renderApp } from './render-app';

vi.mock('../../web/src/lib/redirect', () => ({ redirectTo: vi.fn() }));

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

const EXPIRED = 'This onboarding link has expired or was already used.';
const REFRESH_URL = 'http://localhost:3000/registry/r-1?connect=refresh';

function serveAccount(country: 'US' | 'CA' = 'US') {
  const tokens: (string | null)[] = [];
  server.use(
    http.get('/api/sandbox/onboarding', ({ request }) => {
      const token = new URL(request.url).searchParams.get('token');
      tokens.push(token);
      return HttpResponse.json({ accountId: 'acct_sandbox_1', country, email: 'sarah@example.com' });
    }),
  );
  return tokens;
}

async function openPage(path = '/sandbox/onboarding?token=tok-1') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Bank Account Setup' });
  return app;
}

describe('sandbox onboarding page', () => {
  it('shows the account and three outcomes in test mode, and sends the chosen one back', async () => {
    const tokens = serveAccount();
    const posted: unknown[] = [];
    server.use(
      http.post('/api/sandbox/onboarding', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ redirectUrl: 'http://localhost:3000/registry/r-1?connect=return' });
      }),
    );
    const { user } = await openPage();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(await screen.findByText('sarah@example.com')).toBeInTheDocument();
    expect(screen.getByText('Country').nextElementSibling).toHaveTextContent('United States');
    expect(tokens).toEqual(['tok-1']);

    const group = within(screen.getByRole('radiogroup', { name: 'How should this test setup end?' }));
    expect(group.getByRole('radio', { name: 'Verify the bank account' })).toBeChecked();
    expect(group.getByRole('radio', { name: 'Verify, but make transfers fail' })).toHaveAccessibleDescription(
      'The account is verified, but the bank refuses transfers: closing shows a payout issue.',
    );
    expect(group.getByRole('radio', { name: 'Leave unfinished' })).not.toBeChecked();

    await user.click(group.getByRole('radio', { name: 'Verify, but make transfers fail' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/registry/r-1?connect=return'));
    expect(posted).toEqual([{ token: 'tok-1', outcome: 'rejects_transfers' }]);
    expect(document.title).toBe('Bank Account Setup | Mitzvah Gifts');
  });

  it.each([
    ['Verify the bank account', 'verified'],
    ['Leave unfinished', 'unfinished'],
  ])('"%s" sends %s', async (label, outcome) => {
    serveAccount('CA');
    const posted: unknown[] = [];
    server.use(
      http.post('/api/sandbox/onboarding', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ redirectUrl: '/registry/r-1?connect=return' });
      }),
    );
    const { user } = await openPage();
    expect(await screen.findByText('Canada')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: label }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(posted).toEqual([{ token: 'tok-1', outcome }]));
  });

  it('a used link (410) shows the message and a link to a fresh one', async () => {
    server.use(
      http.get('/api/sandbox/onboarding', () => HttpResponse.json({ message: EXPIRED, refreshUrl: REFRESH_URL }, { status: 410 })),
    );
    await openPage();
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new setup link' })).toHaveAttribute('href', REFRESH_URL);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('a link that expires while the page is open (410 on submit) shows the same notice', async () => {
    serveAccount();
    server.use(
      http.post('/api/sandbox/onboarding', () => HttpResponse.json({ message: EXPIRED, refreshUrl: REFRESH_URL }, { status: 410 })),
    );
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new setup link' })).toHaveAttribute('href', REFRESH_URL);
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('an invalid token (400) shows the message', async () => {
    server.use(http.get('/api/sandbox/onboarding', () => HttpResponse.json({ message: 'Invalid onboarding token' }, { status: 400 })));
    await openPage('/sandbox/onboarding?token=nope');
    expect(await screen.findByText('Invalid onboarding token')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('a refused outcome (400) shows the message and lets the owner try again', async () => {
    serveAccount();
    server.use(http.post('/api/sandbox/onboarding', () => HttpResponse.json({ message: 'Unknown outcome' }, { status: 400 })));
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unknown outcome');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('without a token says the link is incomplete and asks nothing', async () => {
    await openPage('/sandbox/onboarding');
    expect(screen.getByText(/This setup link is incomplete/)).toBeInTheDocument();
  });
});
