import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields, validate } from '../validate';
import { passwordResetEmail } from './account-emails';
import { forgotPasswordSchema } from './account-schemas';
import { expiresAfter, PASSWORD_RESET_LINK_TTL_MS } from './account-token';

export interface AccountMailSettings {
  appUrl: string;
  supportEmail: string;
}

export function passwordResetUrl(appUrl: string, token: string): string {
  // In the fragment: a browser never sends it to a server, so no log or Referer header carries it.
  return `${appUrl}/reset-password#token=${token}`;
}

/**
 * Forgot password: when an account uses the address, queues it a single-use link that works for an
 * hour. The caller learns nothing either way (the answer is the same, and the HTTP adapter evens
 * out the time), so nobody can test which addresses have accounts.
 */
export async function requestPasswordReset(
  input: unknown,
  ports: { unitOfWork: UnitOfWork; tokens: SecretTokens; clock: Clock } & AccountMailSettings,
): Promise<void> {
  refuseUnknownFields(input, ['email']);
  const { email } = await validate(forgotPasswordSchema, input);
  const token = ports.tokens.create();
  const now = ports.clock.now();
  await ports.unitOfWork.transaction(async ({ users, accountTokens, mail }) => {
    const user = await users.findByEmail(email);
    if (!user) return;
    const stored = await accountTokens.create({
      userId: user.id,
      purpose: 'password_reset',
      tokenHash: ports.tokens.digest(token),
      newEmail: null,
      expiresAt: expiresAfter(now, PASSWORD_RESET_LINK_TTL_MS),
    });
    await mail.enqueue({ ...passwordResetEmail(user, passwordResetUrl(ports.appUrl, token), ports.supportEmail), dedupeKey: `password-reset-${stored.id}` });
  });
}
