import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InvitationView } from '@api/invitations';
import { server } from './msw-server';
import { fillIn, renderApp } from './render-app';
import { aRegistry, REGISTRY_ID } from './registry-fixtures';

const TOKEN = 'Dora-personal-link-0123456789abcdefghijklmno';

/** The page's own way to give (the footer has a Give a Gift link of its own, to the home page). */
const giftLinks = () =>
  screen.queryAllByRole('link', { name: 'Give a Gift' }).filter((link) => link.getAttribute('href')?.startsWith('/gift/'));

function anInvitation(overrides: Partial<InvitationView> = {}): InvitationView {
  const registry = aRegistry({ childName: 'Maya Stein' });
  return {
    registry: {
      id: registry.id,
      shortCode: registry.shortCode,
      childName: registry.childName,
      celebrationType: registry.celebrationType,
      celebrationDate: registry.celebrationDate,
      hebrewDate: registry.hebrewDate,
      personalMessage: null,
      photoUrl: null,
      photoFocusX: 50,
      photoFocusY: 50,
      acceptsGifts: true,
    },
    guest: { name: 'Dora Levi', partySize: 4 },
    rsvp: null,
    answerUntil: '2031-03-16T12:00:00.000Z',
    canAnswer: true,
    startTime: null,
    place: null,
    ...overrides,
  };
}

/** The invitation's calls, answered as the server would; each answer sent is recorded, and refused as `refuse` says. */
function serveInvitation(initial: InvitationView | null, refuse?: { status: number; body: object }) {
  let invitation = initial;
  const sent: unknown[] = [];
  server.use(
    http.get(`/api/invitations/${TOKEN}`, () =>
      invitation ? HttpResponse.json(invitation) : HttpResponse.json({ message: 'This invitation link does not work' }, { status: 404 }),
    ),
    http.put(`/api/invitations/${TOKEN}/rsvp`, async ({ request }) => {
      const body = (await request.json()) as { answer: 'yes' | 'no' | 'maybe'; partySize?: number };
      sent.push(body);
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
      invitation = {
        ...invitation!,
        rsvp: { answer: body.answer, partySize: body.partySize ?? 0, answeredAt: '2026-05-01T10:00:00.000Z' },
      };
      return HttpResponse.json(invitation);
    }),
  );
  return sent;
}

describe('the guest’s invitation page', () => {
  it('sends Not coming without a number, and says the answer', async () => {
    const sent = serveInvitation(anInvitation());
    const { user } = renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'You’re invited, Dora Levi' });
    expect(screen.getByLabelText('How many are coming')).toHaveValue(4);
    await user.click(screen.getByRole('radio', { name: 'Not coming' }));
    expect(screen.getByLabelText('How many are coming')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Your answer: Not coming')).toBeInTheDocument();
    expect(screen.getByText('Thank you! Your answer is saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ answer: 'no' }]);
    expect(giftLinks().map((link) => link.getAttribute('href'))).toEqual([`/gift/${REGISTRY_ID}#guest=${TOKEN}`]);
  });

  it('says when and where, as the family gave them, and nothing where they gave none', async () => {
    serveInvitation(anInvitation({ startTime: '18:30', place: 'Temple Beth El, 12 Elm St, Toronto' }));
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'You’re invited, Dora Levi' });
    expect(screen.getByText(/· 6:30 PM$/)).toBeInTheDocument();
    expect(screen.getByText('Temple Beth El, 12 Elm St, Toronto')).toBeInTheDocument();
  });

  it('asks for a choice and a number from 1 to 20 before sending, and shows the server’s refusal', async () => {
    const sent = serveInvitation(anInvitation(), {
      status: 409,
      body: { message: 'Answers closed at noon UTC, as the server says.' },
    });
    const { user } = renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'You’re invited, Dora Levi' });
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Choose Coming, Maybe or Not coming, then send your answer.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Coming' }));
    await user.clear(screen.getByLabelText('How many are coming'));
    await fillIn(user, screen.getByLabelText('How many are coming'), '25');
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Say how many are coming: a number from 1 to 20.')).toBeInTheDocument();
    expect(screen.getByLabelText('How many are coming')).toHaveFocus();
    expect(sent).toEqual([]);
    await user.clear(screen.getByLabelText('How many are coming'));
    await fillIn(user, screen.getByLabelText('How many are coming'), '2');
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Answers closed at noon UTC, as the server says.')).toBeInTheDocument();
    expect(sent).toEqual([{ answer: 'yes', partySize: 2 }]);
  });

  it('shows the answer without a form once the day is over, no gift for a closed registry, and a link that does not work', async () => {
    const past = anInvitation({ canAnswer: false, rsvp: { answer: 'maybe', partySize: 2, answeredAt: '2026-05-01T10:00:00.000Z' } });
    serveInvitation({ ...past, registry: { ...past.registry, acceptsGifts: false } });
    const first = renderApp(`/i/${TOKEN}`);
    expect(await screen.findByText('Your answer: Maybe, 2 people')).toBeInTheDocument();
    expect(screen.getByText('The celebration is over, so answers can no longer change.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(giftLinks()).toEqual([]);
    first.unmount();

    serveInvitation(null);
    renderApp(`/i/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation link does not work' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Invitation Not Found'));
  });
});
