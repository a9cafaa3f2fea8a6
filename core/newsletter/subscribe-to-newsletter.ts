import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { refuseUnknownFields, validate } from '../validate';
import { newsletterWelcomeEmail } from './newsletter-emails';
import { newsletterSchema } from './newsletter-schemas';
import { paths, tokenPageUrl } from '../page-paths';

export function unsubscribeUrl(appUrl: string, token: string): string {
  return tokenPageUrl(appUrl, paths.newsletterUnsubscribe, token);
}

/**
 * Adds an address to the newsletter list with the time of consent (the click on Subscribe), one row
 * per address. A new subscriber is sent a confirmation with the link that unsubscribes; an address
 * already on the list changes nothing and is sent nothing, so repeated clicks never flood an inbox.
 */
export async function subscribeToNewsletter(
  input: unknown,
  ports: { unitOfWork: UnitOfWork; tokens: SecretTokens; clock: Clock; appUrl: string; supportEmail: string },
): Promise<{ email: string }> {
  refuseUnknownFields(input, ['email']);
  const email = (await validate(newsletterSchema, input)).email.toLowerCase();
  const token = ports.tokens.create();
  await ports.unitOfWork.transaction(async ({ newsletter, mail, mailSuppressions }) => {
    const added = await newsletter.subscribe({ email, unsubscribeTokenHash: ports.tokens.digest(token), consentedAt: ports.clock.now() });
    if (added) {
      // Subscribing again is a new consent: an earlier one-click "no more newsletters" is lifted (a spam report is not).
      await mailSuppressions.remove(email, 'newsletter');
      await mail.enqueue({
        ...newsletterWelcomeEmail(email, unsubscribeUrl(ports.appUrl, token), ports.supportEmail),
        dedupeKey: `newsletter-welcome-${added.id}`,
      });
    }
  });
  return { email };
}
