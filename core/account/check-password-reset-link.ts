import type { Clock } from '../ports/clock';
import type { AccountTokenRepository } from '../ports/account-token-repository';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields } from '../validate';
import { linkInvalid, looksLikeToken } from '../model/account-token';

/**
 * Whether a password-reset link can still set a password, asked when its page opens so a used or
 * expired link says so before anyone types a new password twice. Only looks: the link stays
 * usable. Says nothing of whose link it is.
 */
export async function checkPasswordResetLink(
  input: unknown,
  ports: { accountTokens: AccountTokenRepository; tokens: SecretTokens; clock: Clock },
): Promise<void> {
  refuseUnknownFields(input, ['token']);
  const { token } = input as Record<string, unknown>;
  if (!looksLikeToken(token)) throw linkInvalid();
  const usable = await ports.accountTokens.findUsable(ports.tokens.digest(token), 'password_reset', ports.clock.now());
  if (!usable) throw linkInvalid();
}
