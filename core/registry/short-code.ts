/** No 0/o, 1/l/i: a code read off a printed invitation is typed right the first time. */
export const SHORT_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const SHORT_CODE_LENGTH = 8;

const VALID = new RegExp(`^[${SHORT_CODE_ALPHABET}]{1,${SHORT_CODE_LENGTH}}$`);

export function isShortCode(value: string): boolean {
  return VALID.test(value);
}

/**
 * A short code from random bytes, without modulo bias: bytes that would favour the first letters
 * are skipped, and more are asked for when too many were.
 */
export function makeShortCode(randomBytes: (count: number) => Uint8Array): string {
  const size = SHORT_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let code = '';
  while (code.length < SHORT_CODE_LENGTH) {
    for (const byte of randomBytes(SHORT_CODE_LENGTH * 2)) {
      if (byte < limit) code += SHORT_CODE_ALPHABET[byte % size];
      if (code.length === SHORT_CODE_LENGTH) break;
    }
  }
  return code;
}
