import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { LoginInput, RegistrationInput } from '@core/account/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { USER_KEY, type CurrentUser } from '../../../lib/use-user';

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

/**
 * POST /api/logout; then every cached response is dropped (docs/product.md#states-and-transitions) and the current
 * user becomes null. Queries still on screen (like the site configuration) fetch afresh.
 */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useCallback(async (): Promise<void> => {
    await apiFetch<unknown>('/api/logout', { method: 'POST' });
    await mutate(USER_KEY, null, { revalidate: false });
    void mutate((key) => key !== USER_KEY, undefined, { revalidate: true });
  }, [mutate]);
}
