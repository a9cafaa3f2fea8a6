import Router from '@koa/router';
import type { DisputeService } from '@core/dispute/dispute-service';
import type { GiftService } from '@core/gift/gift-service';
import type { PaymentOutcome } from '@core/gift/record-payment';
import type { PaymentNotice, PaymentNotices } from '@core/ports/payment-notices';
import type { HttpState } from '../http-state';
import { readRawBody } from '../raw-body';
import { logDisputeOutcome, logPaymentOutcome, logProviderRefund, type CountPaymentOutcome } from '../payment-outcome-log';
import { presentWebhookReceived } from '../presenters/gifts';
import { foundPaid, type PaymentStarts } from '../payment-starts';

/** The one path Stripe posts to. The app must neither parse its body nor guard it against cross-site requests. */
export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

/** Stripe's events are a few kilobytes; nothing legitimate comes near this. */
export const STRIPE_WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/webhooks/stripe: payment_intent.succeeded and payment_intent.payment_failed drive the
 * gift through the same use cases as the sandbox and reconciliation; charge.refunded records a
 * refund made in Stripe's dashboard (or finishes one of ours); charge.dispute.* (created, updated,
 * closed, funds_withdrawn, funds_reinstated) each carry the whole dispute, which recordDispute
 * takes a step towards. The signature is checked over
 * the raw bytes, read here from the request stream. Every verified event is answered 200, those we
 * ignore too; a failure to record (database down, a refund call failing) is left to throw, so the
 * app answers 500 and Stripe delivers the event again later. Neither the body nor the signature is
 * ever logged.
 */
export function stripeWebhookRoutes(ports: {
  gifts: GiftService;
  disputes: DisputeService;
  notices: PaymentNotices;
  countOutcome: CountPaymentOutcome;
  paymentStarts: PaymentStarts;
}) {
  const router = new Router<HttpState>();

  router.post(STRIPE_WEBHOOK_PATH, async (ctx) => {
    const rawBody = await readRawBody(ctx, STRIPE_WEBHOOK_BODY_LIMIT);
    const signature = ctx.get('Stripe-Signature') || undefined;
    let notice: PaymentNotice;
    try {
      notice = ports.notices.verify(rawBody, signature);
    } catch (error) {
      ctx.state.log.warn({ source: 'stripe-webhook' }, 'webhook refused: signature missing, invalid or stale');
      throw error;
    }
    const log = ctx.state.log.child({ source: 'stripe-webhook', eventId: notice.id, eventType: notice.type });
    const payment = notice.payment;
    if (!payment) {
      if (notice.unusable) {
        log.warn(notice.unusable, 'succeeded payment not in USD or CAD, or without an amount; nothing credited');
      } else {
        log.debug('event ignored');
      }
      ctx.body = presentWebhookReceived();
      return;
    }
    if (payment.type === 'dispute.changed') {
      const outcome = await ports.disputes.record(payment.dispute);
      logDisputeOutcome(log, outcome, 'stripe-webhook', ports.countOutcome);
      ctx.body = presentWebhookReceived();
      return;
    }
    if (payment.type === 'payment.refunded') {
      const refund = await ports.gifts.recordRefundAtProvider(payment);
      logProviderRefund(log, refund, 'stripe-webhook', ports.countOutcome);
      ctx.body = presentWebhookReceived();
      return;
    }
    let outcome: PaymentOutcome;
    if (payment.type === 'payment.succeeded') {
      outcome = await ports.gifts.recordPaymentSucceeded({
        paymentIntentId: payment.paymentIntentId,
        amount: payment.amount,
        currency: payment.currency,
      });
      // The giver may have closed the tab before their page asked: the start is given back here too.
      if (foundPaid(outcome)) await ports.paymentStarts.paid(payment.paymentIntentId);
    } else {
      outcome = await ports.gifts.recordPaymentFailed({ paymentIntentId: payment.paymentIntentId });
    }
    logPaymentOutcome(log, outcome, 'stripe-webhook', ports.countOutcome);
    ctx.body = presentWebhookReceived();
  });

  return router;
}
