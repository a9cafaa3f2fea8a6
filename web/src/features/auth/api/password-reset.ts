import type { MessageAnswer as Notice } from '@api/registries';
import { apiFetch } from '../../../lib/api-fetch';


/** POST /api/password-reset/request: the same answer whether or not an account uses the address. */
export function requestPasswordReset(email: string): Promise<Notice> {
  return apiFetch<Notice>('/api/password-reset/request', { method: 'POST', body: { email } });
}

/** POST /api/password-reset: a new password with the e-mailed link's token. */
export function resetPassword(token: string, password: string): Promise<Notice> {
  return apiFetch<Notice>('/api/password-reset', { method: 'POST', body: { token, password } });
}
