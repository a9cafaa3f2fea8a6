import Router from '@koa/router';
import { deleteOfflineGift, updateOfflineGift } from '@core/offline-gift/change-offline-gift';
import { OFFLINE_GIFT_AMOUNT_MESSAGES } from '@core/offline-gift/offline-gift-schemas';
import { recordOfflineGift } from '@core/offline-gift/record-offline-gift';
import type { Clock } from '@core/ports/clock';
import type { Repositories } from '@core/ports/repositories';
import { requireSignedIn } from '@core/access/registry-access';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentOfflineGift, presentOfflineGiftDeleted } from '../presenters/offline-gifts';
import { giftAmountRefusals, withAmountInCents } from '../request-amount';

const AMOUNT_REFUSALS = giftAmountRefusals(OFFLINE_GIFT_AMOUNT_MESSAGES);
const inCents = (body: unknown) => withAmountInCents(body, 'amount', AMOUNT_REFUSALS);

/** Gifts given by hand, recorded by the owner (core/access/offline-gift-access.ts says who may). */
export function offlineGiftRoutes(ports: { repositories: Repositories; clock: Clock; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { repositories, clock } = ports;

  router.post('/api/registries/:id/offline-gifts', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    await countAttempt([[ports.limits.offlineGiftsPerAccount, user.id]], 'gifts recorded by hand');
    const gift = await recordOfflineGift(ctx.params.id ?? '', inCents(ctx.request.body), { ...repositories, clock, user: ctx.state.user });
    ctx.status = 201;
    ctx.body = presentOfflineGift(gift);
  });

  router.put('/api/offline-gifts/:id', async (ctx) => {
    // Before the amount is read, so a visitor hears that they must sign in whatever they sent.
    requireSignedIn(ctx.state.user);
    ctx.body = presentOfflineGift(
      await updateOfflineGift(ctx.params.id ?? '', inCents(ctx.request.body), { ...repositories, clock, user: ctx.state.user }),
    );
  });

  router.delete('/api/offline-gifts/:id', async (ctx) => {
    await deleteOfflineGift(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = presentOfflineGiftDeleted();
  });

  return router;
}
