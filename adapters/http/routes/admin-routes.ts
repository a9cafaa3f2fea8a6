import Router from '@koa/router';
import type { AdminService } from '@core/admin/admin-service';
import { adminActor, requireAdmin } from '@core/access/admin-access';
import type { DonorList } from '@core/payout/donor-list';
import { financeJournalCsv, presentFinanceReport } from '../presenters/finance';
import { donorListCsv, presentAdminCharity, presentDonorList } from '../presenters/charity-receipts';
import type { HttpState } from '../http-state';
import { EXPECTED_AMOUNT_REFUSALS, withAmountInCents } from '../request-amount';
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
export function adminRoutes(ports: { admin: AdminService }) {
  const router = new Router<HttpState>({ prefix: '/api/admin' });
  const { admin } = ports;

  router.use(async (ctx, next) => {
    requireAdmin(ctx.state.user);
    await next();
  });

  const me = (state: HttpState) => adminActor(requireAdmin(state.user));

  router.get('/charity-payouts/pending', async (ctx) => {
    const pending = await admin.pendingCharityPayouts(ctx.state.user);
    ctx.body = pending.map((line) => presentPendingDistribution(line, me(ctx.state)));
  });

  router.get('/charity-payouts', async (ctx) => {
    ctx.body = (await admin.charityPayoutHistory(ctx.state.user)).map((payout) => presentCharityPayout(payout, me(ctx.state)));
  });

  router.post('/charity-payouts/:id/claim', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.claimCharityPayout(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ payoutId: payout.id, actor: actor.label }, 'charity payout claimed');
    ctx.body = presentCharityPayout(payout, actor);
  });

  router.post('/charity-payouts/:id/release', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.releaseCharityPayout(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ payoutId: payout.id, actor: actor.label }, 'charity payout released');
    ctx.body = presentCharityPayout(payout, actor);
  });

  router.patch('/charity-payouts/:id/status', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.completeCharityPayout(
      ctx.state.user,
      ctx.params.id ?? '',
      withAmountInCents(ctx.request.body, 'expectedAmount', EXPECTED_AMOUNT_REFUSALS),
    );
    ctx.state.log.info({ payoutId: payout.id, actor: actor.label }, 'charity payout completed');
    ctx.body = presentCharityPayout(payout, actor);
  });

  router.get('/charity-payouts/:id/donors.csv', async (ctx) => {
    sendDonorsCsv(ctx, await admin.donorList(ctx.state.user, ctx.params.id ?? ''));
  });

  router.get('/charity-payouts/:id/donors', async (ctx) => {
    const list = await admin.donorList(ctx.state.user, ctx.params.id ?? '');
    if (ctx.query.format === 'csv') sendDonorsCsv(ctx, list);
    else ctx.body = presentDonorList(list, me(ctx.state));
  });

  router.get('/charities', async (ctx) => {
    ctx.body = (await admin.listCharities(ctx.state.user)).map(presentAdminCharity);
  });

  router.get('/charities/:id', async (ctx) => {
    ctx.body = presentAdminCharity(await admin.findCharity(ctx.state.user, ctx.params.id ?? ''));
  });

  router.patch('/charities/:id', async (ctx) => {
    const actor = me(ctx.state);
    const charity = await admin.updateCharity(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.state.log.info({ charityId: charity.id, actor: actor.label }, 'charity details recorded');
    ctx.body = presentAdminCharity(charity);
  });

  router.get('/manual-payouts', async (ctx) => {
    ctx.body = presentManualPayouts(await admin.listManualPayouts(ctx.state.user), me(ctx.state));
  });

  router.post('/manual-payouts/:id/claim', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.claimManualPayout(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ registryId: payout.registry.id, actor: actor.label }, 'manual payout claimed');
    ctx.body = presentManualPayout(payout, actor);
  });

  router.post('/manual-payouts/:id/release', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.releaseManualPayout(ctx.state.user, ctx.params.id ?? '');
    ctx.state.log.info({ registryId: payout.registry.id, actor: actor.label }, 'manual payout released');
    ctx.body = presentManualPayout(payout, actor);
  });

  router.patch('/manual-payouts/:id/complete', async (ctx) => {
    const actor = me(ctx.state);
    const payout = await admin.completeManualPayout(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.state.log.info({ registryId: payout.registry.id, actor: actor.label }, 'manual payout completed');
    ctx.body = presentManualPayout(payout, actor);
  });

  router.get('/failed-payouts', async (ctx) => {
    ctx.body = (await admin.listFailedPayouts(ctx.state.user)).map(presentFailedPayout);
  });

  router.post('/failed-payouts/:id/retry', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const { registry, transferResult } = await admin.retryFailedPayout(ctx.state.user, ctx.params.id ?? '');
    const outcome = transferResult.success ? { sent: true } : { sent: false, reason: transferResult.reason };
    ctx.state.log.info({ registryId: registry.id, actor: actor.label, ...outcome }, 'failed bank payout tried again');
    ctx.body = presentFailedPayoutRetry(transferResult);
  });

  router.put('/failed-payouts/:id/payout-method', async (ctx) => {
    const actor = adminActor(requireAdmin(ctx.state.user));
    const switched = await admin.switchFailedPayoutMethod(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    const { registry } = switched;
    ctx.state.log.info({ registryId: registry.id, actor: actor.label, payoutMethod: registry.payoutMethod }, 'failed bank payout switched');
    ctx.body = presentManualPayout(switched, actor);
  });

  router.get('/finance', async (ctx) => {
    ctx.body = presentFinanceReport(await admin.financeReport(ctx.state.user, ctx.query));
  });

  router.get('/finance/export', async (ctx) => {
    const { currency, month, entries } = await admin.monthJournal(ctx.state.user, ctx.query);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="ledger-${currency}-${month}.csv"`);
    // The books of one month, for one administrator: not for a shared cache.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = financeJournalCsv(entries, currency);
  });

  router.get('/gifts', async (ctx) => {
    ctx.body = presentAdminGiftLookup(await admin.lookUpGifts(ctx.state.user, ctx.query));
  });

  return router;
}

/** A donor list holds givers' names: for the administrator who asked, not for a shared cache. */
function sendDonorsCsv(ctx: { type: string; body: unknown; set(field: string, value: string): void }, list: DonorList): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="donors-${list.payout.id}.csv"`);
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = donorListCsv(list);
}
