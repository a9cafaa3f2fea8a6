import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '@core/ports/password-hasher';

// argon2id (Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules).
const ARGON2ID = 2;

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1), OWASP's recommended minimum. */
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID });
  }

  async verify(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      // A malformed stored hash never signs anyone in.
      return false;
    }
  }
}
