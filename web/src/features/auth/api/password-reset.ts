import useSWR from 'swr';
import type { MessageAnswer as Notice } from '@api/registries';
import { apiFetch, isApiError } from '@/lib/api-fetch';

/** POST /api/password-reset/request: the same answer whether or not an account uses the address. */
export function requestPasswordReset(email: string): Promise<Notice> {
  return apiFetch<Notice>('/api/password-reset/request', { method: 'POST', body: { email } });
}

/** POST /api/password-reset: a new password with the e-mailed link's token. */
export function resetPassword(token: string, password: string): Promise<Notice> {
  return apiFetch<Notice>('/api/password-reset', { method: 'POST', body: { token, password } });
}

export type ResetLinkState = 'checking' | 'usable' | 'unusable';

/**
 * POST /api/password-reset/check, once, as the page opens: whether the link can still set a
 * password, without using it. The token goes in the body, never in an address. A check that
 * cannot be made (no network, too many tries) does not stop the form: the reset itself decides.
 */
export function useResetLinkState(token: string | null): { state: ResetLinkState; message: string | null } {
  const { error, isLoading } = useSWR(token ? ['password-reset-check', token] : null, ([, checked]: [string, string]) =>
    apiFetch<Notice>('/api/password-reset/check', { method: 'POST', body: { token: checked } }),
  );
  if (isLoading) return { state: 'checking', message: null };
  if (isApiError(error) && error.status === 400) return { state: 'unusable', message: error.message };
  return { state: 'usable', message: null };
}
