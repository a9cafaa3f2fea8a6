/**
 * What a redaction leaves in place of personal data (docs/product.md#your-data-export-and-deletion):
 * a placeholder where a name is required, nothing where an e-mail address or a message was. A
 * giver's e-mail left empty reads as "no address" everywhere (the thank-you card is printed instead).
 */
export const REDACTED_NAME = 'Redacted';
export const REMOVED_EMAIL = '';

/** The keys of an audit row's before and after that hold personal data: taken out by a redaction. */
export const PERSONAL_AUDIT_KEYS = [
  'paypalEmail',
  'mailingName',
  'mailingAddress',
  'mailingCity',
  'mailingState',
  'mailingZip',
  'reason',
  'evidence',
] as const;

/** A deleted account's username and e-mail: unique, and no address anyone receives mail at (.invalid is reserved). */
export function deletedAccountNames(userId: string): { username: string; email: string } {
  return { username: `deleted-${userId}`, email: `deleted-${userId}@deleted.invalid` };
}
