/**
 * Every failure the business can name. Codes are stable and carry no transport meaning; the HTTP
 * adapter maps each one to a status in a table that fails to compile when a code is missing.
 */
export const DOMAIN_ERROR_CODES = [
  'validation.failed',
  'money.invalid',
  'auth.required',
  'auth.invalid_credentials',
  'auth.username_taken',
  'auth.email_taken',
  'auth.rate_limited',
  'auth.forbidden',
  'account.link_invalid',
  'account.wrong_password',
  'account.deletion_refused',
  'account.not_scheduled',
  'export.not_found',
  'export.link_invalid',
  'export.too_large',
  'admin.required',
  'charity.not_found',
  'charity.invalid',
  'user.not_found',
  'registry.not_found',
  'registry.forbidden',
  'registry.closed',
  'registry.has_gifts',
  'registry.payment_under_way',
  'registry.short_code_taken',
  'co_owner.not_found',
  'co_owner.conflict',
  'co_owner.link_invalid',
  'gift.not_found',
  'guest.not_found',
  'invitation.nothing_to_send',
  'invitation.registry_closed',
  'invitation.date_passed',
  'invitation.list_changed',
  'invitation.not_found',
  'rsvp.closed',
  'gift.not_refundable',
  'registry.refund_under_way',
  'note.not_found',
  'note.nothing_to_send',
  'note.needs_paid_gift',
  'note.givers_changed',
  'note.no_email',
  'note.not_by_hand',
  'payout.not_ready',
  'payout.not_found',
  'payout.already_completed',
  'payout.changed',
  'payout.retry_not_yet',
  'payout.not_switchable',
  'payout.not_claimed',
  'payout.claimed_by_another',
  'connect.no_account',
  'dispute.not_found',
  'dispute.exists',
  'dispute.not_open',
  'dispute.not_reversible',
  'payment.failed',
  'payment.unavailable',
  'photo.unsupported_type',
  'photo.unreadable',
  'photo.too_large',
  'photo.not_found',
  'photo.unavailable',
  'mail.unsubscribe_link_invalid',
  'mail.webhook_unverified',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export type FieldErrors = Record<string, string>;

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly fields: FieldErrors | undefined;

  /** The cause, when there is one, is for the log; the caller sees only the message. */
  constructor(code: DomainErrorCode, message: string, fields?: FieldErrors, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
  }
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
