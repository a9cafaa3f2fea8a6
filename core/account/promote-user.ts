import { DomainError } from '../errors';
import type { UserRepository } from '../ports/user-repository';
import type { User } from '../model/user';

/** Makes an account an administrator; the admin CLI is the only way to do it. */
export async function promoteUser(username: string, ports: { users: UserRepository }): Promise<User> {
  const user = await ports.users.findByUsername(username.trim());
  if (!user) throw new DomainError('user.not_found', `No user named "${username}"`);
  return user.isAdmin ? user : ports.users.setAdmin(user.id, true);
}
