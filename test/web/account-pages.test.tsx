import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789_-ABCDE';

describe('/auth forgot password', () => {
  it('asks for the address and shows the server’s one answer', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/password-reset/request', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ message: 'If an account uses that e-mail address, we have sent it a link.' }, { status: 202 });
      }),
    );
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText(/^Email/), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(/If an account uses that e-mail address, we have sent it a link/)).toBeInTheDocument();
    expect(asked).toEqual([{ email: 'dana@example.com' }]);
  });
});

describe('/reset-password', () => {
  it('sends the token from the link with the new password, and offers to sign in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/password-reset', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Your password has been changed.' });
      }),
    );
    const { user } = renderApp(`/reset-password#token=${TOKEN}`);
    await fillIn(user, await screen.findByLabelText(/^New Password/), 'new-secret');
    await fillIn(user, screen.getByLabelText(/^Confirm Password/), 'other-secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText(/^Confirm Password/));
    await fillIn(user, screen.getByLabelText(/^Confirm Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN, password: 'new-secret' }]);
    expect(screen.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('says so when the link is used up, with a way to ask for a new one', async () => {
    server.use(
      http.post('/api/password-reset', () =>
        HttpResponse.json({ message: 'This link has expired or has already been used. Please ask for a new one.' }, { status: 400 }),
      ),
    );
    const { user } = renderApp(`/reset-password#token=${TOKEN}`);
    await fillIn(user, await screen.findByLabelText(/^New Password/), 'new-secret');
    await fillIn(user, screen.getByLabelText(/^Confirm Password/), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(/This link has expired or has already been used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth?view=forgot');
  });

  it('says a link without its token is incomplete', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set New Password' })).not.toBeInTheDocument();
  });
});

describe('/account', () => {
  const account = {
    id: member.id,
    username: member.username,
    email: member.email,
    firstName: 'Sarah',
    lastName: 'Cohen',
    deletionScheduledFor: null,
  };
  const exportsOf = (overrides: Record<string, unknown> = {}) => ({
    atOnce: true,
    giftCount: 12,
    atOnceMaxGifts: 2000,
    linkDays: 7,
    graceDays: 14,
    exports: [],
    ...overrides,
  });

  it('saves the names and tells a wrong current password on the password form', async () => {
    signInAs(member);
    server.use(
      http.get('/api/account', () => HttpResponse.json(account)),
      http.get('/api/account/exports', () => HttpResponse.json(exportsOf())),
      http.put('/api/account/profile', async ({ request }) => HttpResponse.json({ ...account, ...((await request.json()) as object) })),
      http.put('/api/account/password', () =>
        HttpResponse.json(
          { message: 'Your current password is incorrect', errors: { currentPassword: 'Your current password is incorrect' } },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Account' })).toBeInTheDocument();
    expect(screen.getByText(member.email)).toBeInTheDocument();
    const firstName = screen.getByLabelText(/^First Name/);
    await user.clear(firstName);
    await fillIn(user, firstName, 'Rivka');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Your name has been updated.')).toBeInTheDocument();

    const passwordForm = screen.getByRole('form', { name: 'Change password' });
    await fillIn(user, passwordForm.querySelector('#password-currentPassword')!, 'guess');
    await fillIn(user, passwordForm.querySelector('#password-newPassword')!, 'better-pass');
    await fillIn(user, passwordForm.querySelector('#password-confirmPassword')!, 'better-pass');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect((await screen.findAllByText('Your current password is incorrect')).length).toBeGreaterThan(0);
    expect(toastRegion()).toHaveTextContent('Could not change your password');
  });

  it('schedules the deletion with the password, says why one is refused, and cancels a scheduled one', async () => {
    signInAs(member);
    const asked: unknown[] = [];
    let scheduled: string | null = null;
    server.use(
      http.get('/api/account', () => HttpResponse.json({ ...account, deletionScheduledFor: scheduled })),
      http.get('/api/account/exports', () => HttpResponse.json(exportsOf())),
      http.delete('/api/account', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        asked.push(body);
        if (body.password === 'guess')
          return HttpResponse.json(
            { message: 'Your current password is incorrect', errors: { currentPassword: 'Your current password is incorrect' } },
            { status: 400 },
          );
        if (asked.length === 2)
          return HttpResponse.json(
            { message: 'Noa’s registry is open and holds gifts. Close it and receive its payout first.' },
            { status: 409 },
          );
        scheduled = '2026-12-16T10:00:00.000Z';
        return HttpResponse.json({ ...account, deletionScheduledFor: scheduled });
      }),
      http.post('/api/account/deletion/cancel', () => {
        scheduled = null;
        return HttpResponse.json({ ...account, deletionScheduledFor: null });
      }),
    );
    const { user } = renderApp('/account');
    const form = await screen.findByRole('form', { name: 'Delete your account' });
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Enter your password to delete your account')).toBeInTheDocument();
    expect(asked).toEqual([]);
    await fillIn(user, form.querySelector('#delete-password')!, 'guess');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect((await screen.findAllByText('Your current password is incorrect')).length).toBeGreaterThan(0);
    await user.clear(form.querySelector('#delete-password')!);
    await fillIn(user, form.querySelector('#delete-password')!, 'my-password');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Noa’s registry is open and holds gifts');
    // The password was right this time: the field no longer says it was not.
    expect(form.querySelector('#delete-password')).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(form).queryByText('Your current password is incorrect')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText(/Your account is scheduled for deletion on December 16, 2026/)).toBeInTheDocument();
    expect(toastRegion()).toHaveTextContent('Deletion scheduled');
    await user.click(screen.getByRole('button', { name: 'Cancel Deletion' }));
    expect(await screen.findByRole('button', { name: 'Delete My Account' })).toBeInTheDocument();
    expect(toastRegion()).toHaveTextContent('Deletion cancelled');
  });

  it('asks for a large account’s export by e-mail and lists it', async () => {
    signInAs(member);
    const asked: unknown[] = [];
    const requests: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/account', () => HttpResponse.json(account)),
      http.get('/api/account/exports', () => HttpResponse.json(exportsOf({ atOnce: false, giftCount: 2400, exports: requests }))),
      http.post('/api/account/exports', async ({ request }) => {
        asked.push(await request.json());
        const queued = {
          id: 'e1',
          format: 'csv',
          status: 'queued',
          requestedAt: '2026-12-02T10:00:00.000Z',
          readyAt: null,
          expiresAt: null,
        };
        requests.push(queued);
        return HttpResponse.json(queued, { status: 202 });
      }),
    );
    const { user } = renderApp('/account');
    expect(await screen.findByText(/Your account holds 2,400 gifts, more than the 2,000/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download as JSON' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'E-mail Me the CSV Files' }));
    expect(await screen.findByText(/CSV files, asked for on Dec 2, 2026: being prepared/)).toBeInTheDocument();
    expect(asked).toEqual([{ format: 'csv' }]);
    expect(toastRegion()).toHaveTextContent('Export on its way');
  });
});

describe('/account/export', () => {
  it('asks a visitor to sign in to the account the export was made for', async () => {
    renderApp(`/account/export#token=${TOKEN}`);
    expect(await screen.findByText(/Sign in to the account this export was made for/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it('says why a signed-in account gets nothing for a link that is not its own', async () => {
    signInAs(member);
    const sent: unknown[] = [];
    server.use(
      http.post('/api/account/exports/download', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'This link has expired, or it belongs to another account.' }, { status: 400 });
      }),
    );
    const { user } = renderApp(`/account/export#token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired, or it belongs to another account.');
    expect(sent).toEqual([{ token: TOKEN }]);
  });
});
