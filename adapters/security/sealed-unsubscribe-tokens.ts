import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { isOptOutCategory } from '@core/model/mail-kinds';
import type { OptOut, UnsubscribeTokens } from '@core/ports/unsubscribe-tokens';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Unsubscribe tokens sealed with AES-256-GCM under a key derived (HKDF) from the session secret:
 * the address and category are encrypted, so a link in a log names nobody, and authenticated, so
 * no one can make a link for another address. Nothing is stored: a link works for as long as the
 * secret stays (docs/operations.md#e-mail).
 */
export function sealedUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, 'mitzvah-gifts', 'one-click unsubscribe links', 32));
  return {
    seal({ address, category }: OptOut): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify([VERSION, category, address]), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(token: string): OptOut | null {
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
        const [version, category, address] = JSON.parse(plain) as unknown[];
        if (version !== VERSION || !isOptOutCategory(category) || typeof address !== 'string' || !address.includes('@')) return null;
        return { address, category };
      } catch {
        return null;
      }
    },
  };
}
