import Router from '@koa/router';
import type { Clock } from '@core/ports/clock';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import { listFailedBankPayouts, retryFailedBankPayout } from '@core/payout/failed-bank-payouts';
import { switchPayoutMethodForFamily } from '@core/payout/switch-payout-method';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { adminActor, requireAdmin } from '@core/payout/admin-access';
import { charityPayoutHistory, completeCharityPayout, pendingDistributions } from '@core/payout/charity-payouts';
import { completeManualPayout, listManualPayouts } from '@core/payout/manual-payouts';
import { lookUpGiftsForAdmin } from '@core/gift/admin-gift-lookup';
import { financeReport, monthJournal } from '@core/ledger/finance-report';
import { financeJournalCsv, presentFinanceReport } from '../presenters/finance';
import type { HttpState } from '../http-state';
import {
  presentAdminGiftLookup,
  presentCharityPayout,
  presentFailedPayout,
  presentFailedPayoutRetry,
  presentManualPayout,
  presentManualPayouts,
  presentPendingDistribution,
} from '../presenters/admin';

/** /api/admin/*: for administrators only; to everyone else these calls do not exist (404). */
export function adminRoutes(ports: { repositories: Repositories & UnitOfWork; gateway: PaymentGateway; clock: Clock; appUrl: string; supportEmail: string }) {
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

  router.get('/failed-payouts', async (ctx) => {
    ctx.body = (await listFailedBankPayouts(repositories)).map(presentFailedPayout);
  });

  const paying = { registries: repositories.registries, users: repositories.users, unitOfWork: repositories, gateway: ports.gateway, clock, appUrl: ports.appUrl, supportEmail: ports.supportEmail };

  router.post('/failed-payouts/:id/retry', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const { registry, transferResult } = await retryFailedBankPayout(ctx.params.id ?? '', actor, paying);
    const outcome = transferResult.success ? { sent: true } : { sent: false, reason: transferResult.reason };
    ctx.state.log.info({ registryId: registry.id, actor: actor.label, ...outcome }, 'failed bank payout tried again');
    ctx.body = presentFailedPayoutRetry(transferResult);
  });

  router.put('/failed-payouts/:id/payout-method', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const registry = await switchPayoutMethodForFamily(ctx.params.id ?? '', ctx.request.body, actor, paying);
    ctx.state.log.info({ registryId: registry.id, actor: actor.label, payoutMethod: registry.payoutMethod }, 'failed bank payout switched');
    const owner = await repositories.users.findById(registry.userId);
    ctx.body = presentManualPayout({ registry, ownerEmail: owner?.email ?? null });
  });

  router.get('/finance', async (ctx) => {
    ctx.body = presentFinanceReport(await financeReport(ctx.query, { unitOfWork: repositories, clock }));
  });

  router.get('/finance/export', async (ctx) => {
    const { currency, month, entries } = await monthJournal(ctx.query, { unitOfWork: repositories, clock });
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="ledger-${currency}-${month}.csv"`);
    // The books of one month, for one administrator: not for a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = financeJournalCsv(entries, currency);
  });

  router.get('/gifts', async (ctx) => {
    ctx.body = presentAdminGiftLookup(await lookUpGiftsForAdmin(ctx.query, { ...repositories, user: ctx.state.user }));
  });

  return router;
}
