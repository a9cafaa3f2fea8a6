import { DomainError } from '../errors';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UserRepository } from '../ports/user-repository';
import { refuseUnknownFields, validate } from '../validate';
import type { User } from '../model/user';
import { loginSchema } from './schemas';

/**
 * An unknown user and a wrong password fail alike, and both verify a hash, so neither the answer
 * nor its timing tells whether an account exists.
 */
export async function logIn(input: unknown, ports: { users: UserRepository; hasher: PasswordHasher; decoyHash: string }): Promise<User> {
  refuseUnknownFields(input, ['username', 'password']);
  const { username, password } = await validate(loginSchema, input);
  const found = await ports.users.findByUsernameWithPassword(username);
  const matches = await ports.hasher.verify(found?.passwordHash ?? ports.decoyHash, password);
  if (!found || !matches) {
    throw new DomainError('auth.invalid_credentials', 'Invalid username or password');
  }
  const { passwordHash: _hash, ...user } = found;
  return user;
}
