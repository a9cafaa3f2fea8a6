import Router from '@koa/router';
import type { Clock } from '@core/ports/clock';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { closeRegistry } from '@core/payout/close-registry';
import { accountUpdateLink, connectedAccountStatus, createConnectedAccount, onboardingLink } from '@core/payout/connected-account';
import { switchPayoutMethod } from '@core/payout/switch-payout-method';
import { charityBreakdown, payoutStatus } from '@core/payout/payout-status';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import { viewRegistry } from '@core/registry/view-registry';
import type { HttpState } from '../http-state';
import { presentAccountStatus, presentCharityBreakdown, presentClosing, presentPayoutStatus } from '../presenters/payouts';
import { presentOwnRegistry } from '../presenters/registries';

/** The owner's side of closing: payout details, the bank account, closing and reading it back. */
export function payoutRoutes(ports: {
  repositories: Repositories & UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}) {
  const router = new Router<HttpState>();
  const { repositories, gateway, clock } = ports;
  const ownerView = async (id: string, user: HttpState['user']) => presentOwnRegistry(await viewRegistry(id, { ...repositories, user }));

  router.put('/api/registries/:id/payout-info', async (ctx) => {
    const registry = await savePayoutInfo(ctx.params.id ?? '', ctx.request.body, {
      user: ctx.state.user,
      registries: repositories.registries,
      unitOfWork: repositories,
    });
    ctx.body = await ownerView(registry.id, ctx.state.user);
  });

  router.put('/api/registries/:id/close', async (ctx) => {
    const result = await closeRegistry(ctx.params.id ?? '', {
      user: ctx.state.user,
      registries: repositories.registries,
      unitOfWork: repositories,
      gateway,
      clock,
      appUrl: ports.appUrl,
      supportEmail: ports.supportEmail,
    });
    const { transferResult } = result;
    if (transferResult && !transferResult.success) {
      ctx.state.log.warn({ registryId: result.registry.id, reason: transferResult.reason }, 'bank payout not sent');
    }
    ctx.body = presentClosing(transferResult, await ownerView(result.registry.id, ctx.state.user));
  });

  router.put('/api/registries/:id/payout-method', async (ctx) => {
    const registry = await switchPayoutMethod(ctx.params.id ?? '', ctx.request.body, {
      user: ctx.state.user,
      registries: repositories.registries,
      unitOfWork: repositories,
      gateway,
      clock,
      appUrl: ports.appUrl,
      supportEmail: ports.supportEmail,
    });
    ctx.state.log.info({ registryId: registry.id, payoutMethod: registry.payoutMethod }, 'bank payout switched by the owner');
    ctx.body = await ownerView(registry.id, ctx.state.user);
  });

  router.get('/api/registries/:id/payout-status', async (ctx) => {
    ctx.body = presentPayoutStatus(
      await payoutStatus(ctx.params.id ?? '', {
        user: ctx.state.user,
        registries: repositories.registries,
        disputes: repositories.disputes,
      }),
    );
  });

  router.get('/api/registries/:id/charity-breakdown', async (ctx) => {
    const lines = await charityBreakdown(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = presentCharityBreakdown(lines);
  });

  const connect = (user: HttpState['user']) => ({ user, users: repositories.users, gateway, clock });

  router.get('/api/connect/account-status', async (ctx) => {
    ctx.body = presentAccountStatus(await connectedAccountStatus(connect(ctx.state.user)));
  });

  router.post('/api/connect/create-account', async (ctx) => {
    ctx.body = presentAccountStatus(await createConnectedAccount(ctx.request.body ?? {}, connect(ctx.state.user)));
  });

  router.post('/api/connect/account-update-link', async (ctx) => {
    ctx.body = await accountUpdateLink(ctx.request.body ?? {}, {
      ...connect(ctx.state.user),
      registries: repositories.registries,
      unitOfWork: repositories,
      appUrl: ports.appUrl,
    });
  });

  router.post('/api/connect/onboarding-link', async (ctx) => {
    ctx.body = await onboardingLink(ctx.request.body ?? {}, {
      ...connect(ctx.state.user),
      registries: repositories.registries,
      appUrl: ports.appUrl,
    });
  });

  return router;
}
