import { DomainError } from '../errors';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields } from '../validate';
import { emailChangedEmail } from './account-emails';
import { linkInvalid, looksLikeToken } from '../model/account-token';
import type { User } from '../model/user';

/**
 * Opens an e-mail change link: the account moves to the new address (proved to be read by whoever
 * asked), and the old address is told. The link alone is not enough: whoever opens it must be
 * signed in as the account that asked, so a stranger at a mistyped address cannot take the account.
 * Outstanding reset links die with the change: they went to the old address.
 */
export async function confirmEmailChange(
  user: User,
  input: unknown,
  ports: { unitOfWork: UnitOfWork; tokens: SecretTokens; clock: Clock; supportEmail: string },
): Promise<User> {
  refuseUnknownFields(input, ['token']);
  const token = (input as Record<string, unknown>).token;
  if (!looksLikeToken(token)) throw linkInvalid();
  const tokenHash = ports.tokens.digest(token);
  const now = ports.clock.now();
  return ports.unitOfWork.transaction(async ({ users, accountTokens, mail }) => {
    const used = await accountTokens.consume(tokenHash, 'email_change', now);
    if (!used?.newEmail) throw linkInvalid();
    if (used.userId !== user.id) {
      throw new DomainError(
        'auth.forbidden',
        'This link is for another account. Sign in as the account that asked for the change, then open the link again.',
      );
    }
    const before = await users.findById(used.userId);
    if (!before) throw linkInvalid();
    // Taken meanwhile by another sign-up: setEmail refuses, and the whole change rolls back.
    const after = await users.setEmail(before.id, used.newEmail);
    await accountTokens.revokeForUser(before.id, 'password_reset', now);
    await mail.enqueue({
      ...emailChangedEmail(after, before.email, after.email, ports.supportEmail),
      dedupeKey: `email-changed-${used.id}`,
    });
    return after;
  });
}
