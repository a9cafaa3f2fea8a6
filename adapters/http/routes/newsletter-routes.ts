import Router from '@koa/router';
import type { NewsletterService } from '@core/newsletter/newsletter-service';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentSubscribed, presentUnsubscribed } from '../presenters/newsletter';

export function newsletterRoutes(ports: { newsletter: NewsletterService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();

  router.post('/api/newsletter', async (ctx) => {
    await countAttempt([[ports.limits.newsletterPerAddress, ctx.ip]], 'newsletter sign-ups from this network');
    const { email } = await ports.newsletter.subscribe(ctx.request.body);
    ctx.body = presentSubscribed(email);
  });

  router.post('/api/newsletter/unsubscribe', async (ctx) => {
    await ports.newsletter.unsubscribe(ctx.request.body);
    ctx.body = presentUnsubscribed();
  });

  return router;
}
