import Router from '@koa/router';
import type { ThankYouService } from '@core/thank-you/thank-you-service';
import { requireSignedIn } from '@core/access/registry-access';
import { countAttempt, networkOf, type AttemptLimits } from '../attempt-limiter';
import { typedAddressBudget } from '../typed-address-budget';
import type { HttpState } from '../http-state';
import {
  presentCardForAll,
  presentContributor,
  presentContributorsPage,
  presentGivenNote,
  presentNote,
  presentSentNote,
} from '../presenters/thank-you';

export function thankYouRoutes(ports: { thankYou: ThankYouService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { thankYou, limits } = ports;

  // Without a query, every contributor, as the spec's call answers (the CSV export and the card for
  // everyone want them all); with one, the page the thank-you cards page shows.
  router.get('/api/registries/:id/contributors', async (ctx) => {
    if (Object.keys(ctx.query).length > 0) {
      ctx.body = presentContributorsPage(await thankYou.pageContributors(ctx.state.user, ctx.params.id ?? '', ctx.query));
      return;
    }
    const contributors = await thankYou.listContributors(ctx.state.user, ctx.params.id ?? '');
    ctx.body = contributors.map(presentContributor);
  });

  router.post('/api/thank-you-notes', async (ctx) => {
    ctx.body = presentNote(await thankYou.saveNote(ctx.state.user, ctx.request.body));
  });

  router.post('/api/thank-you-notes/:id/send', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    await countAttempt([[limits.thankYouSendsPerAccount, user.id]], 'thank-you cards sent');
    const budget = typedAddressBudget(limits, user.id, networkOf(ctx.ip));
    ctx.body = presentSentNote(await thankYou.sendNote(user, ctx.params.id ?? '', ctx.request.body, budget));
  });

  router.post('/api/registries/:id/thank-you-cards', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    const budget = typedAddressBudget(limits, user.id, networkOf(ctx.ip));
    ctx.body = presentCardForAll(await thankYou.sendCardToAll(user, ctx.params.id ?? '', ctx.request.body, budget));
  });

  // A printed card of a gift given by hand, handed to the giver: counted as sent, no e-mail.
  router.post('/api/thank-you-notes/:id/given', async (ctx) => {
    ctx.body = presentGivenNote(await thankYou.markGiven(ctx.state.user, ctx.params.id ?? ''));
  });

  return router;
}
