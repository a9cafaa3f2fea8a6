import Router from '@koa/router';
import type { Context } from 'koa';
import * as yup from 'yup';
import { DomainError } from '../../../core/errors';
import { refuseUnknownFields, validate } from '../../../core/validate';
import { recordPaymentFailed, recordPaymentSucceeded } from '../../../core/gift/record-payment';
import type { Repositories, UnitOfWork } from '../../../core/ports/repositories';
import type { HttpState } from '../../http/http-state';
import { logPaymentOutcome } from '../../http/payment-outcome-log';
import { SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD, type SandboxPaymentGateway } from './sandbox-payment-gateway';

export const SPENT_LINK_MESSAGE = 'This onboarding link has expired or was already used.';

const ONBOARDING_OUTCOMES = ['verified', 'rejects_transfers', 'unfinished'] as const;

const onboardingSchema = yup.object({
  token: yup.string().required('token is required'),
  outcome: yup.string().oneOf(ONBOARDING_OUTCOMES, `outcome must be one of ${ONBOARDING_OUTCOMES.join(', ')}`).required('outcome is required'),
});

function invalidLink(): DomainError {
  return new DomainError('validation.failed', 'This onboarding link is not valid. Please ask for a new one from your registry.', {
    token: 'Invalid or expired link',
  });
}

/** A link that was used or replaced: gone (410, no domain code of its own), with the way to a fresh one. */
function answerSpent(ctx: Context, refreshUrl: string): void {
  ctx.status = 410;
  ctx.body = { message: SPENT_LINK_MESSAGE, refreshUrl };
}

/**
 * The sandbox's stand-in for a card network: POST /api/sandbox/confirm {clientSecret, cardNumber}.
 * Success travels through the same use case as a Stripe webhook. The card number is only compared,
 * never stored or logged.
 *
 * And for Stripe's hosted onboarding: GET /api/sandbox/onboarding?token=… shows whose account a
 * link is for; POST /api/sandbox/onboarding {token, outcome} records what the owner chose and
 * answers where to send them back. The token is the proof, so neither needs a session.
 */
export function sandboxRoutes(ports: { repositories: Repositories & UnitOfWork; gateway: SandboxPaymentGateway; appUrl: string }) {
  const router = new Router<HttpState>();
  const paying = { unitOfWork: ports.repositories, gifts: ports.repositories.gifts, gateway: ports.gateway, appUrl: ports.appUrl };

  router.post('/api/sandbox/confirm', async (ctx) => {
    const body = (ctx.request.body ?? {}) as { clientSecret?: unknown; cardNumber?: unknown };
    if (typeof body.clientSecret !== 'string' || typeof body.cardNumber !== 'string') {
      throw new DomainError('validation.failed', 'clientSecret and cardNumber are required');
    }
    const intent = ports.gateway.intentOf(body.clientSecret);
    if (!intent) throw new DomainError('validation.failed', 'This payment is not valid; please start the gift again');
    const card = body.cardNumber.replace(/[\s-]/g, '');
    if (card === SANDBOX_SUCCESS_CARD) {
      const outcome = await recordPaymentSucceeded({ paymentIntentId: intent.id, amount: intent.amount, currency: intent.currency }, paying);
      logPaymentOutcome(ctx.state.log, outcome, 'sandbox');
      if (outcome.kind === 'unknown-payment' || outcome.kind === 'mismatch') throw new DomainError('payment.failed', 'This payment could not be matched to a gift');
      ports.gateway.markSettled(intent.id, 'succeeded');
      ctx.body = { status: outcome.kind === 'refunded' ? 'refunded' : 'succeeded' };
      return;
    }
    if (card === SANDBOX_DECLINE_CARD) {
      await recordPaymentFailed({ paymentIntentId: intent.id }, paying);
      ports.gateway.markSettled(intent.id, 'failed');
      throw new DomainError('payment.failed', 'Your card was declined.');
    }
    throw new DomainError('validation.failed', 'Test mode takes only the test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.', {
      cardNumber: 'Use a test card',
    });
  });

  router.get('/api/sandbox/onboarding', async (ctx) => {
    const token = ctx.query.token;
    if (typeof token !== 'string' || token === '') throw invalidLink();
    const link = await ports.gateway.onboardingLink(token);
    if (link.status === 'invalid') throw invalidLink();
    if (link.status === 'spent') return answerSpent(ctx, link.refreshUrl);
    ctx.body = { accountId: link.account.id, country: link.account.country, email: link.account.email };
  });

  router.post('/api/sandbox/onboarding', async (ctx) => {
    const body: unknown = ctx.request.body;
    refuseUnknownFields(body, Object.keys(onboardingSchema.fields));
    const { token, outcome } = await validate(onboardingSchema, body);
    const completion = await ports.gateway.completeOnboarding(token, outcome);
    if (completion.status === 'invalid') throw invalidLink();
    if (completion.status === 'spent') return answerSpent(ctx, completion.refreshUrl);
    ctx.body = { redirectUrl: completion.returnUrl };
  });

  return router;
}
