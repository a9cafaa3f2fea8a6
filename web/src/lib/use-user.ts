import { useMemo } from 'react';
import useSWR from 'swr';
import type { UserView } from '@api/auth';
import { apiFetch, isApiError } from './api-fetch';
import { sharedAnswer } from './shared-answer';

export type CurrentUser = UserView;

export const USER_KEY = '/api/user';

/** The current user; a 401 means nobody is signed in (null), not an error (docs/product.md#calls). */
async function fetchCurrentUser(path: string): Promise<CurrentUser | null> {
  try {
    return await apiFetch<CurrentUser>(path);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export interface AuthState {
  /** undefined while loading; null for a visitor. */
  user: CurrentUser | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
  isAdmin: boolean;
}

function useUserAnswer(key: string | null): AuthState {
  const { data, error, isLoading } = useSWR<CurrentUser | null>(key, fetchCurrentUser);
  // If the call itself failed, the visitor is treated as signed out.
  const user = data ?? (error ? null : data);
  const loading = isLoading || user === undefined;
  return useMemo(
    () => ({
      user: loading ? undefined : user,
      isLoading: loading,
      isAuthenticated: !!user,
      isAdmin: !!user?.isAdmin,
    }),
    [loading, user],
  );
}

const sharedUser = sharedAnswer(USER_KEY, useUserAnswer);

/** Asks who is signed in once for the whole app (why: lib/shared-answer.ts). */
export const UserProvider = sharedUser.Provider;

/** Who is signed in: from the UserProvider above, or asked here where there is none. */
export function useUser(): AuthState {
  return sharedUser.useShared();
}
