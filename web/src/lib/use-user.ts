import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
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

const UserContext = createContext<AuthState | null>(null);

/**
 * Asks who is signed in once for the whole app, and hands the answer to every useUser below it.
 * One subscription, not one per component: a page the server drew is taken over in two passes
 * (the frame, then the page inside its Suspense boundary), and SWR hands a hook that joins in the
 * second pass a snapshot other than the one the page was drawn from, once the first pass has
 * written to its cache, which React answers by drawing the page again at once.
 */
export function UserProvider({ children }: { children: ReactNode }) {
  return createElement(UserContext.Provider, { value: useUserAnswer(USER_KEY) }, children);
}

/** Who is signed in: from the UserProvider above, or asked here where there is none (a component tested alone). */
export function useUser(): AuthState {
  const provided = useContext(UserContext);
  const own = useUserAnswer(provided ? null : USER_KEY);
  return provided ?? own;
}
