import Router from '@koa/router';
import { subscribeToNewsletter } from '@core/newsletter/subscribe-to-newsletter';
import { unsubscribeFromNewsletter } from '@core/newsletter/unsubscribe-from-newsletter';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import type { SecretTokens } from '@core/ports/secret-tokens';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentSubscribed, presentUnsubscribed } from '../presenters/newsletter';

export function newsletterRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  tokens: SecretTokens;
  clock: Clock;
  limits: AttemptLimits;
  appUrl: string;
  supportEmail: string;
}) {
  const router = new Router<HttpState>();

  router.post('/api/newsletter', async (ctx) => {
    await countAttempt([[ports.limits.newsletterPerAddress, ctx.ip]], 'newsletter sign-ups from this network');
    const { email } = await subscribeToNewsletter(ctx.request.body, { ...ports, unitOfWork: ports.repositories });
    ctx.body = presentSubscribed(email);
  });

  router.post('/api/newsletter/unsubscribe', async (ctx) => {
    await unsubscribeFromNewsletter(ctx.request.body, { newsletter: ports.repositories.newsletter, tokens: ports.tokens });
    ctx.body = presentUnsubscribed();
  });

  return router;
}
