import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GuestLineView, UnmatchedGiftView } from '@api/guests';
import { member, server, signInAs } from './msw-server';
import { fillIn, renderApp, toastRegion } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

function aGuest(overrides: Partial<GuestLineView> = {}): GuestLineView {
  return {
    id: 'g-1',
    name: 'Aunt Dora',
    email: 'dora@example.com',
    partySize: 2,
    street: null,
    city: null,
    region: null,
    postalCode: null,
    country: null,
    rsvp: null,
    hasPersonalLink: false,
    invitedAt: null,
    remindedAt: null,
    createdAt: '2026-03-02T12:00:00.000Z',
    gifts: [],
    given: 0,
    thankYou: null,
    ...overrides,
  };
}

/** A guest who gave one gift of `amount`, its card in the state given. */
function aGiver(
  overrides: Partial<GuestLineView>,
  amount: number,
  thankYou: NonNullable<GuestLineView['thankYou']>,
  byHand = false,
): GuestLineView {
  const gift = {
    id: `gift-${overrides.id ?? 'g-1'}`,
    byHand,
    amount,
    givenAt: '2026-05-02T12:00:00.000Z',
    matchedBy: byHand ? ('hand' as const) : ('email' as const),
    thankYouStatus: thankYou,
  };
  return aGuest({ ...overrides, gifts: [gift], given: amount, thankYou });
}

/** What the server's filters keep (core/guest/guest-state.ts). */
function kept(guest: GuestLineView, query: URLSearchParams): boolean {
  const gave = query.get('gave');
  const thanked = query.get('thanked');
  if (gave === 'yes' && guest.gifts.length === 0) return false;
  if (gave === 'no' && guest.gifts.length > 0) return false;
  if (thanked === 'yes' && guest.thankYou !== 'sent') return false;
  if (thanked === 'no' && (guest.thankYou === null || guest.thankYou === 'sent')) return false;
  const rsvp = query.get('rsvp');
  if (rsvp === 'none' && guest.rsvp !== null) return false;
  if (rsvp && rsvp !== 'none' && guest.rsvp?.answer !== rsvp) return false;
  return true;
}

/** The query strings the list was asked with, in order. */
let queries: string[] = [];

/** The guest list calls, answered as the server would; each call that changes something is recorded. */
function serveGuests(initial: GuestLineView[], unmatchedByHand: UnmatchedGiftView[] = []) {
  let guests = [...initial];
  const calls: { method: string; type: string | null; body: unknown }[] = [];
  queries = [];
  const counts = () => ({
    guests: guests.length,
    people: guests.reduce((sum, guest) => sum + guest.partySize, 0),
    invited: guests.filter((guest) => guest.invitedAt !== null).length,
    gave: guests.filter((guest) => guest.thankYou !== null).length,
    thanked: guests.filter((guest) => guest.thankYou === 'sent').length,
    notThanked: guests.filter((guest) => guest.thankYou !== null && guest.thankYou !== 'sent').length,
    rsvp: {
      yes: guests.filter((guest) => guest.rsvp?.answer === 'yes').length,
      yesPeople: guests.reduce((sum, guest) => sum + (guest.rsvp?.answer === 'yes' ? guest.rsvp.partySize : 0), 0),
      maybe: guests.filter((guest) => guest.rsvp?.answer === 'maybe').length,
      maybePeople: guests.reduce((sum, guest) => sum + (guest.rsvp?.answer === 'maybe' ? guest.rsvp.partySize : 0), 0),
      no: guests.filter((guest) => guest.rsvp?.answer === 'no').length,
      none: guests.filter((guest) => guest.rsvp === null).length,
    },
  });
  server.use(
    http.get('/api/registries/:id/guests', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      const giftsToThank = guests.flatMap((guest) => guest.gifts.filter((gift) => gift.thankYouStatus !== 'sent').map((gift) => gift.id));
      return HttpResponse.json({
        currency: 'USD',
        guests: guests.filter((guest) => kept(guest, query)),
        filters: Object.fromEntries(query),
        counts: counts(),
        giftsToThank,
        unmatchedByHand,
      });
    }),
    http.put('/api/offline-gifts/:id/guest', async ({ params, request }) => {
      calls.push({ method: 'PUT', type: null, body: { giftId: params.id, ...((await request.json()) as object) } });
      return HttpResponse.json({ message: 'Matched' });
    }),
    http.post('/api/registries/:id/guests', async ({ request }) => {
      const type = request.headers.get('Content-Type');
      if (type === 'text/csv') {
        const text = await request.text();
        calls.push({ method: 'POST', type, body: text });
        if (text.includes('not-an-email')) {
          return HttpResponse.json(
            {
              message: '2 lines could not be read. Nothing was imported: correct the list and import it again.',
              errors: { 'line 3': 'Enter a valid email', 'line 4': 'Name is required' },
            },
            { status: 400 },
          );
        }
        const added = [
          aGuest({ id: 'g-csv', name: 'Ben Cohen', email: 'ben@example.com', partySize: 4, street: '12 Elm St', city: 'Toronto' }),
        ];
        guests = [...guests, ...added];
        return HttpResponse.json({ added, merged: [] }, { status: 201 });
      }
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', type, body });
      const added = [
        aGuest({ id: `g-${guests.length + 1}`, name: String(body.name), email: String(body.email), partySize: Number(body.partySize) }),
      ];
      guests = [...guests, ...added];
      return HttpResponse.json({ added, merged: [] }, { status: 201 });
    }),
    http.post('/api/registries/:id/guests/:guestId/link', ({ params }) => {
      calls.push({ method: 'POST', type: 'link', body: params.guestId });
      guests = guests.map((guest) => (guest.id === params.guestId ? { ...guest, hasPersonalLink: true } : guest));
      return HttpResponse.json({ url: `https://gifts.example/i/link-of-${String(params.guestId)}-0123456789abcdefghij` });
    }),
    http.delete('/api/guests/:id', ({ params }) => {
      calls.push({ method: 'DELETE', type: null, body: params.id });
      guests = guests.filter((guest) => guest.id !== params.id);
      return HttpResponse.json({ message: 'Guest removed' });
    }),
  );
  return calls;
}

async function openGuestList(guests: GuestLineView[], unmatched: UnmatchedGiftView[] = [], path = `/registry/${REGISTRY_ID}/guests`) {
  signInAs(member);
  const calls = serveGuests(guests, unmatched);
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Guest List' });
  return { ...app, calls };
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Guest List' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByText(/./)[0]!.textContent);

describe('the family’s guest list page', () => {
  it('shows each guest’s answer and the answers’ counts, filters by answer, and makes a personal link to copy', async () => {
    const answeredAt = '2026-05-01T10:00:00.000Z';
    const { user, calls } = await openGuestList([
      aGuest({ rsvp: { answer: 'yes', partySize: 3, answeredAt } }),
      aGuest({ id: 'g-2', name: 'Ben Cohen', email: 'ben@example.com', rsvp: { answer: 'maybe', partySize: 2, answeredAt } }),
      aGuest({ id: 'g-3', name: 'Zev Stern', email: 'zev@example.com', rsvp: { answer: 'no', partySize: 0, answeredAt } }),
      aGuest({ id: 'g-4', name: 'Lea Roth', email: 'lea@example.com' }),
    ]);
    expect(screen.getByText('RSVP: 1 coming (3 people) · 1 maybe (2 people) · 1 not coming · 1 not answered')).toBeInTheDocument();
    const lines = within(screen.getByRole('list', { name: 'Guest List' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('RSVP: Coming ×3'),
      expect.stringContaining('RSVP: Maybe ×2'),
      expect.stringContaining('RSVP: Not coming'),
      expect.stringContaining('RSVP: No answer'),
    ]);
    // A screen reader hears words, not "times 3".
    expect(within(lines[0]!).getByText('Coming, 3 people')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('RSVP', { exact: true }), 'none');
    await waitFor(() => expect(shownNames()).toEqual(['Lea Roth']));
    expect(queries).toContain('rsvp=none');

    await user.click(screen.getByRole('button', { name: 'Copy Lea Roth’s personal link' }));
    expect(await screen.findByText('https://gifts.example/i/link-of-g-4-0123456789abcdefghij')).toBeInTheDocument();
    expect(screen.getByText(/The same link their invitation carries/)).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', type: 'link', body: 'g-4' }]);

    // The link is the guest's own, the same each time: copying it again asks nothing.
    await user.click(await screen.findByRole('button', { name: 'Copy Lea Roth’s personal link' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('shows each guest with the counts, and removes one', async () => {
    const { user, calls } = await openGuestList([
      aGuest(),
      aGuest({
        id: 'g-2',
        name: 'Ben Cohen',
        email: 'ben@example.com',
        partySize: 1,
        street: '12 Elm St',
        city: 'Toronto',
        region: 'ON',
        postalCode: 'M5V 2T6',
      }),
    ]);
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
    expect(calls).toEqual([
      {
        method: 'POST',
        type: 'application/json',
        body: {
          name: 'Miriam Katz',
          email: 'miriam@example.com',
          partySize: 3,
          street: null,
          city: null,
          region: null,
          postalCode: null,
          country: null,
        },
      },
    ]);
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
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3: Enter a valid email', 'Line 4: Name is required']);
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

  it('opens the CSV file picker from a real button, by keyboard too', async () => {
    const { user } = await openGuestList([]);
    const picker = screen.getByLabelText('Choose a CSV file');
    let opened = 0;
    picker.addEventListener('click', () => (opened += 1));
    const choose = screen.getByRole('button', { name: 'Choose a CSV file' });
    // A native button, not a label given a button's role (which axe refuses: aria-allowed-role).
    expect(choose.tagName).toBe('BUTTON');
    expect(picker).toHaveAttribute('tabindex', '-1');
    choose.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(opened).toBe(2);
  });

  it('shows who gave and who was thanked, and filters the list by each, asking the server', async () => {
    const { user } = await openGuestList([
      aGuest({ id: 'g-ann', name: 'Ann Katz', email: 'ann@example.com' }),
      aGiver({ id: 'g-ben', name: 'Ben Cohen', email: 'ben@example.com' }, 18, 'none'),
      aGiver({ id: 'g-dora', name: 'Dora Levi', email: 'dora@example.com' }, 36, 'sent'),
      aGiver({ id: 'g-zev', name: 'Zev Stern', email: 'zev@example.com' }, 50, 'not_delivered'),
    ]);
    expect(screen.getByText('0 invited · 3 gave · 1 thanked · 2 still to thank')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Guest List' });
    const [ann, ben, dora, zev] = within(list).getAllByRole('listitem');
    expect(ann).toHaveTextContent('No gift yet');
    expect(ben).toHaveTextContent('Gave $18.00 · Not thanked yet');
    expect(dora).toHaveTextContent('Gave $36.00 · Thanked');
    expect(zev).toHaveTextContent('Gave $50.00 · Card not delivered');

    await user.selectOptions(screen.getByLabelText('Gave'), 'Not given yet');
    expect(await screen.findByText('Showing 1 guest of 4.')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ann Katz']);
    await user.selectOptions(screen.getByLabelText('Gave'), 'Everyone');
    await user.selectOptions(screen.getByLabelText('Thank-you'), 'Still to thank');
    expect(await screen.findByText('Showing 2 guests of 4.')).toBeInTheDocument();
    expect(shownNames()).toEqual(['Ben Cohen', 'Zev Stern']);
    expect(queries).toContain('thanked=no');
    expect(queries).toContain('gave=no');
    // The whole list's counts stay, whatever is shown.
    expect(screen.getByText('4 guests, 8 people in all.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send thank-you cards to givers' })).toHaveAttribute(
      'href',
      `/thank-you-cards/${REGISTRY_ID}?givers=guests`,
    );
  });

  it('opens filtered from its address, and says when no guest matches', async () => {
    await openGuestList(
      [aGuest({ id: 'g-ann', name: 'Ann Katz', email: 'ann@example.com' })],
      [],
      `/registry/${REGISTRY_ID}/guests?gave=yes`,
    );
    expect(screen.getByLabelText('Gave')).toHaveValue('yes');
    expect(await screen.findByText('No guest matches these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send thank-you cards to givers' })).not.toBeInTheDocument();
  });

  it('matches a gift given by hand to the guest the family chooses, and unmatches one', async () => {
    const unmatched: UnmatchedGiftView[] = [
      { id: 'offline-1', giftGiverName: 'Aunt Dora', amount: 50, method: 'check', receivedOn: '2026-05-03' },
    ];
    const { user, calls } = await openGuestList(
      [aGuest(), aGiver({ id: 'g-ben', name: 'Ben Cohen', email: 'ben@example.com' }, 20, 'none', true)],
      unmatched,
    );
    const section = screen.getByRole('region', { name: 'Gifts given by hand to match' });
    expect(section).toHaveTextContent('Aunt Dora, $50.00 (Check, 2026-05-03)');
    const match = within(section).getByRole('button', { name: 'Match' });
    expect(match).toBeDisabled();
    await user.selectOptions(within(section).getByLabelText('Who gave Aunt Dora’s gift?'), 'Aunt Dora (dora@example.com)');
    await user.click(match);
    expect(await within(toastRegion()).findByText('Aunt Dora’s gift now shows on Aunt Dora’s line.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unmatch the gift of $20.00 given by hand from Ben Cohen' }));
    expect(await within(toastRegion()).findByText('The gift given by hand is no longer counted as Ben Cohen’s.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { giftId: 'offline-1', guestId: 'g-1' },
      { giftId: 'gift-g-ben', guestId: null },
    ]);
  });

  it('tells anyone but the family that the list is not theirs', async () => {
    signInAs(member);
    server.use(
      http.get('/api/registries/:id/guests', () =>
        HttpResponse.json({ message: 'Only the registry’s family can do that' }, { status: 403 }),
      ),
    );
    renderApp(`/registry/${REGISTRY_ID}/guests`);
    expect(await screen.findByText('Only the family who created this registry can see its guest list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Guest' })).not.toBeInTheDocument();
  });
});

describe('inviting guests from the list', () => {
  function serveInvitations() {
    const calls: { method: string; path: string; body: unknown }[] = [];
    const record = async (method: string, path: string, request: Request) => {
      const body: unknown = await request.json();
      calls.push({ method, path, body });
      return body;
    };
    server.use(
      http.get('/api/registries/:id/invitations/settings', () =>
        HttpResponse.json({ message: 'Saved words', startTime: null, place: null, reminderDays: 7, updatedAt: null }),
      ),
      http.put('/api/registries/:id/invitations/settings', async ({ request }) => {
        await record('PUT', 'settings', request);
        return HttpResponse.json({
          message: 'Saved words',
          startTime: '10:30',
          place: null,
          reminderDays: 3,
          updatedAt: '2026-12-02T12:00:00.000Z',
        });
      }),
      http.post('/api/registries/:id/invitations/preview', async ({ request }) => {
        const body = (await record('POST', 'preview', request)) as { place: string | null };
        if (body.place?.includes('@'))
          return HttpResponse.json(
            { message: 'Write the place, not an address', errors: { place: 'Write the place, not an address' } },
            { status: 400 },
          );
        return HttpResponse.json({
          guestName: 'Aunt Dora',
          subject: 'You’re invited',
          html: '<!doctype html><html lang="en"><head><title>Invitation</title></head><body><p>Saved words</p></body></html>',
          text: 'Saved words',
          notYetInvited: 1,
        });
      }),
      http.post('/api/registries/:id/invitations', async ({ request }) => {
        await record('POST', 'send', request);
        return HttpResponse.json({ queued: 1, skipped: 0, message: '1 invitation is on its way' });
      }),
    );
    return calls;
  }

  it('fills in the saved settings, previews the draft, says what the server refused, and sends to the guests not yet invited', async () => {
    const calls = serveInvitations();
    const { user } = await openGuestList([
      aGuest(),
      aGuest({ id: 'g-2', name: 'Ben Cohen', email: 'ben@example.com', invitedAt: '2026-11-30T12:00:00.000Z' }),
    ]);
    const list = screen.getByRole('list', { name: 'Guest List' });
    expect(within(list).getByText('Not invited yet')).toBeInTheDocument();
    expect(within(list).getByText('Invited Nov 30, 2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite guests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite guests' });
    await waitFor(() => expect(within(dialog).getByLabelText('Your message')).toHaveValue('Saved words'));

    await fillIn(user, within(dialog).getByLabelText('Place (optional)'), 'me@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Write the place, not an address')).toBeInTheDocument();
    expect(within(dialog).queryByTitle('Invitation preview for Aunt Dora')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Place (optional)'));
    await fillIn(user, within(dialog).getByLabelText('Time (optional)'), '10:30');
    await user.selectOptions(within(dialog).getByLabelText('Reminder'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByTitle('Invitation preview for Aunt Dora')).toBeInTheDocument();
    expect(within(dialog).getByText('You’re invited')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send to 1 guest' }));
    expect(await within(toastRegion()).findByText('1 invitation is on its way')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path !== 'preview');
    expect(sent).toEqual([
      { method: 'PUT', path: 'settings', body: { message: 'Saved words', startTime: '10:30', place: null, reminderDays: 3 } },
      { method: 'POST', path: 'send', body: {} },
    ]);
  });
});
