import { linkInvalid, looksLikeToken } from '../model/account-token';
import type { NewsletterRepository } from '../ports/newsletter-repository';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields } from '../validate';

/**
 * Removes the address the link was sent to from the list, row and all. Opening the link again
 * answers the same (the address is not on the list), so a second click is harmless.
 */
export async function unsubscribeFromNewsletter(
  input: unknown,
  ports: { newsletter: NewsletterRepository; tokens: SecretTokens },
): Promise<void> {
  refuseUnknownFields(input, ['token']);
  const token = (input as Record<string, unknown>).token;
  if (!looksLikeToken(token)) throw linkInvalid();
  await ports.newsletter.unsubscribe(ports.tokens.digest(token));
}
