import Router from '@koa/router';
import { centsToAmount } from '../../../core/money';
import type { CharityPayoutView } from '../../../core/payout/charity-payout';
import type { Clock } from '../../../core/ports/clock';
import type { Repositories, UnitOfWork } from '../../../core/ports/repositories';
import { adminActor, requireAdmin } from '../../../core/payout/admin-access';
import { charityPayoutHistory, completeCharityPayout, pendingDistributions, type CharityPayoutWithName } from '../../../core/payout/charity-payouts';
import { completeManualPayout, listManualPayouts, type ManualPayout } from '../../../core/payout/manual-payouts';
import type { HttpState } from '../http-state';
import { presentPayoutDetails } from '../presenters';

function presentCharityPayout(payout: CharityPayoutWithName): CharityPayoutView {
  return {
    id: payout.id,
    charityId: payout.charityId,
    charityName: payout.charityName,
    amount: centsToAmount(payout.amount),
    currency: payout.currency,
    registryIds: payout.registryIds,
    giftCount: payout.giftCount,
    paymentMethod: payout.paymentMethod,
    referenceNumber: payout.referenceNumber,
    notes: payout.notes,
    status: payout.status,
    completedAt: payout.completedAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
  };
}

function presentManualPayout({ registry, ownerEmail }: ManualPayout) {
  return {
    id: registry.id,
    childName: registry.childName,
    shortCode: registry.shortCode,
    currency: registry.currency,
    totalReceived: centsToAmount(registry.totalReceived),
    ...presentPayoutDetails(registry),
    ownerEmail,
  };
}

/** /api/admin/*: for administrators only; to everyone else these calls do not exist (404). */
export function adminRoutes(ports: { repositories: Repositories & UnitOfWork; clock: Clock }) {
  const router = new Router<HttpState>({ prefix: '/api/admin' });
  const { repositories, clock } = ports;

  router.use(async (ctx, next) => {
    requireAdmin(ctx.state.user);
    await next();
  });

  router.get('/charity-payouts/pending', async (ctx) => {
    const pending = await pendingDistributions(repositories);
    ctx.body = pending.map((line) => ({ ...line, totalAmount: centsToAmount(line.totalAmount) }));
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
    const { pending, completed } = await listManualPayouts(repositories);
    ctx.body = { pending: pending.map(presentManualPayout), completed: completed.map(presentManualPayout) };
  });

  router.patch('/manual-payouts/:id/complete', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const payout = await completeManualPayout(ctx.params.id ?? '', actor, { unitOfWork: repositories, clock });
    ctx.state.log.info({ registryId: payout.registry.id, actor: actor.label }, 'manual payout completed');
    ctx.body = presentManualPayout(payout);
  });

  return router;
}
