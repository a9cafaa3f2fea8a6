import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields, validate } from '../validate';
import { passwordChangedEmail } from './account-emails';
import { resetPasswordSchema } from './account-schemas';
import { linkInvalid, looksLikeToken } from '../model/account-token';

/**
 * Sets a new password from a reset link. The link is used up in the same transaction that changes
 * the password, every outstanding reset link of the account dies with it, and every session signed
 * in as the account ends: whoever knew the old password is out.
 */
export async function resetPassword(
  input: unknown,
  ports: { unitOfWork: UnitOfWork; tokens: SecretTokens; hasher: PasswordHasher; clock: Clock; supportEmail: string },
): Promise<void> {
  refuseUnknownFields(input, ['token', 'password', 'confirmPassword']);
  const body = input as Record<string, unknown>;
  if (!looksLikeToken(body.token)) throw linkInvalid();
  const { password } = await validate(resetPasswordSchema, { password: body.password });
  if (body.confirmPassword !== undefined && body.confirmPassword !== password) {
    throw new DomainError('validation.failed', "Passwords don't match", { confirmPassword: "Passwords don't match" });
  }
  const tokenHash = ports.tokens.digest(body.token);
  const passwordHash = await ports.hasher.hash(password);
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ users, accountTokens, sessions, mail }) => {
    const used = await accountTokens.consume(tokenHash, 'password_reset', now);
    if (!used) throw linkInvalid();
    const user = await users.findById(used.userId);
    if (!user) throw linkInvalid();
    await users.setPassword(user.id, passwordHash);
    await accountTokens.revokeForUser(user.id, 'password_reset', now);
    // A pending e-mail change may be the intruder's own: whoever changes the password ends it too.
    await accountTokens.revokeForUser(user.id, 'email_change', now);
    await sessions.destroyForUser(user.id);
    await mail.enqueue({ ...passwordChangedEmail(user, ports.supportEmail), dedupeKey: `password-changed-${used.id}` });
  });
}
