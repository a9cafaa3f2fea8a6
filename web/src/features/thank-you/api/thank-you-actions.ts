import { useCallback, useContext } from 'react';
import { useSWRConfig } from 'swr';
import { thankYouNoteSchema, type ThankYouNoteInput } from '@core/thank-you/note-schemas';
import { cardForAllSchema, type CardForAllInput } from '@core/thank-you/card-for-all-schemas';
import { apiFetch } from '@/lib/api-fetch';
import { ContributorPagesContext, contributorsPath } from './use-contributors';
import { registryPath } from '@/lib/use-registry';
import type { CardForAllResult, ContributorView, SendNoteResult, ThankYouNoteView } from '@api/thank-you';

const THANK_YOU_NOTES_PATH = '/api/thank-you-notes';

function notePath(noteId: string, action: 'send' | 'given'): string {
  return `${THANK_YOU_NOTES_PATH}/${encodeURIComponent(noteId)}/${action}`;
}

/**
 * Saving and sending a registry's thank-you notes. Each step puts the note it got back on its
 * contributor in the cached list and in the pages the thank-you cards page shows, at once (the
 * badge and the progress follow); `refresh` then asks the server for them again.
 */
export function useThankYouActions(registryId: string) {
  const { mutate } = useSWRConfig();
  const key = contributorsPath(registryId);
  const pages = useContext(ContributorPagesContext);

  const putNote = useCallback(
    async (note: ThankYouNoteView) => {
      await Promise.all([
        mutate<ContributorView[]>(
          key,
          (current) =>
            current?.map((contributor) => (contributor.id === note.giftId ? { ...contributor, thankYouNote: note } : contributor)),
          { revalidate: false },
        ),
        pages?.putNote(note),
      ]);
    },
    [key, mutate, pages],
  );

  /** The whole list, when a view holds it, and the pages shown, asked for again. */
  const refresh = useCallback(async () => {
    await Promise.all([mutate(key), pages?.refresh()]);
  }, [key, mutate, pages]);

  /** POST /api/thank-you-notes with exactly the spec's fields; answers the saved note. */
  const saveNote = useCallback(
    async (input: ThankYouNoteInput): Promise<ThankYouNoteView> => {
      const body = thankYouNoteSchema.cast(input, { stripUnknown: true });
      const note = await apiFetch<ThankYouNoteView>(THANK_YOU_NOTES_PATH, { method: 'POST', body });
      await putNote(note);
      return note;
    },
    [putNote],
  );

  /**
   * POST /api/thank-you-notes/{id}/send: the card is e-mailed to the giver; with an address, to the
   * one the family corrected it to after it was not delivered.
   */
  const sendNote = useCallback(
    async (saved: ThankYouNoteView, correctedEmail?: string): Promise<SendNoteResult> => {
      const result = await apiFetch<SendNoteResult | undefined>(notePath(saved.id, 'send'), {
        method: 'POST',
        body: correctedEmail ? { email: correctedEmail } : {},
      });
      const note = result?.note ?? { ...saved, status: 'sent' as const, sentAt: new Date().toISOString() };
      await putNote(note);
      return { note, message: result?.message ?? '' };
    },
    [putNote],
  );

  /** POST /api/thank-you-notes/{id}/given: the printed card of a gift given by hand was handed over. */
  const markGiven = useCallback(
    async (noteId: string): Promise<SendNoteResult> => {
      const result = await apiFetch<SendNoteResult>(notePath(noteId, 'given'), { method: 'POST', body: {} });
      await putNote(result.note);
      return result;
    },
    [putNote],
  );

  /**
   * POST /api/registries/{id}/thank-you-cards: one card, each giver's name filled in, to every gift
   * without a sent card; the list is asked for again, whatever the answer, since it changed or was stale.
   */
  const sendCardToAll = useCallback(
    async (input: CardForAllInput): Promise<CardForAllResult> => {
      const body = cardForAllSchema.cast(input, { stripUnknown: true });
      try {
        return await apiFetch<CardForAllResult>(`${registryPath(registryId)}/thank-you-cards`, { method: 'POST', body });
      } finally {
        void refresh();
      }
    },
    [registryId, refresh],
  );

  return { saveNote, sendNote, markGiven, refresh, sendCardToAll };
}
