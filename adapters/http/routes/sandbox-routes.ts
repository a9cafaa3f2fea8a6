import Router from '@koa/router';
import type { Context } from 'koa';
import * as yup from 'yup';
import { ONBOARDING_OUTCOMES } from '@api/sandbox';
import { refuseUnknownFields, validate } from '@core/validate';
import type { DisputeService } from '@core/dispute/dispute-service';
import type { GiftService } from '@core/gift/gift-service';
import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { SandboxPayments } from '@core/ports/sandbox-payments';
import type { HttpState } from '../http-state';
import type { Logger } from '../logger';
import { logDisputeOutcome, logPaymentOutcome, type CountPaymentOutcome } from '../payment-outcome-log';
import type { PaymentStarts } from '../payment-starts';
import {
  presentOnboardingAccount,
  presentOnboardingDone,
  presentSandboxPayment,
  presentSpentLink,
  sandboxRefusals,
} from '../presenters/sandbox';

const onboardingSchema = yup.object({
  token: yup.string().required('token is required'),
  outcome: yup
    .string()
    .oneOf(ONBOARDING_OUTCOMES, `outcome must be one of ${ONBOARDING_OUTCOMES.join(', ')}`)
    .required('outcome is required'),
});

const invalidLink = sandboxRefusals.invalidLink;

/** A link that was used or replaced: gone (410, no domain code of its own), with the way to a fresh one. */
function answerSpent(ctx: Context, refreshUrl: string): void {
  ctx.status = 410;
  ctx.body = presentSpentLink(refreshUrl);
}

/**
 * The sandbox's stand-in for a card network: POST /api/sandbox/confirm {clientSecret, cardNumber}.
 * Success travels through the same use case as a Stripe webhook; the dispute card's payment
 * succeeds, and its dispute arrives a few seconds later through the dispute listener. The card number is only compared,
 * never stored or logged.
 *
 * And for Stripe's hosted onboarding: GET /api/sandbox/onboarding?token=… shows whose account a
 * link is for; POST /api/sandbox/onboarding {token, outcome} records what the owner chose and
 * answers where to send them back. The token is the proof, so neither needs a session.
 */
export function sandboxRoutes(ports: {
  gifts: GiftService;
  disputes: DisputeService;
  /** The same gateway the services were built with: the sandbox's card network and onboarding. */
  gateway: PaymentGateway & SandboxPayments;
  logger: Logger;
  countOutcome: CountPaymentOutcome;
  paymentStarts: PaymentStarts;
}) {
  const router = new Router<HttpState>();

  // The sandbox's card issuer reports its disputes here, as Stripe's webhook reports Stripe's. A
  // report that fails to record is logged; the sandbox does not deliver it again.
  const log = ports.logger.child({ source: 'sandbox-dispute' });
  ports.gateway.onDisputeChange(async (report) => {
    try {
      logDisputeOutcome(log, await ports.disputes.record(report), 'sandbox', ports.countOutcome);
    } catch (error) {
      log.error({ err: error, disputeId: report.disputeId }, 'sandbox dispute could not be recorded');
    }
  });

  router.post('/api/sandbox/confirm', async (ctx) => {
    const body = (ctx.request.body ?? {}) as { clientSecret?: unknown; cardNumber?: unknown };
    if (typeof body.clientSecret !== 'string' || typeof body.cardNumber !== 'string') {
      throw sandboxRefusals.missingCard();
    }
    const intent = ports.gateway.intentOf(body.clientSecret);
    if (!intent) throw sandboxRefusals.unknownPayment();
    // As Stripe refuses to confirm a cancelled payment; the database remembers it for every process.
    if (await ports.gifts.expiredUnpaid(intent.id)) throw sandboxRefusals.expiredPayment();
    const card = ports.gateway.cardOutcome(body.cardNumber);
    if (card === 'succeeds' || card === 'disputed') {
      // Charged first, as at Stripe, so that the fee of the charge can be read when it is recorded.
      await ports.gateway.markSettled(intent.id, 'succeeded');
      const outcome = await ports.gifts.recordPaymentSucceeded({
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
      });
      logPaymentOutcome(ctx.state.log, outcome, 'sandbox', ports.countOutcome);
      if (outcome.kind === 'unknown-payment' || outcome.kind === 'mismatch') throw sandboxRefusals.unmatchedPayment();
      // As Stripe's webhook: the start is given back whether or not the giver's page asks afterwards.
      await ports.paymentStarts.paid(intent.id);
      // As Stripe's test card: paid now, disputed by the giver's bank a few seconds later.
      if (card === 'disputed' && outcome.kind === 'credited') ports.gateway.disputeLater(intent);
      ctx.body = presentSandboxPayment(outcome.kind === 'refunded' ? 'refunded' : 'succeeded');
      return;
    }
    if (card === 'declined') {
      logPaymentOutcome(
        ctx.state.log,
        await ports.gifts.recordPaymentFailed({ paymentIntentId: intent.id }),
        'sandbox',
        ports.countOutcome,
      );
      await ports.gateway.markSettled(intent.id, 'failed');
      throw sandboxRefusals.declined();
    }
    throw sandboxRefusals.notATestCard(ports.gateway.testMode);
  });

  router.get('/api/sandbox/onboarding', async (ctx) => {
    const token = ctx.query.token;
    if (typeof token !== 'string' || token === '') throw invalidLink();
    const link = await ports.gateway.onboardingLink(token);
    if (link.status === 'invalid') throw invalidLink();
    if (link.status === 'spent') return answerSpent(ctx, link.refreshUrl);
    ctx.body = presentOnboardingAccount(link.account);
  });

  router.post('/api/sandbox/onboarding', async (ctx) => {
    const body: unknown = ctx.request.body;
    refuseUnknownFields(body, Object.keys(onboardingSchema.fields));
    const { token, outcome } = await validate(onboardingSchema, body);
    const completion = await ports.gateway.completeOnboarding(token, outcome);
    if (completion.status === 'invalid') throw invalidLink();
    if (completion.status === 'spent') return answerSpent(ctx, completion.refreshUrl);
    ctx.body = presentOnboardingDone(completion.returnUrl);
  });

  return router;
}
