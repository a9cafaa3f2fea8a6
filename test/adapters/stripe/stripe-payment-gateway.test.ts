import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { StripePaymentGateway, createStripeClient } from '../../../adapters/payments/stripe/stripe-payment-gateway';
import { checkStripeKey } from '../../../adapters/payments/stripe/stripe-key-check';
import { RefundRefused } from '@core/ports/payment-gateway';
import {
  STRIPE_API,
  account,
  paymentIntent,
  received,
  recordUnhandledRequests,
  stripeError,
  stripeId,
  stripeObject,
  type ReceivedStripeRequest,
} from './stripe-api';

const SECRET_KEY = 'sk_test_51GiftRegistryTestKeyNotReal';

const server = setupServer();
const { strict, unhandled } = recordUnhandledRequests();
let requests: ReceivedStripeRequest[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: strict }));
afterEach(() => {
  server.resetHandlers();
  requests = [];
  // The SDK retries network errors: a call nobody answered must still fail the test.
  expect(unhandled.splice(0)).toEqual([]);
});
afterAll(() => server.close());

// What every gateway promises (idempotent intents, "No such payment", cancelling, refunds, accounts,
// transfers) is proved against a stateful fake Stripe in test/contract/stripe-payment-gateway.test.ts;
// here, each request's shape, and how each of Stripe's answers and failures is read.

/** The gateway as production builds it: its own SDK client, on the fetch HTTP client. */
const gateway = () => new StripePaymentGateway({ secretKey: SECRET_KEY });

/** Answers one Stripe route and records every request it receives. */
function answer(method: 'get' | 'post', path: string, respond: (request: ReceivedStripeRequest) => Response | Promise<Response>) {
  server.use(
    http[method](`${STRIPE_API}${path}`, async ({ request }) => {
      const seen = await received(request);
      requests.push(seen);
      return respond(seen);
    }),
  );
}

const giftRequest = {
  giftId: '6f1c2d3e-0000-4000-8000-000000000001',
  registryId: '6f1c2d3e-0000-4000-8000-0000000000aa',
  charityId: '6f1c2d3e-0000-4000-8000-0000000000cc',
  amount: 10_639,
  currency: 'USD' as const,
  receiptEmail: 'miriam@example.com',
  idempotencyKey: 'gift-6f1c2d3e-0000-4000-8000-000000000001',
};

describe('StripePaymentGateway.createPaymentIntent', () => {
  it('charges the total in cents, card only, with the gift in metadata, the registry’s transfer group and the gift’s idempotency key', async () => {
    answer('post', '/payment_intents', ({ form }) =>
      stripeObject(
        paymentIntent({ id: 'pi_3GiftTest0000000000000001', amount: Number(form.get('amount')), currency: form.get('currency') }),
      ),
    );

    const created = await gateway().createPaymentIntent(giftRequest);

    expect(created).toEqual({ id: 'pi_3GiftTest0000000000000001', clientSecret: `pi_3GiftTest0000000000000001_secret_${'S'.repeat(25)}` });
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent?.stripeVersion).toBe(Stripe.API_VERSION);
    expect(sent?.idempotencyKey).toBe(giftRequest.idempotencyKey);
    expect(Object.fromEntries(sent!.form)).toEqual({
      amount: '10639',
      currency: 'usd',
      'allowed_payment_method_types[0]': 'card',
      'metadata[giftId]': giftRequest.giftId,
      'metadata[registryId]': giftRequest.registryId,
      'metadata[charityId]': giftRequest.charityId,
      transfer_group: `registry_${giftRequest.registryId}`,
      receipt_email: 'miriam@example.com',
      description: 'Gift to a Bar/Bat Mitzvah registry',
    });
  });

  it('sends CAD in lower case', async () => {
    answer('post', '/payment_intents', ({ form }) => stripeObject(paymentIntent({ currency: form.get('currency') })));
    await gateway().createPaymentIntent({ ...giftRequest, currency: 'CAD' });
    expect(requests[0]?.form.get('currency')).toBe('cad');
  });

  it('refuses an intent that comes back without a client secret', async () => {
    answer('post', '/payment_intents', () => stripeObject(paymentIntent({ client_secret: null })));
    await expect(gateway().createPaymentIntent(giftRequest)).rejects.toThrow(/without a client secret/);
  });

  it('rejects, without hanging, when Stripe keeps failing, after retrying with the same idempotency key', async () => {
    answer('post', '/payment_intents', () => stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));

    await expect(gateway().createPaymentIntent(giftRequest)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);

    // The first try and maxNetworkRetries (2) more, all with the gift's key, so none can charge twice.
    expect(requests.map((request) => request.idempotencyKey)).toEqual([
      giftRequest.idempotencyKey,
      giftRequest.idempotencyKey,
      giftRequest.idempotencyKey,
    ]);
  });

  it('passes a card or request error on as it is', async () => {
    answer('post', '/payment_intents', () =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: 'Amount must be no more than $999,999.99',
      }),
    );
    await expect(gateway().createPaymentIntent(giftRequest)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'amount_too_large',
    });
    expect(requests).toHaveLength(1);
  });
});

describe('StripePaymentGateway.retrievePaymentIntent', () => {
  it.each([
    ['succeeded', { status: 'succeeded', amount: 10_639, amount_received: 10_639 }, { status: 'succeeded', amount: 10_639 }],
    [
      'declined (requires_payment_method with an error)',
      {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
      },
      { status: 'failed', amount: 10_639 },
    ],
    ['canceled', { status: 'canceled' }, { status: 'failed', amount: 10_639 }],
    ['processing', { status: 'processing' }, { status: 'pending', amount: 10_639 }],
    ['not yet paid (requires_payment_method, no error)', { status: 'requires_payment_method' }, { status: 'pending', amount: 10_639 }],
    ['requires_action (3-D Secure)', { status: 'requires_action' }, { status: 'pending', amount: 10_639 }],
  ])('maps %s', async (_label, fields, expected) => {
    const id = stripeId('pi');
    answer('get', '/payment_intents/:id', () => stripeObject(paymentIntent({ id, ...fields })));

    const state = await gateway().retrievePaymentIntent(id);

    expect(state).toEqual({ id, currency: 'USD', ...expected });
    expect(requests[0]).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
  });

  it('reports the amount Stripe actually received once succeeded', async () => {
    const id = stripeId('pi');
    answer('get', '/payment_intents/:id', () =>
      stripeObject(paymentIntent({ id, status: 'succeeded', amount: 10_639, amount_received: 10_000, currency: 'cad' })),
    );
    expect(await gateway().retrievePaymentIntent(id)).toEqual({ id, status: 'succeeded', amount: 10_000, currency: 'CAD' });
  });

  it('refuses a payment in a currency we never charge in', async () => {
    const id = stripeId('pi');
    answer('get', '/payment_intents/:id', () =>
      stripeObject(paymentIntent({ id, status: 'succeeded', amount_received: 10_639, currency: 'eur' })),
    );
    await expect(gateway().retrievePaymentIntent(id)).rejects.toThrow(/eur, not USD or CAD/);
  });
});

describe('StripePaymentGateway.cancelPaymentIntent', () => {
  const unexpectedState = (status: string) =>
    stripeError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot cancel this PaymentIntent because it has a status of ${status}.`,
    });

  it('cancels an abandoned payment, saying why', async () => {
    const id = stripeId('pi');
    answer('post', '/payment_intents/:id/cancel', () => stripeObject(paymentIntent({ id, status: 'canceled' })));
    expect(await gateway().cancelPaymentIntent(id)).toBe('canceled');
    expect(requests[0]).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${id}/cancel` });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ cancellation_reason: 'abandoned' });
  });

  it.each([
    ['succeeded', 'succeeded'],
    ['canceled', 'canceled'],
  ] as const)('answers %s when Stripe refuses because the payment already is', async (status, expected) => {
    const id = stripeId('pi');
    answer('post', '/payment_intents/:id/cancel', () => unexpectedState(status));
    answer('get', '/payment_intents/:id', () =>
      stripeObject(paymentIntent({ id, status, amount_received: status === 'succeeded' ? 10_639 : 0 })),
    );
    expect(await gateway().cancelPaymentIntent(id)).toBe(expected);
  });

  it('throws while a payment is still processing, so the sweep asks again later', async () => {
    const id = stripeId('pi');
    answer('post', '/payment_intents/:id/cancel', () => unexpectedState('processing'));
    answer('get', '/payment_intents/:id', () => stripeObject(paymentIntent({ id, status: 'processing' })));
    await expect(gateway().cancelPaymentIntent(id)).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });
});

describe('StripePaymentGateway.refund', () => {
  it('refunds the whole payment with the idempotency key it is given', async () => {
    answer('post', '/refunds', ({ form }) =>
      stripeObject({
        id: stripeId('re'),
        object: 'refund',
        payment_intent: form.get('payment_intent'),
        amount: 10_639,
        status: 'succeeded',
      }),
    );

    await gateway().refund('pi_3GiftTest0000000000000001', 'refund-gift-1');

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-gift-1' });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({ payment_intent: 'pi_3GiftTest0000000000000001' });
  });

  it('counts a payment refunded already as done', async () => {
    answer('post', '/refunds', () =>
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: 'Charge ch_3GiftTest has already been refunded.',
      }),
    );
    await expect(gateway().refund('pi_3GiftTest0000000000000001', 'refund-gift-1')).resolves.toBeUndefined();
  });

  it('rejects any other refusal as refused for good (nothing was given back), so the webhook answers 500 and Stripe tries again later', async () => {
    answer('post', '/refunds', () =>
      stripeError(400, { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge ch_3GiftTest has been charged back.' }),
    );
    const refused = await gateway()
      .refund('pi_3GiftTest0000000000000001', 'refund-gift-1')
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RefundRefused);
    expect((refused as Error).cause).toMatchObject({ code: 'charge_disputed' });
  });

  it('leaves the outcome unknown (not refused) when Stripe fails or the key is already in use', async () => {
    answer('post', '/refunds', () => stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    const failed = await gateway()
      .refund('pi_3GiftTest0000000000000001', 'refund-gift-1')
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(failed).not.toBeInstanceOf(RefundRefused);
    server.resetHandlers();
    answer('post', '/refunds', () =>
      stripeError(409, { type: 'idempotency_error', message: 'Keys for idempotent requests can only be used with the same parameters.' }),
    );
    expect(
      await gateway()
        .refund('pi_3GiftTest0000000000000001', 'refund-gift-1')
        .catch((error: unknown) => error),
    ).not.toBeInstanceOf(RefundRefused);
  });
});

describe('StripePaymentGateway connected accounts', () => {
  const accountRequest = {
    country: 'US' as const,
    email: 'parent@example.com',
    idempotencyKey: 'connect-account-6f1c2d3e-0000-4000-8000-0000000000ee',
  };

  it('creates an Express account for an individual in the family’s country, asking for transfers, with the user’s idempotency key', async () => {
    answer('post', '/accounts', ({ form }) =>
      stripeObject(account({ id: 'acct_1GiftFamily000001', country: form.get('country'), email: form.get('email') })),
    );

    const accountId = await gateway().createConnectedAccount(accountRequest);

    expect(accountId).toBe('acct_1GiftFamily000001');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      idempotencyKey: accountRequest.idempotencyKey,
      authorization: `Bearer ${SECRET_KEY}`,
    });
    // A US account on the US platform: the full service agreement, Stripe's default.
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      type: 'express',
      country: 'US',
      email: 'parent@example.com',
      business_type: 'individual',
      'capabilities[transfers][requested]': 'true',
      'metadata[createdBy]': 'mitzvah-gift-registry',
      'metadata[purpose]': 'registry payout',
    });
  });

  it('puts a Canadian account under the recipient service agreement, as cross-border payouts need', async () => {
    answer('post', '/accounts', ({ form }) =>
      stripeObject(account({ id: 'acct_1GiftFamily000002', country: form.get('country'), email: form.get('email') })),
    );

    const accountId = await gateway().createConnectedAccount({ ...accountRequest, country: 'CA' });

    expect(accountId).toBe('acct_1GiftFamily000002');
    expect(requests[0]?.idempotencyKey).toBe(accountRequest.idempotencyKey);
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      type: 'express',
      country: 'CA',
      email: 'parent@example.com',
      business_type: 'individual',
      'capabilities[transfers][requested]': 'true',
      'tos_acceptance[service_agreement]': 'recipient',
      'metadata[createdBy]': 'mitzvah-gift-registry',
      'metadata[purpose]': 'registry payout',
    });
  });

  it('throws, after retrying with the same idempotency key, when Stripe fails, so no second account is opened', async () => {
    answer('post', '/accounts', () => stripeError(500, { type: 'api_error', message: 'An unknown error occurred' }));
    await expect(gateway().createConnectedAccount(accountRequest)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(requests.map((request) => request.idempotencyKey)).toEqual(Array(3).fill(accountRequest.idempotencyKey));
  });

  it('opens an onboarding link with the return and refresh addresses', async () => {
    answer('post', '/account_links', () =>
      stripeObject({
        object: 'account_link',
        url: 'https://connect.stripe.com/setup/e/acct_1GiftFamily000001/Xyz',
        created: 1_700_000_000,
        expires_at: 1_700_000_300,
      }),
    );

    const url = await gateway().createOnboardingLink({
      accountId: 'acct_1GiftFamily000001',
      returnUrl: 'https://gifts.example/registry/6f1c2d3e?connect=return',
      refreshUrl: 'https://gifts.example/registry/6f1c2d3e?connect=refresh',
    });

    expect(url).toBe('https://connect.stripe.com/setup/e/acct_1GiftFamily000001/Xyz');
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/account_links' });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      account: 'acct_1GiftFamily000001',
      type: 'account_onboarding',
      return_url: 'https://gifts.example/registry/6f1c2d3e?connect=return',
      refresh_url: 'https://gifts.example/registry/6f1c2d3e?connect=refresh',
    });
  });

  it('reads whether payouts are enabled and what is still due', async () => {
    answer('get', '/accounts/:id', () => stripeObject(account({ id: 'acct_1GiftFamily000001' })));
    expect(await gateway().connectedAccountStatus('acct_1GiftFamily000001')).toEqual({
      accountId: 'acct_1GiftFamily000001',
      payoutsEnabled: false,
      requirementsDue: ['external_account', 'individual.dob.day', 'tos_acceptance.date'],
      country: 'US',
    });
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1GiftFamily000001' });
  });

  it('reads a verified account with nothing due', async () => {
    answer('get', '/accounts/:id', () =>
      stripeObject(account({ id: 'acct_1GiftFamily000002', country: 'CA', payouts_enabled: true, requirements: { currently_due: null } })),
    );
    expect(await gateway().connectedAccountStatus('acct_1GiftFamily000002')).toEqual({
      accountId: 'acct_1GiftFamily000002',
      payoutsEnabled: true,
      requirementsDue: [],
      country: 'CA',
    });
  });

  it('refuses an account outside the US and Canada', async () => {
    answer('get', '/accounts/:id', () => stripeObject(account({ country: 'GB' })));
    await expect(gateway().connectedAccountStatus('acct_1GiftFamily000003')).rejects.toThrow(/GB, not US or CA/);
  });
});

describe('StripePaymentGateway.findTransfer', () => {
  it('finds the transfer already made for a registry’s group', async () => {
    answer('get', '/transfers', () =>
      stripeObject({
        object: 'list',
        url: '/v1/transfers',
        has_more: false,
        data: [{ id: 'tr_1GiftPayout00000001', object: 'transfer', amount: 32_400, currency: 'cad' }],
      }),
    );
    expect(await gateway().findTransfer('registry_6f1c2d3e-0000-4000-8000-0000000000aa')).toBe('tr_1GiftPayout00000001');
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/v1/transfers' });
    expect(Object.fromEntries(requests[0]!.query)).toEqual({ transfer_group: 'registry_6f1c2d3e-0000-4000-8000-0000000000aa', limit: '1' });
  });

  it('answers null when none was made', async () => {
    answer('get', '/transfers', () => stripeObject({ object: 'list', url: '/v1/transfers', has_more: false, data: [] }));
    expect(await gateway().findTransfer('registry_6f1c2d3e-0000-4000-8000-0000000000aa')).toBeNull();
  });
});

describe('StripePaymentGateway.transfer', () => {
  const transferRequest = {
    destinationAccountId: 'acct_1GiftFamily000001',
    amount: 32_400,
    currency: 'CAD' as const,
    transferGroup: 'registry_6f1c2d3e-0000-4000-8000-0000000000aa',
    idempotencyKey: 'payout-6f1c2d3e-0000-4000-8000-0000000000aa',
  };

  it('transfers the payout to the family’s account, idempotent per registry', async () => {
    answer('post', '/transfers', ({ form }) =>
      stripeObject({
        id: 'tr_1GiftPayout00000001',
        object: 'transfer',
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        destination: form.get('destination'),
      }),
    );

    expect(await gateway().transfer(transferRequest)).toEqual({ success: true, transferId: 'tr_1GiftPayout00000001' });
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/v1/transfers', idempotencyKey: transferRequest.idempotencyKey });
    expect(Object.fromEntries(requests[0]!.form)).toEqual({
      amount: '32400',
      currency: 'cad',
      destination: 'acct_1GiftFamily000001',
      transfer_group: transferRequest.transferGroup,
    });
  });

  it.each([
    [
      400,
      'balance_insufficient',
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.',
    ],
    [
      400,
      'transfers_not_allowed',
      'Transfers are not enabled for this account. Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
    ],
  ])('answers a refusal (%s %s) as a failed transfer, without throwing', async (status, code, message) => {
    answer('post', '/transfers', () => stripeError(status, { type: 'invalid_request_error', code, message }));
    expect(await gateway().transfer(transferRequest)).toEqual({ success: false, reason: code, message });
    expect(requests).toHaveLength(1);
  });

  it('names a refusal without a code by its type', async () => {
    answer('post', '/transfers', () =>
      stripeError(403, {
        type: 'invalid_request_error',
        message: 'The provided key does not have access to account acct_1GiftFamily000001.',
      }),
    );
    expect(await gateway().transfer(transferRequest)).toEqual({
      success: false,
      reason: 'invalid_request_error',
      message: 'The provided key does not have access to account acct_1GiftFamily000001.',
    });
  });

  it.each([
    [
      'a parameter we got wrong',
      400,
      { type: 'invalid_request_error', code: 'parameter_missing', param: 'destination', message: 'Missing required param: destination.' },
    ],
    ['a bad secret key', 401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****Real' }],
    [
      'an idempotency key reused with other parameters',
      400,
      {
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
      },
    ],
  ])('throws for %s', async (_label, status, error) => {
    answer('post', '/transfers', () => stripeError(status, error));
    await expect(gateway().transfer(transferRequest)).rejects.toBeInstanceOf(Stripe.errors.StripeError);
  });

  it('throws, after retrying, when Stripe fails, since the transfer’s fate is unknown', async () => {
    answer('post', '/transfers', () => stripeError(503, { type: 'api_error', message: 'Stripe is temporarily unavailable' }));
    await expect(gateway().transfer(transferRequest)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(requests.map((request) => request.idempotencyKey)).toEqual(Array(3).fill(transferRequest.idempotencyKey));
  });

  it('throws, after retrying with the same key, when the connection to Stripe fails', async () => {
    answer('post', '/transfers', () => HttpResponse.error());
    await expect(gateway().transfer(transferRequest)).rejects.toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(requests.map((request) => request.idempotencyKey)).toEqual(Array(3).fill(transferRequest.idempotencyKey));
  });
});

describe('StripePaymentGateway.listBalanceTransactions', () => {
  const range = { from: new Date('2026-11-24T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') };
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
  const transaction = (fields: Record<string, unknown>) => ({
    object: 'balance_transaction',
    currency: 'usd',
    fee: 0,
    net: 0,
    status: 'available',
    ...fields,
  });

  it('asks for the range’s created seconds with each source expanded, 100 to a page, and reads each kind, naming the payment or the transfer', async () => {
    answer('get', '/balance_transactions', () =>
      stripeObject({
        object: 'list',
        url: '/v1/balance_transactions',
        has_more: false,
        data: [
          transaction({
            id: 'txn_payout',
            type: 'payout',
            amount: -50_000,
            created: at('2026-11-24T23:00:00Z'),
            source: { id: 'po_1', object: 'payout' },
          }),
          transaction({
            id: 'txn_dispute',
            type: 'adjustment',
            amount: -10_639,
            fee: 1_500,
            created: at('2026-11-24T20:00:00Z'),
            source: { id: 'du_1', object: 'dispute', payment_intent: 'pi_disputed' },
          }),
          transaction({ id: 'txn_fee', type: 'stripe_fee', amount: -200, created: at('2026-11-24T18:00:00Z'), source: null }),
          transaction({
            id: 'txn_tr',
            type: 'transfer',
            amount: -9_000,
            currency: 'cad',
            created: at('2026-11-24T16:00:00Z'),
            source: { id: 'tr_1', object: 'transfer' },
          }),
          transaction({
            id: 'txn_re',
            type: 'refund',
            amount: -10_639,
            created: at('2026-11-24T14:00:00Z'),
            source: { id: 're_1', object: 'refund', payment_intent: 'pi_refunded' },
          }),
          transaction({
            id: 'txn_ch',
            type: 'charge',
            amount: 10_639,
            fee: 339,
            net: 10_300,
            created: at('2026-11-24T12:00:00Z'),
            source: { id: 'ch_1', object: 'charge', payment_intent: { id: 'pi_paid', object: 'payment_intent' } },
          }),
        ],
      }),
    );
    const listed = await gateway().listBalanceTransactions(range);
    expect(requests).toHaveLength(1);
    const query = requests[0]!.query;
    expect(query.get('created[gte]')).toBe(String(at('2026-11-24T00:00:00Z')));
    expect(query.get('created[lt]')).toBe(String(at('2026-11-25T00:00:00Z')));
    expect(query.get('limit')).toBe('100');
    expect([...query.entries()].filter(([name]) => name.startsWith('expand')).map(([, value]) => value)).toEqual(['data.source']);
    // Oldest first.
    expect(listed).toEqual([
      {
        id: 'txn_ch',
        kind: 'charge',
        type: 'charge',
        reference: 'pi_paid',
        currency: 'USD',
        amount: 10_639,
        fee: 339,
        created: new Date('2026-11-24T12:00:00Z'),
      },
      {
        id: 'txn_re',
        kind: 'refund',
        type: 'refund',
        reference: 'pi_refunded',
        currency: 'USD',
        amount: -10_639,
        fee: 0,
        created: new Date('2026-11-24T14:00:00Z'),
      },
      {
        id: 'txn_tr',
        kind: 'transfer',
        type: 'transfer',
        reference: 'tr_1',
        currency: 'CAD',
        amount: -9_000,
        fee: 0,
        created: new Date('2026-11-24T16:00:00Z'),
      },
      {
        id: 'txn_fee',
        kind: 'other',
        type: 'stripe_fee',
        reference: null,
        currency: 'USD',
        amount: -200,
        fee: 0,
        created: new Date('2026-11-24T18:00:00Z'),
      },
      {
        id: 'txn_dispute',
        kind: 'other',
        type: 'adjustment',
        reference: 'pi_disputed',
        currency: 'USD',
        amount: -10_639,
        fee: 1_500,
        created: new Date('2026-11-24T20:00:00Z'),
      },
      {
        id: 'txn_payout',
        kind: 'payout',
        type: 'payout',
        reference: 'po_1',
        currency: 'USD',
        amount: -50_000,
        fee: 0,
        created: new Date('2026-11-24T23:00:00Z'),
      },
    ]);
  });

  it('walks every page, each starting after the last one of the page before', async () => {
    answer('get', '/balance_transactions', ({ query }) => {
      const second = query.get('starting_after') === 'txn_2';
      const data = (second ? ['txn_1'] : ['txn_3', 'txn_2']).map((id, index) =>
        transaction({
          id,
          type: 'charge',
          amount: 1_000,
          created: at('2026-11-24T12:00:00Z') - index - (second ? 2 : 0),
          source: { id: `ch_${id}`, object: 'charge', payment_intent: `pi_${id}` },
        }),
      );
      return stripeObject({ object: 'list', url: '/v1/balance_transactions', has_more: !second, data });
    });
    const listed = await new StripePaymentGateway({ secretKey: SECRET_KEY, pageSize: 2 }).listBalanceTransactions(range);
    expect(listed.map((each) => each.id)).toEqual(['txn_1', 'txn_2', 'txn_3']);
    expect(requests.map((request) => request.query.get('starting_after'))).toEqual([null, 'txn_2']);
  });

  it('throws, after retrying, when Stripe fails, so the day’s run is marked failed and tried again', async () => {
    answer('get', '/balance_transactions', () => stripeError(503, { type: 'api_error', message: 'Stripe is temporarily unavailable' }));
    await expect(gateway().listBalanceTransactions(range)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(requests).toHaveLength(3);
  });
});

describe('the start-up check of the Stripe key', () => {
  const check = () => checkStripeKey(createStripeClient(SECRET_KEY));

  it('reads the balance once with the configured key', async () => {
    answer('get', '/balance', () => stripeObject({ object: 'balance', available: [], pending: [], livemode: false }));
    expect(await check()).toEqual({ outcome: 'ok' });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.authorization).toBe(`Bearer ${SECRET_KEY}`);
  });

  it('tells a key Stripe refuses from a Stripe that does not answer, trying once', async () => {
    answer('get', '/balance', () => stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_***' }));
    expect(await check()).toMatchObject({ outcome: 'rejected' });
    answer('get', '/balance', () =>
      stripeError(403, { type: 'invalid_request_error', message: 'The provided key does not have the required permissions' }),
    );
    expect(await check()).toMatchObject({ outcome: 'rejected' });
    requests = [];
    answer('get', '/balance', () => HttpResponse.error());
    expect(await check()).toMatchObject({ outcome: 'unreachable' });
    expect(requests).toHaveLength(1);
  });
});
