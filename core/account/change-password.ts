import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UnitOfWork } from '../ports/repositories';
import type { UserRepository } from '../ports/user-repository';
import { refuseUnknownFields, validate } from '../validate';
import { passwordChangedEmail } from './account-emails';
import { changePasswordSchema } from './account-schemas';
import type { User } from '../model/user';

export function wrongPassword(): DomainError {
  return new DomainError('account.wrong_password', 'Your current password is incorrect', {
    currentPassword: 'Your current password is incorrect',
  });
}

/** Checks the signed-in user's current password; the account use cases that need it call this first. */
export async function checkCurrentPassword(
  user: User,
  password: string,
  ports: { users: UserRepository; hasher: PasswordHasher },
): Promise<void> {
  const found = await ports.users.findByIdWithPassword(user.id);
  if (!found || !(await ports.hasher.verify(found.passwordHash, password))) throw wrongPassword();
}

/**
 * Changes the signed-in user's password, given the current one. Every session of the account ends
 * (the caller starts a fresh one for the browser that made the change), and so does any reset link
 * still outstanding.
 */
export async function changePassword(
  user: User,
  input: unknown,
  ports: { unitOfWork: UnitOfWork; users: UserRepository; hasher: PasswordHasher; clock: Clock; supportEmail: string },
): Promise<void> {
  refuseUnknownFields(input, ['currentPassword', 'newPassword', 'confirmPassword']);
  const body = input as Record<string, unknown>;
  const { currentPassword, newPassword } = await validate(changePasswordSchema, {
    currentPassword: body.currentPassword,
    newPassword: body.newPassword,
  });
  if (body.confirmPassword !== undefined && body.confirmPassword !== newPassword) {
    throw new DomainError('validation.failed', "Passwords don't match", { confirmPassword: "Passwords don't match" });
  }
  await checkCurrentPassword(user, currentPassword, ports);
  const passwordHash = await ports.hasher.hash(newPassword);
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ users, accountTokens, sessions, mail }) => {
    await users.setPassword(user.id, passwordHash);
    await accountTokens.revokeForUser(user.id, 'password_reset', now);
    // A pending e-mail change may be the intruder's own: whoever changes the password ends it too.
    await accountTokens.revokeForUser(user.id, 'email_change', now);
    await sessions.destroyForUser(user.id);
    await mail.enqueue({ ...passwordChangedEmail(user, ports.supportEmail), dedupeKey: `password-changed-${user.id}-${now.getTime()}` });
  });
}
