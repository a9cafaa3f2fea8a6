import { http, HttpResponse } from 'msw';
import type { ContributorsPageView, ContributorView, ThankYouNoteView } from '@api/thank-you';
import { CONTRIBUTORS_PAGE_SIZE } from '@core/model/contributors-query';
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

const BADGE_COUNT = { none: 'noCard', draft: 'draft', sent: 'sent', notDelivered: 'notDelivered' } as const;

function badgeOf({ thankYouNote: note }: ContributorView): keyof typeof BADGE_COUNT {
  if (!note) return 'none';
  if (note.status !== 'sent') return 'draft';
  return note.notDeliveredAt ? 'notDelivered' : 'sent';
}

/**
 * GET /api/registries/{id}/contributors as the server answers it for these rows (newest first):
 * all of them without a query, or with q or page one page of 50, searched by name or e-mail, with
 * the counts over them all.
 */
export function answerContributors(request: Request, contributors: readonly ContributorView[]) {
  const params = new URL(request.url).searchParams;
  if ([...params.keys()].length === 0) return HttpResponse.json(contributors);
  const q = (params.get('q') ?? '').trim();
  const page = Number(params.get('page') ?? '1');
  const needle = q.toLowerCase();
  const matching = contributors.filter(
    (c) => c.giftGiverName.toLowerCase().includes(needle) || (c.giftGiverEmail ?? '').toLowerCase().includes(needle),
  );
  const progress = { contributors: contributors.length, sent: 0, draft: 0, notDelivered: 0, noCard: 0 };
  for (const contributor of contributors) progress[BADGE_COUNT[badgeOf(contributor)]] += 1;
  return HttpResponse.json({
    q,
    page,
    pageCount: Math.max(1, Math.ceil(matching.length / CONTRIBUTORS_PAGE_SIZE)),
    pageSize: CONTRIBUTORS_PAGE_SIZE,
    matching: matching.length,
    progress,
    contributors: matching.slice((page - 1) * CONTRIBUTORS_PAGE_SIZE, page * CONTRIBUTORS_PAGE_SIZE),
  } satisfies ContributorsPageView);
}

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
  const contributorRequests: string[] = [];

  const putNote = (note: ThankYouNoteView) => {
    contributors = contributors.map((c) => (c.id === note.giftId ? { ...c, thankYouNote: note } : c));
  };

  server.use(
    http.get('/api/registries/:id/contributors', ({ request }) => {
      contributorLoads += 1;
      contributorRequests.push(new URL(request.url).search);
      return answerContributors(request, contributors);
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
    /** The query string of each contributors call, in order ('' for the whole list). */
    contributorRequests,
  };
}
