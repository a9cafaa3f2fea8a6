import { describe, expect, it } from 'vitest';
import { parseStripeEvent } from '../../../adapters/payments/stripe/stripe-webhook';
import { DomainError } from '@core/errors';
import { WEBHOOK_SECRET, disputeEvent, failedEvent, sign, stripeEvent, stripeForWebhooks, succeededEvent } from './stripe-events';

const parse = (body: Buffer | string, signature: string | undefined) =>
  parseStripeEvent(body, signature, WEBHOOK_SECRET, stripeForWebhooks);

function refusal(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the event to be refused');
}

describe('parseStripeEvent', () => {
  it('reads a signed payment_intent.succeeded: the amount received, the currency in upper case', () => {
    const body = succeededEvent({ id: 'pi_3GiftTest0000000000000001', amount: 10_639 });
    expect(parse(body, sign(body))).toEqual({
      type: 'payment.succeeded',
      paymentIntentId: 'pi_3GiftTest0000000000000001',
      amount: 10_639,
      currency: 'USD',
    });
  });

  it('reads the raw bytes as received, and Canadian dollars', () => {
    const body = succeededEvent({ id: 'pi_3GiftTest0000000000000002', amount: 7_766, currency: 'cad' });
    expect(parse(Buffer.from(body), sign(body))).toEqual({
      type: 'payment.succeeded',
      paymentIntentId: 'pi_3GiftTest0000000000000002',
      amount: 7_766,
      currency: 'CAD',
    });
  });

  it('reads a signed payment_intent.payment_failed with the decline message', () => {
    const body = failedEvent({ id: 'pi_3GiftTest0000000000000003', amount: 10_639, message: 'Your card has insufficient funds.' });
    expect(parse(body, sign(body))).toEqual({
      type: 'payment.failed',
      paymentIntentId: 'pi_3GiftTest0000000000000003',
      message: 'Your card has insufficient funds.',
    });
  });

  it('says “Payment failed” when Stripe gives no message', () => {
    const body = failedEvent({ id: 'pi_3GiftTest0000000000000004', amount: 10_639, message: null });
    expect(parse(body, sign(body))).toEqual({
      type: 'payment.failed',
      paymentIntentId: 'pi_3GiftTest0000000000000004',
      message: 'Payment failed',
    });
  });

  it.each([
    ['charge.refunded', { id: 'ch_3GiftTest', object: 'charge', amount: 10_639, currency: 'usd' }],
    [
      'payment_intent.created',
      { id: 'pi_3GiftTest', object: 'payment_intent', amount: 10_639, currency: 'usd', status: 'requires_payment_method' },
    ],
    ['account.updated', { id: 'acct_1GiftFamily000001', object: 'account', payouts_enabled: true }],
  ])('ignores %s', (type, object) => {
    const body = stripeEvent(type, object);
    expect(parse(body, sign(body))).toBeNull();
  });

  it.each(['created', 'updated', 'closed', 'funds_withdrawn', 'funds_reinstated'] as const)(
    'reads charge.dispute.%s as the whole dispute: status, due date and the money it moved',
    (type) => {
      const body = disputeEvent(type, {
        id: 'du_1GiftTest0001',
        paymentIntentId: 'pi_3GiftTest0000000000000009',
        amount: 10_639,
        status: 'won',
        reinstated: true,
      });
      expect(parse(body, sign(body))).toEqual({
        type: 'dispute.changed',
        dispute: {
          disputeId: 'du_1GiftTest0001',
          paymentIntentId: 'pi_3GiftTest0000000000000009',
          amount: 10_639,
          currency: 'USD',
          reason: 'fraudulent',
          status: 'won',
          evidenceDueBy: new Date(1_893_542_399_000),
          withdrawn: { amount: 10_639, fee: 1_500 },
          reinstated: { amount: 10_639 },
        },
      });
    },
  );

  it('reads an inquiry that took no money yet, and ignores a dispute in a currency we never charge in', () => {
    const inquiry = disputeEvent('created', {
      id: 'du_1GiftTest0002',
      paymentIntentId: 'pi_3GiftTest0000000000000010',
      amount: 5_459,
      status: 'warning_needs_response',
      withdrawn: false,
    });
    expect(parse(inquiry, sign(inquiry))).toMatchObject({
      dispute: { status: 'warning_needs_response', withdrawn: null, reinstated: null },
    });
    const euros = disputeEvent('created', {
      id: 'du_1GiftTest0003',
      paymentIntentId: 'pi_3GiftTest0000000000000011',
      amount: 5_459,
      status: 'needs_response',
      currency: 'eur',
    });
    expect(parse(euros, sign(euros))).toBeNull();
  });

  it('ignores a succeeded payment in a currency we never charge in', () => {
    const body = succeededEvent({ id: 'pi_3GiftTest0000000000000005', amount: 10_639, currency: 'eur' });
    expect(parse(body, sign(body))).toBeNull();
  });

  it.each([
    [
      'a tampered body',
      () => {
        const body = succeededEvent({ id: 'pi_3GiftTest0000000000000006', amount: 100 });
        return { body: body.replace('"amount_received": 100', '"amount_received": 100000'), signature: sign(body) };
      },
    ],
    [
      'a body re-serialised after signing',
      () => {
        const body = succeededEvent({ id: 'pi_3GiftTest0000000000000007', amount: 10_639 });
        return { body: JSON.stringify(JSON.parse(body)), signature: sign(body) };
      },
    ],
    [
      'a signature ten minutes old',
      () => {
        const body = succeededEvent({ id: 'pi_3GiftTest0000000000000008', amount: 10_639 });
        return { body, signature: sign(body, { timestamp: Math.floor(Date.now() / 1000) - 600 }) };
      },
    ],
    [
      'another endpoint’s secret',
      () => {
        const body = succeededEvent({ id: 'pi_3GiftTest0000000000000009', amount: 10_639 });
        return { body, signature: sign(body, { secret: 'whsec_someoneElsesEndpointSecret000000' }) };
      },
    ],
    ['no signature header', () => ({ body: succeededEvent({ id: 'pi_3GiftTest0000000000000010', amount: 10_639 }), signature: undefined })],
    ['an empty signature header', () => ({ body: succeededEvent({ id: 'pi_3GiftTest0000000000000011', amount: 10_639 }), signature: '' })],
    [
      'a header that is no signature',
      () => ({ body: succeededEvent({ id: 'pi_3GiftTest0000000000000012', amount: 10_639 }), signature: 'sha256=deadbeef' }),
    ],
    ['an empty body', () => ({ body: '', signature: sign('') })],
  ])('refuses %s as bad input', (_label, make) => {
    const { body, signature } = make();
    const error = refusal(() => parse(body, signature));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'validation.failed', message: 'Invalid webhook signature' });
  });

  it('still accepts a signature four minutes old (Stripe’s tolerance is five)', () => {
    const body = succeededEvent({ id: 'pi_3GiftTest0000000000000013', amount: 10_639 });
    expect(parse(body, sign(body, { timestamp: Math.floor(Date.now() / 1000) - 240 }))).toMatchObject({ type: 'payment.succeeded' });
  });

  it('refuses a signed body that is not JSON', () => {
    const body = 'not json at all';
    expect(refusal(() => parse(body, sign(body)))).toMatchObject({ code: 'validation.failed', message: 'Invalid webhook payload' });
  });
});
