import { looksLikeToken } from '@core/model/account-token';

/**
 * The guest's personal link a giver came by, carried from their invitation page in the fragment
 * (/gift/{id}#guest=…), which no server or Referer sees; sent with the gift as guestLink so the
 * server can match it to the guest (docs/adr/0024-personal-links-in-the-path.md). Null without one.
 */
export function guestLinkFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('guest');
  return looksLikeToken(token) ? token : null;
}
