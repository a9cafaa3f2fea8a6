import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields, validate } from '../validate';
import { passwordResetEmail } from './account-emails';
import { forgotPasswordSchema } from './account-schemas';
import { expiresAfter, PASSWORD_RESET_LINK_TTL_MS } from '../model/account-token';
import { paths, tokenPageUrl } from '../page-paths';

export interface AccountMailSettings {
  appUrl: string;
  supportEmail: string;
}

export function passwordResetUrl(appUrl: string, token: string): string {
  // In the fragment: a browser never sends it to a server, so no log or Referer header carries it.
  return tokenPageUrl(appUrl, paths.resetPassword, token);
}

/**
 * Whether a reset e-mail may go to this address now (the adapter lets one through every few
 * minutes, whoever asks). Asking is never refused for it: a request that may not mail sends
 * nothing, and the link already sent keeps working.
 */
export type ResetMailPace = (email: string) => Promise<boolean>;

/**
 * Forgot password: when an account uses the address, queues it a single-use link that works for an
 * hour, and the account's older links stop working. The caller learns nothing either way (the
 * answer is the same, and the HTTP adapter evens out the time), so nobody can test which addresses
 * have accounts.
 *
 * Nobody can lock the owner out by asking for them: a stranger's requests are never counted
 * against the address, they only pace its e-mails (at most one every few minutes, so no inbox is
 * flooded). A paced request issues no link, so the newest link in the owner's inbox always works
 * for most of its hour.
 */
export async function requestPasswordReset(
  input: unknown,
  ports: { unitOfWork: UnitOfWork; tokens: SecretTokens; clock: Clock; resetMailPace: ResetMailPace } & AccountMailSettings,
): Promise<void> {
  refuseUnknownFields(input, ['email']);
  const { email } = await validate(forgotPasswordSchema, input);
  if (!(await ports.resetMailPace(email.toLowerCase()))) return;
  const token = ports.tokens.create();
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ users, accountTokens, mail }) => {
    const user = await users.findByEmail(email);
    if (!user) return;
    await accountTokens.revokeForUser(user.id, 'password_reset', now);
    const stored = await accountTokens.create({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: ports.tokens.digest(token),
      newEmail: null,
      expiresAt: expiresAfter(now, PASSWORD_RESET_LINK_TTL_MS),
    });
    await mail.enqueue({
      ...passwordResetEmail(user, passwordResetUrl(ports.appUrl, token), ports.supportEmail),
      dedupeKey: `password-reset-${stored.id}`,
    });
  });
}
