import { createHmac, hkdfSync } from 'node:crypto';
import type { GuestLinkTokens } from '@core/ports/guest-link-tokens';

/**
 * HMAC-SHA256 of the guest's id under a key derived (HKDF) from the session secret: 256 bits no
 * one can guess without the secret, the same each time for the same guest. A database read alone
 * gives neither the tokens (only their digests are stored) nor a way to make one.
 */
export function derivedGuestLinkTokens(secret: string): GuestLinkTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mitzvah-gifts', 'personal guest links', 32));
  return { tokenFor: (guestId) => createHmac('sha256', key).update(guestId).digest('base64url') };
}
