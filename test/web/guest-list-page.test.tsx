import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GuestView } from '@api/guests';
import { member, server, signInAs } from './msw-server';
import { fillIn, renderApp, toastRegion } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

function aGuest(overrides: Partial<GuestView> = {}): GuestView {
  return { id: 'g-1', name: 'Aunt Dora', email: 'dora@example.com', partySize: 2, street: null, city: null, region: null, postalCode: null, country: null, createdAt: '2026-03-02T12:00:00.000Z', ...overrides };
}

/** The guest list calls, answered as the server would; each call that changes something is recorded. */
function serveGuests(initial: GuestView[]) {
  let guests = [...initial];
  const calls: { method: string; type: string | null; body: unknown }[] = [];
  const counts = () => ({ guests: guests.length, people: guests.reduce((sum, guest) => sum + guest.partySize, 0) });
  server.use(
    http.get('/api/registries/:id/guests', () => HttpResponse.json({ guests, counts: counts() })),
    http.post('/api/registries/:id/guests', async ({ request }) => {
      const type = request.headers.get('Content-Type');
      if (type === 'text/csv') {
        const text = await request.text();
        calls.push({ method: 'POST', type, body: text });
        if (text.includes('not-an-email')) {
          return HttpResponse.json({ message: '2 lines could not be read. Nothing was imported: correct the list and import it again.', errors: { 'line 3': 'Enter a valid email', 'line 4': 'Name is required' } }, { status: 400 });
        }
        const added = [aGuest({ id: 'g-csv', name: 'Ben Cohen', email: 'ben@example.com', partySize: 4, street: '12 Elm St', city: 'Toronto' })];
        guests = [...guests, ...added];
        return HttpResponse.json({ added, merged: [] }, { status: 201 });
      }
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', type, body });
      const added = [aGuest({ id: `g-${guests.length + 1}`, name: String(body.name), email: String(body.email), partySize: Number(body.partySize) })];
      guests = [...guests, ...added];
      return HttpResponse.json({ added, merged: [] }, { status: 201 });
    }),
    http.delete('/api/guests/:id', ({ params }) => {
      calls.push({ method: 'DELETE', type: null, body: params.id });
      guests = guests.filter((guest) => guest.id !== params.id);
      return HttpResponse.json({ message: 'Guest removed' });
    }),
  );
  return calls;
}

async function openGuestList(guests: GuestView[]) {
  signInAs(member);
  const calls = serveGuests(guests);
  const app = renderApp(`/registry/${REGISTRY_ID}/guests`);
  await screen.findByRole('heading', { level: 1, name: 'Guest List' });
  return { ...app, calls };
}

describe('the family’s guest list page', () => {
  it('shows each guest with the counts, and removes one', async () => {
    const { user, calls } = await openGuestList([aGuest(), aGuest({ id: 'g-2', name: 'Ben Cohen', email: 'ben@example.com', partySize: 1, street: '12 Elm St', city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6' })]);
    expect(screen.getByText('2 guests, 3 people in all.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Guest List' });
    const ben = within(list).getAllByRole('listitem')[1]!;
    expect(within(ben).getByText('12 Elm St, Toronto, ON M5V 2T6')).toBeInTheDocument();
    expect(screen.getByText('For paper thank-you notes: 1 guest has a postal address.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Addresses (CSV)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Aunt Dora' }));
    expect(await within(toastRegion()).findByText('Aunt Dora is no longer on your guest list.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', type: null, body: 'g-1' }]);
    expect(await screen.findByText('1 guest, 1 person in all.')).toBeInTheDocument();
  });

  it('adds a guest with the core’s rules: the message in the form first, then exactly the fields the server takes', async () => {
    const { user, calls } = await openGuestList([]);
    expect(screen.getByText('No guests yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download Addresses (CSV)' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Guest' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(calls).toEqual([]);

    await fillIn(user, screen.getByLabelText(/^Name/), 'Miriam Katz');
    await fillIn(user, screen.getByLabelText(/^Email/), 'miriam@example.com');
    await user.clear(screen.getByLabelText('Party size'));
    await fillIn(user, screen.getByLabelText('Party size'), '3');
    await user.click(screen.getByRole('button', { name: 'Add Guest' }));
    expect(await within(toastRegion()).findByText('Miriam Katz is on your guest list.')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', type: 'application/json', body: { name: 'Miriam Katz', email: 'miriam@example.com', partySize: 3, street: null, city: null, region: null, postalCode: null, country: null } }]);
    expect(await screen.findByText('1 guest, 3 people in all.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('');
  });

  it('imports a pasted list as CSV, and lists each line the server refused, keeping the text to correct', async () => {
    const { user, calls } = await openGuestList([]);
    const field = screen.getByLabelText('Guest list (CSV)');
    const refusedText = 'name,email\nDora,dora@example.com\nTova,not-an-email\n,x@example.com';
    await fillIn(user, field, refusedText);
    await user.click(screen.getByRole('button', { name: 'Import Guests' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 lines could not be read. Nothing was imported');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Line 3: Enter a valid email', 'Line 4: Name is required']);
    expect(field).toHaveValue(refusedText);
    expect(calls[0]).toEqual({ method: 'POST', type: 'text/csv', body: refusedText });

    await user.clear(field);
    await fillIn(user, field, 'name,email,party size\nBen Cohen,ben@example.com,4');
    await user.click(screen.getByRole('button', { name: 'Import Guests' }));
    expect(await within(toastRegion()).findByText('1 added.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(await screen.findByText('Ben Cohen')).toBeInTheDocument();
  });

  it('tells anyone but the family that the list is not theirs', async () => {
    signInAs(member);
    server.use(http.get('/api/registries/:id/guests', () => HttpResponse.json({ message: 'Only the registry’s family can do that' }, { status: 403 })));
    renderApp(`/registry/${REGISTRY_ID}/guests`);
    expect(await screen.findByText('Only the family who created this registry can see its guest list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Guest' })).not.toBeInTheDocument();
  });
});
