import { http, HttpResponse } from 'msw';
import type { ContributorView, ThankYouNoteView } from '@api/thank-you';
import { server } from './msw-server';

/** Contributors and notes as GET /api/registries/{id}/contributors answers them. */

export function aNote(overrides: Partial<ThankYouNoteView> = {}): ThankYouNoteView {
  return {
    id: 'n-1',
    giftId: 'g-1',
    templateId: 'traditional',
    customMessage: 'Dear Rachel,\n\nThank you!',
    imageUrls: [],
    imageSize: 'medium',
    status: 'draft',
    sentAt: null,
    sendTo: null,
    notDeliveredAt: null,
    createdAt: '2026-03-03T10:00:00.000Z',
    updatedAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  };
}

export function aContributor(overrides: Partial<ContributorView> = {}): ContributorView {
  return {
    id: 'g-1',
    giftGiverName: 'Rachel Levy',
    giftGiverEmail: 'rachel@example.com',
    amount: 36,
    charityId: 'c-1',
    charityName: 'Jewish Federation Community Fund',
    personalMessage: null,
    createdAt: '2026-03-02T15:00:00.000Z',
    givenBy: 'online',
    thankYouNote: null,
    ...overrides,
  };
}

export const rachel = aContributor();
export const david = aContributor({
  id: 'g-2',
  giftGiverName: 'David Katz',
  giftGiverEmail: 'dkatz@mail.example.org',
  amount: 180,
  charityId: 'c-2',
  charityName: 'Tikkun Civil Rights Project',
  personalMessage: 'Mazel tov!',
  createdAt: '2026-03-01T12:00:00.000Z',
});

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the contributors list and the two note calls as the server would for these rows: a
 * save stores the note on its gift (id n-{giftId} when new), a send marks it sent. Every note
 * call is recorded in order.
 */
export function serveThankYouCalls(initial: ContributorView[]) {
  let contributors = structuredClone(initial);
  const calls: RecordedCall[] = [];
  let contributorLoads = 0;

  const putNote = (note: ThankYouNoteView) => {
    contributors = contributors.map((c) => (c.id === note.giftId ? { ...c, thankYouNote: note } : c));
  };

  server.use(
    http.get('/api/registries/:id/contributors', () => {
      contributorLoads += 1;
      return HttpResponse.json(contributors);
    }),
    http.post('/api/thank-you-notes', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: '/api/thank-you-notes', body });
      const giftId = String(body.giftId);
      const previous = contributors.find((c) => c.id === giftId)?.thankYouNote;
      const note = aNote({
        ...(previous ?? {}),
        id: typeof body.noteId === 'string' ? body.noteId : `n-${giftId}`,
        giftId,
        templateId: body.templateId as ThankYouNoteView['templateId'],
        customMessage: String(body.customMessage),
        imageUrls: body.imageUrls as string[],
        imageSize: body.imageSize as ThankYouNoteView['imageSize'],
        status: previous?.status ?? 'draft',
      });
      putNote(note);
      return HttpResponse.json(note);
    }),
    http.post('/api/thank-you-notes/:id/send', async ({ request, params }) => {
      const path = `/api/thank-you-notes/${String(params.id)}/send`;
      calls.push({ method: 'POST', path, body: await request.json() });
      const current = contributors.map((c) => c.thankYouNote).find((n) => n?.id === params.id);
      if (!current) return HttpResponse.json({ message: 'Note not found' }, { status: 404 });
      const note = { ...current, status: 'sent' as const, sentAt: '2026-03-04T09:00:00.000Z' };
      putNote(note);
      return HttpResponse.json({ note, message: 'Thank you email sent' });
    }),
  );

  return {
    calls,
    get contributorLoads() {
      return contributorLoads;
    },
  };
}
