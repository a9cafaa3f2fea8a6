import type { DomainErrorCode } from '@core/errors';

/** Every domain error code and the HTTP status it answers with; a new code fails to compile until listed. */
export const ERROR_STATUS: Record<DomainErrorCode, number> = {
  'validation.failed': 400,
  'money.invalid': 400,
  'auth.required': 401,
  'auth.invalid_credentials': 401,
  'auth.username_taken': 409,
  'auth.email_taken': 409,
  'auth.rate_limited': 429,
  'auth.forbidden': 403,
  'account.link_invalid': 400,
  // Not 401: the caller is signed in, and the web app reads 401 as "signed out".
  'account.wrong_password': 400,
  // Administrators' pages do not exist for anyone else.
  'admin.required': 404,
  'charity.not_found': 404,
  'charity.invalid': 400,
  'user.not_found': 404,
  'registry.not_found': 404,
  'registry.forbidden': 403,
  'registry.closed': 409,
  'registry.has_gifts': 409,
  'registry.short_code_taken': 409,
  'co_owner.not_found': 404,
  'co_owner.conflict': 409,
  // Gone: the link was good once (or never was), and asking again will not bring it back.
  'co_owner.link_invalid': 410,
  'gift.not_found': 404,
  'note.not_found': 404,
  'payout.not_ready': 409,
  'payout.not_found': 404,
  'payout.already_completed': 409,
  'payout.changed': 409,
  'payout.retry_not_yet': 409,
  'connect.no_account': 409,
  'payment.failed': 402,
  'payment.unavailable': 502,
  'photo.unsupported_type': 415,
  'photo.unreadable': 400,
  'photo.too_large': 413,
};
