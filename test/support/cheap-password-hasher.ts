import { Argon2PasswordHasher } from '../../adapters/security/argon2-password-hasher';

/**
 * argon2id at the smallest cost worth the name: the tests sign up and sign in hundreds of times,
 * and production's cost (about 50 ms of one core a hash) proves nothing more there. One test
 * (test/adapters/password-hashing.test.ts) proves the server hashes at production's cost.
 */
export const cheapPasswordHasher = new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1 });
