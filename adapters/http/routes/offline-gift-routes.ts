import Router from '@koa/router';
import { OFFLINE_GIFT_AMOUNT_MESSAGES } from '@core/offline-gift/offline-gift-schemas';
import type { OfflineGiftService } from '@core/offline-gift/offline-gift-service';
import { requireSignedIn } from '@core/access/registry-access';
import { countAttempt, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { presentOfflineGift, presentOfflineGiftDeleted } from '../presenters/offline-gifts';
import { giftAmountRefusals, withAmountInCents } from '../request-amount';

const AMOUNT_REFUSALS = giftAmountRefusals(OFFLINE_GIFT_AMOUNT_MESSAGES);
const inCents = (body: unknown) => withAmountInCents(body, 'amount', AMOUNT_REFUSALS);

/** Gifts given by hand, recorded by the owner (core/access/offline-gift-access.ts says who may). */
export function offlineGiftRoutes(ports: { offlineGifts: OfflineGiftService; limits: AttemptLimits }) {
  const router = new Router<HttpState>();
  const { offlineGifts } = ports;

  router.post('/api/registries/:id/offline-gifts', async (ctx) => {
    const user = requireSignedIn(ctx.state.user);
    await countAttempt([[ports.limits.offlineGiftsPerAccount, user.id]], 'gifts recorded by hand');
    const gift = await offlineGifts.record(user, ctx.params.id ?? '', inCents(ctx.request.body));
    ctx.status = 201;
    ctx.body = presentOfflineGift(gift);
  });

  router.put('/api/offline-gifts/:id', async (ctx) => {
    // Before the amount is read, so a visitor hears that they must sign in whatever they sent.
    requireSignedIn(ctx.state.user);
    ctx.body = presentOfflineGift(await offlineGifts.update(ctx.state.user, ctx.params.id ?? '', inCents(ctx.request.body)));
  });

  router.delete('/api/offline-gifts/:id', async (ctx) => {
    await offlineGifts.delete(ctx.state.user, ctx.params.id ?? '');
    ctx.body = presentOfflineGiftDeleted();
  });

  return router;
}
