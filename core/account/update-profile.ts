import type { UserRepository } from '../ports/user-repository';
import { refuseUnknownFields, validate } from '../validate';
import { profileSchema } from './account-schemas';
import type { User } from '../model/user';

/** Changes the signed-in user's first and last name. */
export async function updateProfile(user: User, input: unknown, ports: { users: UserRepository }): Promise<User> {
  refuseUnknownFields(input, ['firstName', 'lastName']);
  const names = await validate(profileSchema, input);
  return ports.users.setNames(user.id, names);
}
