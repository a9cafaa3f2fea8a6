import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { PasswordHasher } from '../ports/password-hasher';
import type { UnitOfWork } from '../ports/repositories';
import type { UserRepository } from '../ports/user-repository';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields, validate } from '../validate';
import { confirmEmailChangeEmail, emailAlreadyUsedEmail } from './account-emails';
import { changeEmailSchema } from './account-schemas';
import { EMAIL_CHANGE_LINK_TTL_MS, expiresAfter } from '../model/account-token';
import { checkCurrentPassword } from './change-password';
import type { AccountMailSettings } from './request-password-reset';
import type { User } from '../model/user';
import { paths, tokenPageUrl } from '../page-paths';

export function emailChangeUrl(appUrl: string, token: string): string {
  return tokenPageUrl(appUrl, paths.confirmEmail, token);
}

/**
 * Asks to move the account to a new address: with the current password (a borrowed session alone
 * cannot take the account), a link goes to the new address, and nothing changes until it is
 * opened. Only the latest request's link works. An address that already has an account gets a
 * notice instead of a link, and the caller the same answer.
 */
export async function requestEmailChange(
  user: User,
  input: unknown,
  ports: {
    unitOfWork: UnitOfWork;
    users: UserRepository;
    hasher: PasswordHasher;
    tokens: SecretTokens;
    clock: Clock;
  } & AccountMailSettings,
): Promise<{ newEmail: string }> {
  refuseUnknownFields(input, ['email', 'currentPassword']);
  const valid = await validate(changeEmailSchema, input);
  const newEmail = valid.email.toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw new DomainError('validation.failed', 'This is already your e-mail address', { email: 'This is already your e-mail address' });
  }
  await checkCurrentPassword(user, valid.currentPassword, ports);
  const token = ports.tokens.create();
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ users, accountTokens, mail }) => {
    await accountTokens.revokeForUser(user.id, 'email_change', now);
    // The same answer whether or not the address has an account, so this page cannot be used to
    // learn who has one; the address's owner is told instead, and no link is made.
    if (await users.findByEmail(newEmail)) {
      await mail.enqueue({
        ...emailAlreadyUsedEmail(newEmail, ports.supportEmail),
        dedupeKey: `email-already-used-${user.id}-${now.getTime()}`,
      });
      return;
    }
    const stored = await accountTokens.create({
      userId: user.id,
      purpose: 'email_change',
      tokenHash: ports.tokens.digest(token),
      newEmail,
      expiresAt: expiresAfter(now, EMAIL_CHANGE_LINK_TTL_MS),
    });
    await mail.enqueue({
      ...confirmEmailChangeEmail(user, newEmail, emailChangeUrl(ports.appUrl, token), ports.supportEmail),
      dedupeKey: `email-change-${stored.id}`,
    });
  });
  return { newEmail };
}
