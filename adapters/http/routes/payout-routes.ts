import Router from '@koa/router';
import type { PayoutService } from '@core/payout/payout-service';
import type { RegistryService } from '@core/registry/registry-service';
import type { HttpState } from '../http-state';
import { presentAccountStatus, presentCharityBreakdown, presentClosing, presentPayoutStatus } from '../presenters/payouts';
import { presentOwnRegistry } from '../presenters/registries';

/**
 * The owner's side of closing: payout details, the bank account, closing and reading it back. The
 * registry's page shown after a change is the registries' own view.
 */
export function payoutRoutes(ports: { payouts: PayoutService; registries: RegistryService }) {
  const router = new Router<HttpState>();
  const { payouts, registries } = ports;
  const ownerView = async (id: string, user: HttpState['user']) => presentOwnRegistry(await registries.view(user, id));

  router.put('/api/registries/:id/payout-info', async (ctx) => {
    const registry = await payouts.savePayoutInfo(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.body = await ownerView(registry.id, ctx.state.user);
  });

  router.put('/api/registries/:id/close', async (ctx) => {
    const result = await payouts.close(ctx.state.user, ctx.params.id ?? '');
    const { transferResult } = result;
    if (transferResult && !transferResult.success) {
      ctx.state.log.warn({ registryId: result.registry.id, reason: transferResult.reason }, 'bank payout not sent');
    }
    ctx.body = presentClosing(transferResult, await ownerView(result.registry.id, ctx.state.user));
  });

  router.put('/api/registries/:id/payout-method', async (ctx) => {
    const registry = await payouts.switchMethod(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    ctx.state.log.info({ registryId: registry.id, payoutMethod: registry.payoutMethod }, 'bank payout switched by the owner');
    ctx.body = await ownerView(registry.id, ctx.state.user);
  });

  router.get('/api/registries/:id/payout-status', async (ctx) => {
    ctx.body = presentPayoutStatus(await payouts.status(ctx.state.user, ctx.params.id ?? ''));
  });

  router.get('/api/registries/:id/charity-breakdown', async (ctx) => {
    const lines = await payouts.charityBreakdown(ctx.state.user, ctx.params.id ?? '');
    ctx.body = presentCharityBreakdown(lines);
  });

  router.get('/api/connect/account-status', async (ctx) => {
    ctx.body = presentAccountStatus(await payouts.accountStatus(ctx.state.user));
  });

  router.post('/api/connect/create-account', async (ctx) => {
    ctx.body = presentAccountStatus(await payouts.createAccount(ctx.state.user, ctx.request.body ?? {}));
  });

  router.post('/api/connect/account-update-link', async (ctx) => {
    ctx.body = await payouts.accountUpdateLink(ctx.state.user, ctx.request.body ?? {});
  });

  router.post('/api/connect/onboarding-link', async (ctx) => {
    ctx.body = await payouts.onboardingLink(ctx.state.user, ctx.request.body ?? {});
  });

  return router;
}
