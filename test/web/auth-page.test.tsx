import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';

async function openSignUp() {
  const app = renderApp('/auth');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  await app.user.click(screen.getByRole('button', { name: 'Need an account? Sign up' }));
  await screen.findByRole('heading', { level: 1, name: 'Join' });
  return app;
}

async function fillSignUp(user: ReturnType<typeof renderApp>['user'], overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'First Name': 'Sarah',
    'Last Name': 'Cohen',
    Email: 'sarah@example.com',
    Username: 'sarah',
    Password: 'secret123',
    'Confirm Password': 'secret123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await fillIn(user, screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), value);
  }
}

describe('/auth sign in', () => {
  it('shows the sign-in form with a toggle to sign up and the marketing panel', async () => {
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Username/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Need an account? Sign up' })).toBeInTheDocument();
    expect(screen.getByText('90% goes to you, 10% supports important causes')).toBeInTheDocument();
  });

  it('shows the required messages on an empty submit', async () => {
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('signs in, greets the user with a toast and goes to the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        expect(request.headers.get('content-type')).toContain('application/json');
        // From now on the session exists.
        signInAs(member);
        return HttpResponse.json(member);
      }),
    );
    const { user } = renderApp('/auth');
    await fillIn(user, await screen.findByLabelText(/^Username/), ' sarah ');
    await fillIn(user, screen.getByLabelText(/^Password/), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
    const toast = within(toastRegion());
    expect(toast.getByText('Welcome!')).toBeInTheDocument();
    expect(toast.getByText('Successfully logged in to Mitzvah Gifts.')).toBeInTheDocument();
    expect(body).toEqual({ username: 'sarah', password: 'secret123' });
    // The navigation bar now shows the signed-in links.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('shows the login failure toast on a 401', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({ message: 'Invalid username or password' }, { status: 401 })));
    const { user } = renderApp('/auth');
    await fillIn(user, await screen.findByLabelText(/^Username/), 'sarah');
    await fillIn(user, screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await within(toastRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('Login failed');
    expect(alert).toHaveTextContent('Please check your username and password.');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
  });

  it('redirects a signed-in user to /', async () => {
    signInAs(member);
    renderApp('/auth');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  });
});

describe('/auth sign up', () => {
  it('toggles to the sign-up form with all its fields', async () => {
    await openSignUp();
    for (const label of ['First Name', 'Last Name', 'Email', 'Username', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already have an account? Sign in' })).toBeInTheDocument();
  });

  it('says "Passwords don\'t match" when the confirmation differs', async () => {
    const { user } = await openSignUp();
    await fillSignUp(user, { 'Confirm Password': 'different1' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
  });

  it('refuses a name with a direction override, with the message the server gives', async () => {
    const { user } = await openSignUp();
    await fillSignUp(user, { 'First Name': 'Sarah \u202Eelpmaxe' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name cannot contain characters that change the direction of text')).toBeInTheDocument();
  });

  it('refuses a password shorter than 6 characters', async () => {
    const { user } = await openSignUp();
    await fillSignUp(user, { Password: 'abc', 'Confirm Password': 'abc' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('registers without sending confirmPassword, then welcomes the user on the dashboard', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/register', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(member, { status: 201 });
      }),
    );
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
    expect(body).toEqual({
      firstName: 'Sarah',
      lastName: 'Cohen',
      email: 'sarah@example.com',
      username: 'sarah',
      password: 'secret123',
    });
    expect(body).not.toHaveProperty('confirmPassword');
    const toast = within(toastRegion());
    expect(toast.getByText('Welcome to Mitzvah Gifts!')).toBeInTheDocument();
    expect(toast.getByText('Your account has been created successfully.')).toBeInTheDocument();
  });

  it('explains a taken username (409)', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json({ message: 'Username already exists' }, { status: 409 })));
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = await within(toastRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('This username is already taken. Please choose another.');
    expect(screen.getByRole('heading', { level: 1, name: 'Join' })).toBeInTheDocument();
  });

  it('shows the server message of another failure', async () => {
    server.use(http.post('/api/register', () => HttpResponse.json({ message: 'Email already exists' }, { status: 409 })));
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(within(toastRegion()).getByRole('alert')).toHaveTextContent('Email already exists'));
  });

  it.each([
    ['an empty JSON object', () => HttpResponse.json({}, { status: 400 })],
    ['a message that is not text', () => HttpResponse.json({ message: 42, error: '' }, { status: 400 })],
    [
      'a proxy’s HTML page',
      () => new HttpResponse('<html><body>Bad Gateway</body></html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    ],
    ['an empty body', () => new HttpResponse(null, { status: 500 })],
  ])('asks to check the information when the failure says nothing usable (%s)', async (_kind, answer) => {
    server.use(http.post('/api/register', answer));
    const { user } = await openSignUp();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const alert = await within(toastRegion()).findByRole('alert');
    expect(alert).toHaveTextContent('Registration failed');
    expect(alert).toHaveTextContent('Please check your information and try again.');
    expect(alert).not.toHaveTextContent(/[{}<]|Bad Gateway|Internal Server Error/);
  });
});
