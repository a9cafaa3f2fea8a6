import { hash, verify } from '@node-rs/argon2';
import type { PasswordHasher } from '@core/ports/password-hasher';

// argon2id (Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules).
const ARGON2ID = 2;

export interface Argon2Cost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes over that memory. */
  timeCost: number;
}

/** The library's defaults (m=19456 KiB, t=2, p=1), OWASP's recommended minimum for argon2id. */
export const PRODUCTION_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

/**
 * argon2id. Every hash records its own parameters, so a hash made at one cost verifies under any
 * other: tests may hash cheaply without changing what a stored hash means.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly cost: Argon2Cost = PRODUCTION_ARGON2_COST) {}

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, memoryCost: this.cost.memoryCost, timeCost: this.cost.timeCost, parallelism: 1 });
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
