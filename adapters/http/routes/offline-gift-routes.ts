import Router from '@koa/router';
import { deleteOfflineGift, updateOfflineGift } from '@core/offline-gift/change-offline-gift';
import { recordOfflineGift } from '@core/offline-gift/record-offline-gift';
import type { Clock } from '@core/ports/clock';
import type { Repositories } from '@core/ports/repositories';
import { requireSignedIn } from '@core/registry/registry-access';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentOfflineGift, presentOfflineGiftDeleted } from '../presenters/offline-gifts';

/** Gifts given by hand, recorded by the owner (core/offline-gift/offline-gift-access.ts says who may). */
export function offlineGiftRoutes(ports: { repositories: Repositories; clock: Clock; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { repositories, clock } = ports;

  router.post('/api/registries/:id/offline-gifts', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    await countAttempt([[ports.limits.offlineGiftsPerAccount, user.id]], 'gifts recorded by hand');
    const gift = await recordOfflineGift(ctx.params.id ?? '', ctx.request.body, { ...repositories, clock, user: ctx.state.user });
    ctx.status = 201;
    ctx.body = presentOfflineGift(gift);
  });

  router.put('/api/offline-gifts/:id', async (ctx) => {
    ctx.body = presentOfflineGift(await updateOfflineGift(ctx.params.id ?? '', ctx.request.body, { ...repositories, clock, user: ctx.state.user }));
  });

  router.delete('/api/offline-gifts/:id', async (ctx) => {
    await deleteOfflineGift(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = presentOfflineGiftDeleted();
  });

  return router;
}
