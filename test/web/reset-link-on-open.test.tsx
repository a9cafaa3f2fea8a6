import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from './msw-server';
import { renderApp } from './render-app';

/** Issue 22: a used or expired reset link says so as its page opens, before any password is typed. */

const TOKEN = 'Zm9yLXRlc3RzLW9ubHktMTIzNDU2Nzg5MA';
const USED = 'This link has expired or has already been used. Please ask for a new one.';

function serveCheck(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/password-reset/check', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('/reset-password, as it opens', () => {
  it('says a used or expired link is one, offers a new link, and shows no password fields', async () => {
    const bodies = serveCheck(() => HttpResponse.json({ message: USED }, { status: 400 }));
    renderApp(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByText(USED, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth?view=forgot');
    expect(screen.queryByLabelText(/^New Password/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
    // The token goes in the body of a POST, never in an address a log could keep.
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('shows the form for a link that still works', async () => {
    const bodies = serveCheck(() => HttpResponse.json({ message: 'This link can set a new password.' }));
    renderApp(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByLabelText(/^New Password/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set New Password' })).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
  });

  it('still shows the form when the check cannot be made, and leaves the verdict to the reset', async () => {
    serveCheck(() => HttpResponse.json({ message: 'Too many password reset attempts. Try again later.' }, { status: 429 }));
    renderApp(`/reset-password#token=${TOKEN}`);
    expect(await screen.findByLabelText(/^New Password/, {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('asks nothing of the server for a link without its token', async () => {
    const bodies = serveCheck(() => HttpResponse.json({ message: 'This link can set a new password.' }));
    renderApp('/reset-password');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
