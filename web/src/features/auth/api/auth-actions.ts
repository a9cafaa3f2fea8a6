import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { LoginInput, RegistrationInput } from '@core/account/schemas';
import { apiFetch } from '@/lib/api-fetch';
import { USER_KEY, type CurrentUser } from '@/lib/use-user';

/** POST /api/login; the returned user becomes the current user. */
export function useLogin() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: LoginInput): Promise<CurrentUser> => {
      const user = await apiFetch<CurrentUser>('/api/login', { method: 'POST', body: input });
      await mutate(USER_KEY, user, { revalidate: false });
      return user;
    },
    [mutate],
  );
}

/** POST /api/register; the returned user becomes the current user. */
export function useRegister() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: RegistrationInput): Promise<CurrentUser> => {
      const user = await apiFetch<CurrentUser>('/api/register', { method: 'POST', body: input });
      await mutate(USER_KEY, user, { revalidate: false });
      return user;
    },
    [mutate],
  );
}
