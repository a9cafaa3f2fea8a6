import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { member, server, signInAs } from './msw-server';
import { ownerToolsLoaded, renderApp, toastRegion } from './render-app';
import { aCoOwnerRegistry, aMyRegistry, anOwnerRegistry, REGISTRY_ID, serveRegistry, somePeople } from './registry-fixtures';

const TOKEN = 'A'.repeat(43);
const preview = {
  registryId: REGISTRY_ID,
  childName: 'Noah',
  celebrationType: 'bar',
  celebrationDate: '2030-03-14T00:00:00.000Z',
  inviterName: 'Rachel Rosen',
  expiresAt: '2030-01-08T00:00:00.000Z',
};

async function openRegistryPage() {
  renderApp(`/registry/${REGISTRY_ID}`);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  return within(await screen.findByRole('region', { name: 'Co-owners' }));
}

describe('the registry page for a co-owner', () => {
  it('shows the family tools but Delete, closing and the payout, and offers to leave', async () => {
    signInAs(member);
    serveRegistry(aCoOwnerRegistry());
    const coOwners = await openRegistryPage();
    const manage = within(screen.getByRole('region', { name: 'Registry Management' }));
    expect(manage.getByRole('button', { name: 'Edit Registry' })).toBeInTheDocument();
    expect(manage.getByRole('button', { name: 'Change Currency' })).toBeInTheDocument();
    expect(manage.queryByRole('button', { name: 'Delete Registry' })).not.toBeInTheDocument();
    expect(screen.queryByText('Close Registry & Receive Funds')).not.toBeInTheDocument();
    expect(await coOwners.findByText('Rachel Rosen')).toBeInTheDocument();
    expect(coOwners.getByText('Sarah Cohen (you)')).toBeInTheDocument();
    expect(coOwners.getByRole('button', { name: 'Leave Registry' })).toBeInTheDocument();
    expect(coOwners.queryByRole('form', { name: 'Invite a co-owner' })).not.toBeInTheDocument();
  });
});

describe('a co-owner leaving', () => {
  it('leaves the registry and goes back to the dashboard', async () => {
    signInAs(member);
    serveRegistry(aCoOwnerRegistry());
    let left = false;
    server.use(
      http.delete(`/api/registries/${REGISTRY_ID}/co-owners/${member.id}`, () => {
        left = true;
        return HttpResponse.json({ message: 'You no longer co-own this registry' });
      }),
      http.get('/api/registries/my', () => HttpResponse.json([])),
    );
    const coOwners = await openRegistryPage();
    fireEvent.click(await coOwners.findByRole('button', { name: 'Leave Registry' }));
    expect(await within(toastRegion()).findByText('You no longer co-own this registry')).toBeInTheDocument();
    expect(await screen.findByText('No registries yet')).toBeInTheDocument();
    expect(left).toBe(true);
  });
});

describe('the owner’s Co-owners section', () => {
  it('checks the address, sends the invitation and lists it with a way to cancel', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    let people = somePeople();
    let sent: unknown = null;
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/co-owners`, () => HttpResponse.json(people)),
      http.post(`/api/registries/${REGISTRY_ID}/co-owners/invitations`, async ({ request }) => {
        sent = await request.json();
        const invitation = {
          id: 'inv-1',
          email: 'jonathan@example.com',
          createdAt: '2030-01-01T00:00:00.000Z',
          expiresAt: '2030-01-08T00:00:00.000Z',
        };
        people = somePeople({ invitations: [invitation] });
        return HttpResponse.json(invitation, { status: 201 });
      }),
    );
    const coOwners = await openRegistryPage();
    expect(await coOwners.findByText('No co-owners yet.')).toBeInTheDocument();
    const form = within(coOwners.getByRole('form', { name: 'Invite a co-owner' }));
    fireEvent.change(form.getByLabelText(/Co-owner's Email/), { target: { value: 'not an address' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Invitation' }));
    expect(await form.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.change(form.getByLabelText(/Co-owner's Email/), { target: { value: 'jonathan@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Invitation' }));
    expect(await within(toastRegion()).findByText('Invitation sent')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'jonathan@example.com' });
    expect(await coOwners.findByText('jonathan@example.com')).toBeInTheDocument();
    expect(coOwners.getByRole('button', { name: 'Cancel Invitation to jonathan@example.com' })).toBeInTheDocument();
  });

  it('shows the server’s refusal on the field', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    server.use(
      http.post(`/api/registries/${REGISTRY_ID}/co-owners/invitations`, () =>
        HttpResponse.json(
          {
            message: 'This person is already a co-owner of the registry',
            errors: { email: 'This person is already a co-owner of the registry' },
          },
          { status: 409 },
        ),
      ),
    );
    const coOwners = await openRegistryPage();
    const form = within(coOwners.getByRole('form', { name: 'Invite a co-owner' }));
    fireEvent.change(form.getByLabelText(/Co-owner's Email/), { target: { value: 'avi@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Send Invitation' }));
    expect(await form.findByText('This person is already a co-owner of the registry')).toBeInTheDocument();
    expect(await within(toastRegion()).findByText('Could not send the invitation')).toBeInTheDocument();
  });

  it('removes a co-owner', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    let people = somePeople({ coOwners: [{ userId: 'u-2', name: 'Jonathan Rosen', email: 'jonathan@example.com' }] });
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/co-owners`, () => HttpResponse.json(people)),
      http.delete(`/api/registries/${REGISTRY_ID}/co-owners/u-2`, () => {
        people = somePeople();
        return HttpResponse.json({ message: 'Co-owner removed' });
      }),
    );
    const coOwners = await openRegistryPage();
    fireEvent.click(await coOwners.findByRole('button', { name: 'Remove Jonathan Rosen' }));
    expect(await within(toastRegion()).findByText('Co-owner removed')).toBeInTheDocument();
    expect(await coOwners.findByText('No co-owners yet.')).toBeInTheDocument();
  });
});

describe('the invitation page /co-owner/accept', () => {
  it('tells a visitor which registry and who invited, and offers to create an account or sign in there', async () => {
    server.use(http.post('/api/co-owner-invitations/preview', () => HttpResponse.json(preview)));
    renderApp(`/co-owner/accept#token=${TOKEN}`);
    expect(await screen.findByText('Rachel Rosen')).toBeInTheDocument();
    expect(screen.getByText("Noah's Bar Mitzvah")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
  });

  it('accepts for a signed-in user and opens the registry', async () => {
    signInAs(member);
    let accepted: unknown = null;
    serveRegistry(aCoOwnerRegistry());
    server.use(
      http.post('/api/co-owner-invitations/preview', () => HttpResponse.json(preview)),
      http.post('/api/co-owner-invitations/accept', async ({ request }) => {
        accepted = await request.json();
        return HttpResponse.json({ message: 'You are now a co-owner of this registry', registryId: REGISTRY_ID });
      }),
    );
    renderApp(`/co-owner/accept#token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" })).toBeInTheDocument();
    expect(accepted).toEqual({ token: TOKEN });
    await ownerToolsLoaded();
    expect(await within(await screen.findByRole('region', { name: 'Co-owners' })).findByText('Sarah Cohen (you)')).toBeInTheDocument();
  });

  it('shows why an accept was refused, and stays on the page', async () => {
    signInAs(member);
    server.use(
      http.post('/api/co-owner-invitations/preview', () => HttpResponse.json(preview)),
      http.post('/api/co-owner-invitations/accept', () =>
        HttpResponse.json(
          { message: 'You are already a co-owner of this registry.', errors: { email: 'You are already a co-owner of this registry.' } },
          { status: 409 },
        ),
      ),
    );
    renderApp(`/co-owner/accept#token=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are already a co-owner of this registry.');
    expect(screen.getByRole('heading', { level: 1, name: 'Co-own a registry' })).toBeInTheDocument();
  });

  it('says so when the link is used up, and when it is incomplete', async () => {
    server.use(
      http.post('/api/co-owner-invitations/preview', () =>
        HttpResponse.json(
          { message: 'This invitation has expired, was cancelled or has already been used. Please ask for a new one.' },
          { status: 410 },
        ),
      ),
    );
    const { unmount } = renderApp(`/co-owner/accept#token=${TOKEN}`);
    expect(await screen.findByText(/has expired, was cancelled or has already been used/)).toBeInTheDocument();
    unmount();
    renderApp('/co-owner/accept');
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
  });
});

describe('the dashboard', () => {
  it('marks a co-owned registry', async () => {
    signInAs(member);
    server.use(
      http.get('/api/registries/my', () =>
        HttpResponse.json([aMyRegistry({ role: 'coOwner' }), aMyRegistry({ id: 'r-2', childName: 'Lea' })]),
      ),
    );
    renderApp('/');
    const noah = (await screen.findByRole('heading', { name: "Noah's Bar/Bat Mitzvah" })).closest('article')!;
    expect(within(noah as HTMLElement).getByText('Co-owner')).toBeInTheDocument();
    const lea = screen.getByRole('heading', { name: "Lea's Bar/Bat Mitzvah" }).closest('article')!;
    await waitFor(() => expect(within(lea as HTMLElement).queryByText('Co-owner')).not.toBeInTheDocument());
  });
});
