import { useCallback } from 'react';
import useSWR from 'swr';
import type { InvitationView, RsvpRequest } from '@api/invitations';
import { apiFetch, isApiError } from '@/lib/api-fetch';

/** GET /api/invitations/{token}: the key SWR caches it under, which the server's drawing of the page fills too. */
export function invitationPath(token: string): string {
  return `/api/invitations/${encodeURIComponent(token)}`;
}

/** The guest's invitation from their personal link, and a way to answer it. */
export function useInvitation(token: string | undefined) {
  const { data, error, isLoading, mutate } = useSWR<InvitationView>(token ? invitationPath(token) : null);
  const answer = useCallback(
    async (body: RsvpRequest) => {
      if (!token) return;
      const answered = await apiFetch<InvitationView>(`${invitationPath(token)}/rsvp`, { method: 'PUT', body });
      await mutate(answered, { revalidate: false });
    },
    [token, mutate],
  );
  return { invitation: data, error, isLoading, isNotFound: isApiError(error) && error.status === 404, answer };
}
