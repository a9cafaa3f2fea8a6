import { createNewsletterService } from '@core/newsletter/newsletter-service';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { nodeSecretTokens } from '../../adapters/security/node-secret-tokens';

/** The newsletter's use cases built as bootstrap builds them, over in-memory fakes. */
export function newsletterWorld() {
  const repositories = createInMemoryRepositories();
  const newsletter = createNewsletterService({
    repositories,
    tokens: nodeSecretTokens,
    clock: new FixedClock(),
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  });
  const subscribers = () => [...repositories.newsletter.rows.values()].map((row) => row.email);
  return { repositories, newsletter, subscribers };
}
