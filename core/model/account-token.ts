import { DomainError } from '../errors';

export type AccountTokenPurpose = 'password_reset' | 'email_change';

/** A single-use link sent by e-mail; the token itself is never stored, only its digest. */
export interface AccountToken {
  id: string;
  userId: string;
  purpose: AccountTokenPurpose;
  /** The address an e-mail change moves to; null for a password reset. */
  newEmail: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: Date;
}

export interface NewAccountToken {
  userId: string;
  purpose: AccountTokenPurpose;
  tokenHash: string;
  newEmail: string | null;
  expiresAt: Date;
}

/** How long a password-reset link works. */
export const PASSWORD_RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** How long an e-mail change confirmation link works. */
export const EMAIL_CHANGE_LINK_TTL_MS = 24 * 60 * 60 * 1000;

export function expiresAfter(now: Date, ttlMs: number): Date {
  return new Date(now.getTime() + ttlMs);
}

/** Used, expired and unknown links fail alike: none of them can do anything, and the cure is the same. */
export function linkInvalid(): DomainError {
  return new DomainError('account.link_invalid', 'This link has expired or has already been used. Please ask for a new one.');
}

/** A token as a link carries it: base64url, nothing else, of a sane length. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,128}$/.test(value);
}
