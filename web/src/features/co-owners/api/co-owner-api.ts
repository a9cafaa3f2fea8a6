import { useCallback } from 'react';
import useSWR from 'swr';
import type { InviteCoOwnerInput } from '@core/co-owner/co-owner-schemas';
import type { CoOwnerInvitationView, InvitationAccepted, InvitationPreview, RegistryPeople } from '@api/co-owners';
import type { MessageAnswer } from '@api/registries';
import { apiFetch } from '@/lib/api-fetch';
import { useRegistryCache } from '@/lib/registry-cache';
import { registryKey } from '@/lib/use-registry';

const peoplePath = (registryId: string) => `/api/registries/${encodeURIComponent(registryId)}/co-owners`;

/** GET /api/registries/{id}/co-owners: the owner, the co-owners and (for the owner) invitations waiting. */
export function useRegistryPeople(registryId: string) {
  return useSWR<RegistryPeople>(peoplePath(registryId), (path: string) => apiFetch<RegistryPeople>(path));
}

/** The owner's actions on the list; each one reloads it. */
export function useCoOwnerActions(registryId: string) {
  const { mutate } = useRegistryPeople(registryId);
  const invite = useCallback(
    async (input: InviteCoOwnerInput): Promise<CoOwnerInvitationView> => {
      const invitation = await apiFetch<CoOwnerInvitationView>(`${peoplePath(registryId)}/invitations`, { method: 'POST', body: input });
      await mutate();
      return invitation;
    },
    [mutate, registryId],
  );
  const cancel = useCallback(
    async (invitationId: string): Promise<MessageAnswer> => {
      const answer = await apiFetch<MessageAnswer>(`${peoplePath(registryId)}/invitations/${encodeURIComponent(invitationId)}`, {
        method: 'DELETE',
      });
      await mutate();
      return answer;
    },
    [mutate, registryId],
  );
  const remove = useCallback(
    async (userId: string): Promise<MessageAnswer> => {
      const answer = await apiFetch<MessageAnswer>(`${peoplePath(registryId)}/${encodeURIComponent(userId)}`, { method: 'DELETE' });
      await mutate();
      return answer;
    },
    [mutate, registryId],
  );
  return { invite, cancel, remove };
}

/** POST /api/co-owner-invitations/preview: what the link is for, before anyone signs in. */
export function useInvitationPreview(token: string | null) {
  return useSWR<InvitationPreview>(token ? ['/api/co-owner-invitations/preview', token] : null, ([path, key]: [string, string]) =>
    apiFetch<InvitationPreview>(path, { method: 'POST', body: { token: key } }),
  );
}

/** POST /api/co-owner-invitations/accept; the dashboard's list and the registry then show the new role. */
export function useAcceptInvitation() {
  const { dropLists, mutate, viewerId } = useRegistryCache();
  return useCallback(
    async (token: string): Promise<InvitationAccepted> => {
      const answer = await apiFetch<InvitationAccepted>('/api/co-owner-invitations/accept', { method: 'POST', body: { token } });
      await dropLists();
      // Whatever this browser kept of the registry was a guest's view.
      await mutate(registryKey(answer.registryId, viewerId), undefined, { revalidate: false });
      return answer;
    },
    [dropLists, mutate, viewerId],
  );
}
