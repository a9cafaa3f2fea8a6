import Router from '@koa/router';
import type { Clock } from '@core/ports/clock';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { adminActor, requireAdmin } from '@core/payout/admin-access';
import { charityPayoutHistory, completeCharityPayout, pendingDistributions } from '@core/payout/charity-payouts';
import { completeManualPayout, listManualPayouts } from '@core/payout/manual-payouts';
import { lookUpGiftsForAdmin } from '@core/gift/admin-gift-lookup';
import type { HttpState } from '../http-state';
import { presentAdminGiftLookup, presentCharityPayout, presentManualPayout, presentManualPayouts, presentPendingDistribution } from '../presenters/admin';

/** /api/admin/*: for administrators only; to everyone else these calls do not exist (404). */
export function adminRoutes(ports: { repositories: Repositories & UnitOfWork; clock: Clock; supportEmail: string }) {
  const router = new Router<HttpState>({ prefix: '/api/admin' });
  const { repositories, clock } = ports;

  router.use(async (ctx, next) => {
    requireAdmin(ctx.state.user);
    await next();
  });

  router.get('/charity-payouts/pending', async (ctx) => {
    const pending = await pendingDistributions(repositories);
    ctx.body = pending.map(presentPendingDistribution);
  });

  router.get('/charity-payouts', async (ctx) => {
    ctx.body = (await charityPayoutHistory(repositories)).map(presentCharityPayout);
  });

  router.patch('/charity-payouts/:id/status', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const payout = await completeCharityPayout(ctx.params.id ?? '', ctx.request.body, actor, { unitOfWork: repositories, clock });
    ctx.state.log.info({ payoutId: payout.id, actor: actor.label }, 'charity payout completed');
    ctx.body = presentCharityPayout(payout);
  });

  router.get('/manual-payouts', async (ctx) => {
    ctx.body = presentManualPayouts(await listManualPayouts(repositories));
  });

  router.patch('/manual-payouts/:id/complete', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const payout = await completeManualPayout(ctx.params.id ?? '', actor, { unitOfWork: repositories, clock, supportEmail: ports.supportEmail });
    ctx.state.log.info({ registryId: payout.registry.id, actor: actor.label }, 'manual payout completed');
    ctx.body = presentManualPayout(payout);
  });

  router.get('/gifts', async (ctx) => {
    ctx.body = presentAdminGiftLookup(await lookUpGiftsForAdmin(ctx.query, { ...repositories, user: ctx.state.user }));
  });

  return router;
}
