import Router from '@koa/router';
import { listGifts } from '../../../core/gift/list-gifts';
import { reconcilePayment } from '../../../core/gift/reconcile-payment';
import { startGift } from '../../../core/gift/start-gift';
import type { ProcessingRates } from '../../../core/fees';
import { centsToAmount } from '../../../core/money';
import type { PaymentGateway } from '../../../core/ports/payment-gateway';
import type { Repositories, UnitOfWork } from '../../../core/ports/repositories';
import { countAttempt, refuseWhenExhausted, type AttemptLimits } from '../attempt-limiter';
import type { HttpState } from '../http-state';
import { logPaymentOutcome } from '../payment-outcome-log';
import { presentGift } from '../presenters';

export function giftRoutes(ports: { repositories: Repositories & UnitOfWork; gateway: PaymentGateway; rates: ProcessingRates; limits: AttemptLimits; appUrl: string }) {
  const router = new Router<HttpState>();
  const { repositories } = ports;
  const paying = { unitOfWork: repositories, gifts: repositories.gifts, gateway: ports.gateway, appUrl: ports.appUrl };

  router.post('/api/create-payment-intent', async (ctx) => {
    const perAddress: [typeof ports.limits.paymentIntentsPerAddress, string][] = [[ports.limits.paymentIntentsPerAddress, ctx.ip]];
    await refuseWhenExhausted(perAddress, 'payment attempts');
    await countAttempt(perAddress);
    const started = await startGift(ctx.request.body, { ...paying, rates: ports.rates });
    const { breakdown } = started;
    ctx.status = 201;
    ctx.body = {
      clientSecret: started.clientSecret,
      paymentIntentId: started.gift.stripePaymentIntentId,
      breakdown: {
        baseAmount: centsToAmount(breakdown.baseAmount),
        childAmount: centsToAmount(breakdown.childAmount),
        charityAmount: centsToAmount(breakdown.charityAmount),
        platformFee: centsToAmount(breakdown.platformFee),
        stripeFee: centsToAmount(breakdown.stripeFee),
        totalAmount: centsToAmount(breakdown.totalAmount),
      },
    };
  });

  // The checkout success screen asks for this, so a slow webhook never leaves a paid gift pending.
  router.post('/api/payments/reconcile', async (ctx) => {
    const body = ctx.request.body as { paymentIntentId?: unknown } | undefined;
    const result = await reconcilePayment(body?.paymentIntentId, paying);
    if (result.outcome) logPaymentOutcome(ctx.state.log, result.outcome, 'reconcile');
    ctx.body = { status: result.status };
  });

  router.get('/api/registries/:id/gifts', async (ctx) => {
    const gifts = await listGifts(ctx.params.id ?? '', { ...repositories, user: ctx.state.user });
    ctx.body = gifts.map(presentGift);
  });

  return router;
}
