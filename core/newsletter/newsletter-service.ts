import type { Clock } from '../ports/clock';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { SecretTokens } from '../ports/secret-tokens';
import { subscribeToNewsletter } from './subscribe-to-newsletter';
import { unsubscribeFromNewsletter } from './unsubscribe-from-newsletter';

export interface NewsletterDependencies {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  clock: Clock;
  /** The site's own address, for the unsubscribe link. */
  appUrl: string;
  supportEmail: string;
}

/**
 * The newsletter, built once (ADR 26). Anyone may sign up or leave without an account, so its
 * calls take no acting user: the address, and the link's token, are the request's own values.
 */
export function createNewsletterService(dependencies: NewsletterDependencies) {
  const { repositories, tokens, clock, appUrl, supportEmail } = dependencies;
  const subscribing = { unitOfWork: repositories, tokens, clock, appUrl, supportEmail };
  return {
    subscribe: (input: unknown) => subscribeToNewsletter(input, subscribing),
    unsubscribe: (input: unknown) => unsubscribeFromNewsletter(input, { newsletter: repositories.newsletter, tokens }),
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
