import useSWR from 'swr';
import type { UserView } from '@api/auth';
import { apiFetch, isApiError } from './api-fetch';

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

export function useUser(): AuthState {
  const { data, error, isLoading } = useSWR<CurrentUser | null>(USER_KEY, fetchCurrentUser);
  // If the call itself failed, the visitor is treated as signed out.
  const user = data ?? (error ? null : data);
  const loading = isLoading || user === undefined;
  return {
    user: loading ? undefined : user,
    isLoading: loading,
    isAuthenticated: !!user,
    isAdmin: !!user?.isAdmin,
  };
}
