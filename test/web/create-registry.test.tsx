import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToLogin } from '../../web/src/lib/login-redirect';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { anOwnerRegistry, serveRegistry } from './registry-fixtures';

vi.mock('../../web/src/lib/login-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/login-redirect')>()),
  goToLogin: vi.fn(),
}));

afterEach(() => {
  vi.mocked(goToLogin).mockClear();
});

async function openForm() {
  signInAs(member);
  const app = renderApp('/create-registry');
  await screen.findByRole('heading', { level: 1, name: 'Create Your Registry' });
  return app;
}

type User = ReturnType<typeof renderApp>['user'];

async function fillRequired(user: User) {
  await fillIn(user, screen.getByLabelText(/^Child's Name/), 'Noah');
  await fillIn(user, screen.getByLabelText(/^Celebration Date/), '2030-03-14');
}

/** Answers POST /api/registries with a new registry and keeps the body. */
function acceptCreate() {
  const bodies: unknown[] = [];
  const created = anOwnerRegistry({ id: 'new-registry' });
  server.use(
    http.post('/api/registries', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(created, { status: 201 });
    }),
  );
  serveRegistry(created);
  return bodies;
}

describe('/create-registry', () => {
  it('shows the required messages on an empty submit and moves the focus to the first', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    expect(await screen.findByText("Child's name is required")).toBeInTheDocument();
    expect(screen.getByText('Celebration date is required')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Child's Name/)).toHaveFocus());
  });

  it('sends donor-choice as an empty preferredCharityId with allowCharityChoice true, the date as ISO, the spec fields and a listed registry', async () => {
    const bodies = acceptCreate();
    const { user } = await openForm();
    await fillRequired(user);
    // Donor choice is the default.
    expect(screen.getByRole('radio', { name: /Let each guest choose/ })).toBeChecked();
    await fillIn(user, screen.getByLabelText(/^Personal Message/), 'Join us!');
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      childName: 'Noah',
      celebrationType: 'unspecified',
      celebrationDate: '2030-03-14T00:00:00.000Z',
      hebrewCalendar: 'diaspora',
      currency: 'USD',
      personalMessage: 'Join us!',
      photoUrl: null,
      preferredCharityId: '',
      allowCharityChoice: true,
      unlisted: false,
    });
    // Success goes to the new registry's page.
    expect(await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" })).toBeInTheDocument();
  });

  it('asks whose celebration it is and sends the choice, with the name exactly as typed', async () => {
    const bodies = acceptCreate();
    const { user } = await openForm();
    const group = screen.getByRole('radiogroup', { name: 'Celebration' });
    expect(within(group).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['bar', 'bat', 'bnai', 'unspecified']);
    await fillIn(user, screen.getByLabelText(/^Child's Name/), 'maya rose katz');
    await user.click(within(group).getByRole('radio', { name: 'Bat Mitzvah' }));
    await fillIn(user, screen.getByLabelText(/^Celebration Date/), '2030-03-14');
    // The hint is only a suggestion: submitting as typed keeps the name as typed.
    expect(screen.getByText('Names are shown exactly as typed. Did you mean “Maya Rose Katz”?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ childName: 'maya rose katz', celebrationType: 'bat' });
  });

  it('shows the Hebrew date and parashah of the day picked, by the readings chosen, and sends the choice', async () => {
    const bodies = acceptCreate();
    const asked: string[] = [];
    server.use(
      http.get('/api/hebrew-date', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const israel = url.searchParams.get('calendar') === 'israel';
        return HttpResponse.json({
          date: '14 Sivan 5787',
          hebrew: 'י״ד סיון תשפ״ז',
          reading: israel
            ? { name: 'Parashat Beha’alotcha', hebrew: 'פרשת בהעלתך', festival: false }
            : { name: 'Parashat Nasso', hebrew: 'פרשת נשא', festival: false },
        });
      }),
    );
    const { user } = await openForm();
    const preview = screen.getByTestId('hebrew-date-preview');
    expect(preview).toHaveTextContent('Pick the celebration date to see its Hebrew date');
    await fillIn(user, screen.getByLabelText(/^Child's Name/), 'Ariel');
    await fillIn(user, screen.getByLabelText(/^Celebration Date/), '2027-06-19');
    expect(await within(preview).findByText('14 Sivan 5787 · Parashat Nasso')).toBeInTheDocument();
    const hebrew = within(preview).getByText('י״ד סיון תשפ״ז · פרשת נשא');
    expect(hebrew).toHaveAttribute('lang', 'he');
    expect(hebrew).toHaveAttribute('dir', 'rtl');
    // Nothing is asked for a date still being typed.
    expect(asked).toEqual(['?date=2027-06-19&calendar=diaspora']);

    const readings = screen.getByRole('radiogroup', { name: 'Torah readings' });
    expect(within(readings).getByRole('radio', { name: 'Diaspora' })).toBeChecked();
    await user.click(within(readings).getByRole('radio', { name: 'Israel' }));
    expect(await within(preview).findByText('14 Sivan 5787 · Parashat Beha’alotcha')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ celebrationDate: '2027-06-19T00:00:00.000Z', hebrewCalendar: 'israel' });
  });

  it('suggests capitals for a lower-case name and uses them in one click', async () => {
    const { user } = await openForm();
    const name = screen.getByLabelText(/^Child's Name/);
    await fillIn(user, name, 'Noah');
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await user.clear(name);
    await fillIn(user, name, "sarah-rose o'brien");
    await user.click(await screen.findByRole('button', { name: "Use ‘Sarah-Rose O'Brien’" }));
    expect(name).toHaveValue("Sarah-Rose O'Brien");
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('sends a specific charity with allowCharityChoice false, and the chosen currency', async () => {
    const bodies = acceptCreate();
    const { user } = await openForm();
    await fillRequired(user);
    await user.click(screen.getByRole('radio', { name: 'CAD (Canada)' }));
    await user.click(await screen.findByRole('radio', { name: /Tikkun Civil Rights Project/ }));
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ currency: 'CAD', preferredCharityId: 'c-2', allowCharityChoice: false });
    expect(Object.keys(bodies[0] as object).sort()).toEqual([
      'allowCharityChoice',
      'celebrationDate',
      'celebrationType',
      'childName',
      'currency',
      'hebrewCalendar',
      'personalMessage',
      'photoUrl',
      'preferredCharityId',
      'unlisted',
    ]);
  });

  it('offers to keep the registry unlisted, says what that means, and sends it', async () => {
    const bodies = acceptCreate();
    const { user } = await openForm();
    await fillRequired(user);
    const unlisted = screen.getByRole('checkbox', { name: 'Keep this registry unlisted' });
    expect(unlisted).not.toBeChecked();
    expect(unlisted).toHaveAccessibleDescription(
      'An unlisted registry never appears in search or among recent registries. Only people you send its link or QR code to can open it.',
    );
    await user.click(unlisted);
    expect(unlisted).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ childName: 'Noah', unlisted: true });
  });

  it('offers only active charities', async () => {
    server.use(
      http.get('/api/charities', () =>
        HttpResponse.json([
          {
            id: 'c-1',
            name: 'Active Charity',
            description: 'x',
            website: null,
            imageUrl: null,
            category: 'community',
            isActive: true,
            createdAt: '2024-01-01T00:00:00.000Z',
          },
          {
            id: 'c-9',
            name: 'Retired Charity',
            description: 'x',
            website: null,
            imageUrl: null,
            category: 'other',
            isActive: false,
            createdAt: '2024-01-01T00:00:00.000Z',
          },
        ]),
      ),
    );
    await openForm();
    expect(await screen.findByRole('radio', { name: /Active Charity/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Retired Charity/ })).not.toBeInTheDocument();
  });

  it('shows the failure toast and stays on the form', async () => {
    server.use(http.post('/api/registries', () => HttpResponse.json({ message: 'Database unavailable' }, { status: 500 })));
    const { user } = await openForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Error')).toBeInTheDocument();
    expect(toast.getByText('Failed to create registry. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create Your Registry' })).toBeInTheDocument();
  });

  it('shows field messages the server sends back', async () => {
    server.use(
      http.post('/api/registries', () =>
        HttpResponse.json({ message: 'Invalid input', errors: { childName: 'Name contains characters we cannot store' } }, { status: 400 }),
      ),
    );
    const { user } = await openForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    expect(await screen.findByText('Name contains characters we cannot store')).toBeInTheDocument();
  });

  it('runs the Unauthorized flow on a 401: toast, then the login redirect after 500 ms', async () => {
    server.use(http.post('/api/registries', () => HttpResponse.json({ message: 'Please sign in first' }, { status: 401 })));
    const { user } = await openForm();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Unauthorized')).toBeInTheDocument();
    expect(toast.getByText('You are logged out. Logging in again...')).toBeInTheDocument();
    expect(goToLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });

  it('goes back to / on Cancel', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Sarah!' })).toBeInTheDocument();
  });

  it('sends the uploaded photo URL', async () => {
    const bodies = acceptCreate();
    server.use(http.post('/api/objects/upload', () => HttpResponse.json({ photoUrl: '/uploads/abc.jpg' })));
    const { user } = await openForm();
    await fillRequired(user);
    await user.upload(
      screen.getByLabelText('Photo (optional)', { selector: 'input' }),
      new File(['img'], 'noah.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('img', { name: 'Photo of Noah' })).toHaveAttribute('src', '/uploads/abc.jpg');
    await user.click(screen.getByRole('button', { name: 'Create Registry' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ photoUrl: '/uploads/abc.jpg' });
  });
});
