import type { OptOutCategory } from '../model/mail-kinds';

/** One person's "no more of these": the address a message went to, and its category. */
export interface OptOut {
  address: string;
  category: OptOutCategory;
}

/**
 * The tokens in one-click unsubscribe links (RFC 8058): sealed, so nobody can make one for
 * somebody else's address or read the address out of a link, and kept nowhere, so a link works for
 * as long as the key it was sealed with (docs/operations.md#e-mail).
 */
export interface UnsubscribeTokens {
  seal(optOut: OptOut): string;
  /** The opt-out a token was sealed with, or null for anything else (tampered, cut short, another key's). */
  open(token: string): OptOut | null;
}
