import Router from '@koa/router';
import { GIFT_AMOUNT_MESSAGES } from '@core/gift/gift-amounts';
import type { GiftService } from '@core/gift/gift-service';
import { isDomainError } from '@core/errors';
import type { PaymentStarts } from '../payment-starts';
import type { HttpState } from '../http-state';
import { logPaymentOutcome, type CountPaymentOutcome } from '../payment-outcome-log';
import { presentGift, presentPaymentIntent, presentPaymentStatus, presentRefundedGift } from '../presenters/gifts';
import { presentGiftList } from '../presenters/gift-list';
import { giftAmountRefusals, withAmountInCents } from '../request-amount';

const GIFT_AMOUNT_REFUSALS = giftAmountRefusals(GIFT_AMOUNT_MESSAGES);

export function giftRoutes(ports: { gifts: GiftService; paymentStarts: PaymentStarts; countOutcome: CountPaymentOutcome }) {
  const router = new Router<HttpState>();
  const { gifts } = ports;

  // Every payment started counts against its address until it is paid: what is left counted is
  // the declined, abandoned and unfinished ones card testing is made of, never a party's gifts.
  router.post('/api/create-payment-intent', async (ctx) => {
    await ports.paymentStarts.count(ctx.ip);
    let started: Awaited<ReturnType<GiftService['start']>>;
    try {
      started = await gifts.start(withAmountInCents(ctx.request.body, 'amount', GIFT_AMOUNT_REFUSALS));
    } catch (error) {
      // A form the giver still has to correct opened no payment, so it does not spend their tries.
      if (isDomainError(error) && error.code === 'validation.failed') await ports.paymentStarts.uncount(ctx.ip);
      throw error;
    }
    await ports.paymentStarts.started(ctx.ip, started.paymentIntentId);
    ctx.status = 201;
    ctx.body = presentPaymentIntent(started);
  });

  // The checkout success screen asks for this, so a slow webhook never leaves a paid gift pending.
  router.post('/api/payments/reconcile', async (ctx) => {
    const body = ctx.request.body as { paymentIntentId?: unknown } | undefined;
    const result = await gifts.reconcile(body?.paymentIntentId);
    if (result.outcome) logPaymentOutcome(ctx.state.log, result.outcome, 'reconcile', ports.countOutcome);
    // Whoever asks, the start goes back once, to the address that started the payment.
    if (result.status === 'succeeded') await ports.paymentStarts.paid(String(body?.paymentIntentId));
    ctx.body = presentPaymentStatus(result.status);
  });

  router.get('/api/registries/:id/gifts', async (ctx) => {
    const list = await gifts.list(ctx.state.user, ctx.params.id ?? '');
    ctx.body = list.map(presentGift);
  });

  // The owner's full list: succeeded gifts only, searched, sorted and paged (GIFT_LIST_PAGE_SIZE a page).
  router.get('/api/registries/:id/gift-list', async (ctx) => {
    ctx.body = presentGiftList(await gifts.viewList(ctx.state.user, ctx.params.id ?? '', ctx.query));
  });

  // The owner while the registry is open, or an administrator; refundGift says who and when.
  router.post('/api/gifts/:id/refund', async (ctx) => {
    const gift = await gifts.refund(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    // One the provider has not confirmed yet stays refunding: its webhook or the sweep counts it.
    if (gift.paymentStatus === 'refunded') ports.countOutcome('refunded');
    ctx.state.log.info({ giftId: gift.id, userId: ctx.state.user?.id }, 'gift refunded');
    ctx.body = presentRefundedGift(gift);
  });

  // An administrator, once a payout was claimed or sent: the platform bears the refund.
  router.post('/api/gifts/:id/refund-at-platform-cost', async (ctx) => {
    const gift = await gifts.refundAtPlatformCost(ctx.state.user, ctx.params.id ?? '', ctx.request.body);
    if (gift.paymentStatus === 'refunded') ports.countOutcome('refunded');
    ctx.state.log.info({ giftId: gift.id, userId: ctx.state.user?.id }, 'gift refunded at the platform’s cost');
    ctx.body = presentRefundedGift(gift);
  });

  return router;
}
