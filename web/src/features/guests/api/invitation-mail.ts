import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { InvitationPreviewView, InvitationSettingsView, InvitationsSentView } from '@api/invitation-mail';
import type { ReminderDays } from '@core/model/invitation-settings';
import { apiFetch } from '@/lib/api-fetch';
import { registryPath } from '@/lib/use-registry';

/** What the invitation dialog edits and sends: the saved settings' fields. */
export interface InvitationDraft {
  message: string;
  startTime: string | null;
  place: string | null;
  reminderDays: ReminderDays | null;
}

/** The invitation's settings, its preview, and sending it; a send asks for the guest list again (its invited dates). */
export function useInvitations(registryId: string) {
  const { mutate } = useSWRConfig();
  const path = `${registryPath(registryId)}/invitations`;
  const guests = `${registryPath(registryId)}/guests`;
  const refreshList = useCallback(
    () => mutate((key) => typeof key === 'string' && (key === guests || key.startsWith(`${guests}?`))),
    [mutate, guests],
  );

  const readSettings = useCallback(() => apiFetch<InvitationSettingsView>(`${path}/settings`), [path]);
  const saveSettings = useCallback(
    (draft: InvitationDraft) => apiFetch<InvitationSettingsView>(`${path}/settings`, { method: 'PUT', body: draft }),
    [path],
  );
  const preview = useCallback(
    (draft: InvitationDraft) =>
      apiFetch<InvitationPreviewView>(`${path}/preview`, {
        method: 'POST',
        body: { message: draft.message, startTime: draft.startTime, place: draft.place },
      }),
    [path],
  );
  /** No ids: every guest not yet invited; ids: those guests again. */
  const send = useCallback(
    async (guestIds?: string[]) => {
      const sent = await apiFetch<InvitationsSentView>(path, { method: 'POST', body: guestIds ? { guestIds } : {} });
      await refreshList();
      return sent;
    },
    [path, refreshList],
  );
  return { readSettings, saveSettings, preview, send };
}
