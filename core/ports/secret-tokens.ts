/**
 * Secrets sent in e-mailed links (password reset, e-mail change). Only the digest is stored, so a
 * copy of the database opens no account.
 */
export interface SecretTokens {
  /** A new unguessable token (256 random bits), safe to put in a URL. */
  create(): string;
  /** The digest stored in place of the token (SHA-256, hex). */
  digest(token: string): string;
}
