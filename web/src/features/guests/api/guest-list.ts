import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { GuestListView, GuestsAddedView } from '@api/guests';
import type { MessageAnswer } from '@api/registries';
import { guestSchema } from '@core/guest/guest-schemas';
import { apiDownload } from '../../../lib/api-download';
import { apiFetch } from '../../../lib/api-fetch';
import { apiSendText } from '../../../lib/api-send-text';
import { downloadBlob } from '../../../lib/download-file';
import { registryPath } from '../../../lib/use-registry';

/** What the add form edits: the party size as Formik gives a number input (a number, or '' when empty). */
export interface GuestValues {
  name: string;
  email: string;
  partySize: number | '';
}

function guestListPath(registryId: string): string {
  return `${registryPath(registryId)}/guests`;
}

/** The registry's guest list and its counts (its family alone: anyone else is refused). */
export function useGuestList(registryId: string | undefined) {
  const { data, error } = useSWR<GuestListView>(registryId ? guestListPath(registryId) : null);
  return { list: data, error: error as unknown };
}

/** Adding, importing and removing guests; each change asks for the list again. */
export function useGuestActions(registryId: string) {
  const { mutate } = useSWRConfig();
  const path = guestListPath(registryId);
  const refresh = useCallback(() => mutate(path), [mutate, path]);

  const add = useCallback(
    async (values: GuestValues) => {
      const body = guestSchema.cast({ ...values, partySize: values.partySize === '' ? undefined : values.partySize }, { stripUnknown: true });
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

  return { add, importList, remove, downloadAddresses };
}
