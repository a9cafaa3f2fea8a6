import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { renderApp } from './render-app';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

describe('/account/confirm-email', () => {
  it('asks a signed-out visitor to sign in first, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(http.post('/api/account/email/confirm', async ({ request }) => (sent.push(await request.json()), HttpResponse.json({}))));
    renderApp(`/account/confirm-email#token=${TOKEN}`);
    expect(await screen.findByText(/Sign in to the account that asked for this change/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Confirm New Address' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the token once clicked when signed in, and shows the server’s refusal for another account', async () => {
    signInAs(member);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/account/email/confirm', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: 'This link is for another account. Sign in as the account that asked for the change, then open the link again.' },
          { status: 403 },
        );
      }),
    );
    const { user } = renderApp(`/account/confirm-email#token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm New Address' }));
    expect(await screen.findByText(/This link is for another account\./)).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });
});

describe('/newsletter/unsubscribe', () => {
  it('unsubscribes only when clicked, with the token from the link', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/newsletter/unsubscribe', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'You are unsubscribed: this address is no longer on our newsletter list.' });
      }),
    );
    const { user } = renderApp(`/newsletter/unsubscribe#token=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(sent).toEqual([]);
    await user.click(button);
    expect(await screen.findByText(/You are unsubscribed/)).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('says a link without its token is incomplete', async () => {
    renderApp('/newsletter/unsubscribe');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });
});
