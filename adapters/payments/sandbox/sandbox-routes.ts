import Router from '@koa/router';
import { DomainError } from '../../../core/errors';
import { recordPaymentFailed, recordPaymentSucceeded } from '../../../core/gift/record-payment';
import type { Repositories, UnitOfWork } from '../../../core/ports/repositories';
import type { HttpState } from '../../http/http-state';
import { logPaymentOutcome } from '../../http/payment-outcome-log';
import { SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD, type SandboxPaymentGateway } from './sandbox-payment-gateway';

/**
 * The sandbox's stand-in for a card network: POST /api/sandbox/confirm {clientSecret, cardNumber}.
 * Success travels through the same use case as a Stripe webhook. The card number is only compared,
 * never stored or logged.
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

  return router;
}
