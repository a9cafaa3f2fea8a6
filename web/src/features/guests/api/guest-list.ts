import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { GuestLinkView, GuestListView, GuestsAddedView } from '@api/guests';
import type { MessageAnswer } from '@api/registries';
import { GUEST_FILTERS, type GuestFilterName, type GuestFilters } from '@core/guest/guest-list-query';
import { guestSchema } from '@core/guest/guest-schemas';
import { apiDownload } from '@/lib/api-download';
import { apiFetch } from '@/lib/api-fetch';
import { apiSendText } from '@/lib/api-send-text';
import { downloadBlob } from '@/lib/download-file';
import { registryPath } from '@/lib/use-registry';

/** What the add form edits: the party size as Formik gives a number input (a number, or '' when empty). */
export interface GuestValues {
  name: string;
  email: string;
  partySize: number | '';
}

function guestListPath(registryId: string): string {
  return `${registryPath(registryId)}/guests`;
}

/** The list's filters as its query string ('' for none), in the order GUEST_FILTERS names them. */
export function guestFilterQuery(filters: GuestFilters): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(GUEST_FILTERS) as GuestFilterName[]) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The registry's guest list, the guests the filters keep, and the whole list's counts (its family alone: anyone else is refused). */
export function useGuestList(registryId: string | undefined, filters: GuestFilters = {}) {
  const { data, error } = useSWR<GuestListView>(registryId ? `${guestListPath(registryId)}${guestFilterQuery(filters)}` : null);
  return { list: data, error: error as unknown };
}

/** Adding, importing and removing guests; each change asks for the list again. */
export function useGuestActions(registryId: string) {
  const { mutate } = useSWRConfig();
  const path = guestListPath(registryId);
  // The list as it is filtered too: every key of this registry's list is asked for again.
  const refresh = useCallback(
    () => mutate((key) => typeof key === 'string' && (key === path || key.startsWith(`${path}?`))),
    [mutate, path],
  );

  const add = useCallback(
    async (values: GuestValues) => {
      const body = guestSchema.cast(
        { ...values, partySize: values.partySize === '' ? undefined : values.partySize },
        { stripUnknown: true },
      );
      const added = await apiFetch<GuestsAddedView>(path, { method: 'POST', body });
      await refresh();
      return added;
    },
    [path, refresh],
  );

  const importList = useCallback(
    async (csv: string) => {
      const added = await apiSendText<GuestsAddedView>(path, csv, 'text/csv');
      await refresh();
      return added;
    },
    [path, refresh],
  );

  const remove = useCallback(
    async (guestId: string) => {
      await apiFetch<MessageAnswer>(`/api/guests/${encodeURIComponent(guestId)}`, { method: 'DELETE' });
      await refresh();
    },
    [refresh],
  );

  const downloadAddresses = useCallback(async () => {
    const { blob, fileName } = await apiDownload(`${path}/addresses`);
    downloadBlob(fileName, blob);
  }, [path]);

  /** Says which guest gave a gift given by hand, or none (null). */
  const matchGift = useCallback(
    async (giftId: string, guestId: string | null) => {
      const answer = await apiFetch<MessageAnswer>(`/api/offline-gifts/${encodeURIComponent(giftId)}/guest`, {
        method: 'PUT',
        body: { guestId },
      });
      await refresh();
      return answer;
    },
    [refresh],
  );

  /** The guest's personal link (the same each time, as their invitation carries it), to copy and send. */
  const issueLink = useCallback(
    async (guestId: string) => {
      const link = await apiFetch<GuestLinkView>(`${path}/${encodeURIComponent(guestId)}/link`, { method: 'POST', body: {} });
      await refresh();
      return link;
    },
    [path, refresh],
  );

  return { add, importList, remove, downloadAddresses, matchGift, issueLink };
}
