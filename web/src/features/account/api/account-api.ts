import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ChangeEmailInput, ProfileInput } from '@core/account/account-schemas';
import type { AccountView, EmailChanged, EmailChangeRequested } from '@api/account';
import type { MessageAnswer as Notice } from '@api/registries';
import { apiFetch } from '../../../lib/api-fetch';
import { USER_KEY } from '../../../lib/use-user';


export const ACCOUNT_KEY = '/api/account';

export function useAccount() {
  return useSWR<AccountView>(ACCOUNT_KEY, (path: string) => apiFetch<AccountView>(path));
}

/** PUT /api/account/profile; the account and the current user (the greeting) show the new names. */
export function useUpdateProfile() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: ProfileInput): Promise<AccountView> => {
      const account = await apiFetch<AccountView>('/api/account/profile', { method: 'PUT', body: input });
      await mutate(ACCOUNT_KEY, account, { revalidate: false });
      await mutate(USER_KEY);
      return account;
    },
    [mutate],
  );
}

/** POST /api/account/email: a confirmation link goes to the new address; nothing changes yet. */
export function requestEmailChange(input: ChangeEmailInput): Promise<EmailChangeRequested> {
  return apiFetch('/api/account/email', { method: 'POST', body: input });
}

/** PUT /api/account/password: every other device is signed out. */
export function changePassword(currentPassword: string, newPassword: string): Promise<Notice> {
  return apiFetch('/api/account/password', { method: 'PUT', body: { currentPassword, newPassword } });
}

/** POST /api/account/email/confirm with the token of the link sent to the new address. */
export function useConfirmEmailChange() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (token: string): Promise<EmailChanged> => {
      const answer = await apiFetch<EmailChanged>('/api/account/email/confirm', { method: 'POST', body: { token } });
      await mutate(ACCOUNT_KEY);
      await mutate(USER_KEY);
      return answer;
    },
    [mutate],
  );
}
