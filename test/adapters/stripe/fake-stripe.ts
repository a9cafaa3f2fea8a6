import { http, type HttpHandler } from 'msw';
import { processorCut, STRIPE_PUBLISHED_RATES } from '@core/fees';
import {
  STRIPE_API,
  account,
  paymentIntent,
  received,
  stripeError,
  stripeId,
  stripeObject,
  type ReceivedStripeRequest,
} from './stripe-api';

type StripeJson = Record<string, unknown>;
type StripeErrorBody = Parameters<typeof stripeError>[1];
/** What Stripe answers to one request, kept so that a repeated idempotency key gets it again. */
type Answer = { status: number; object: StripeJson } | { status: number; error: StripeErrorBody };

const CANCELABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture'];
const UNVERIFIED_REQUIREMENTS = ['external_account', 'individual.dob.day', 'tos_acceptance.date'];

const now = () => Math.floor(Date.now() / 1000);
const missing = (what: string, id: string, param: string): Answer => ({
  status: 404,
  error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${what}: '${id}'` },
});

/**
 * Stripe, with memory, for the payment-gateway contract: the payment intents, accounts, refunds and
 * transfers the gateway makes are kept, and each call the gateway makes is answered as Stripe's API
 * reference describes it. A POST's idempotency key gets its first answer again, refusals included;
 * the same key with other parameters is an idempotency_error. The platform balance is taken to be
 * enough for any transfer. A request outside what is modelled here is not guessed at: it is listed
 * in `unmodelled`, answered 500, and the test that sent it fails.
 *
 * `pay`, `decline` and `completeOnboarding` stand for what happens at Stripe outside our server:
 * the giver's card in Stripe.js, the owner on Stripe's hosted onboarding.
 */
export function fakeStripe() {
  const intents = new Map<string, StripeJson>();
  /** Each paid intent's charge, with the balance transaction that says what Stripe took. */
  const charges = new Map<string, StripeJson>();
  const accounts = new Map<string, StripeJson>();
  const transfers: StripeJson[] = [];
  const refunded = new Set<string>();
  const disputes = new Map<string, StripeJson>();
  const reversals: StripeJson[] = [];
  /** The platform balance's movements, newest first as Stripe lists them, each with the object it came from. */
  const balance: { transaction: StripeJson; source: StripeJson }[] = [];
  const addToBalance = (source: StripeJson, type: string, amount: number, fee: number) => {
    const transaction = {
      id: stripeId('txn'),
      object: 'balance_transaction',
      type,
      amount,
      currency: source.currency,
      fee,
      net: amount - fee,
      source: source.id,
      status: 'pending',
      created: now(),
    };
    balance.unshift({ transaction, source });
    return transaction;
  };
  const answered = new Map<string, { request: string; answer: Answer }>();
  const unmodelled: string[] = [];

  function unmodelledAnswer(request: ReceivedStripeRequest, why: string): Answer {
    unmodelled.push(`${request.method} ${request.path}: ${why}`);
    return { status: 500, error: { type: 'api_error', message: `The fake Stripe does not model this: ${why}` } };
  }

  const routes: Record<string, (request: ReceivedStripeRequest, id: string) => Answer> = {
    'POST /v1/payment_intents': ({ form }) => {
      const intent = paymentIntent({
        amount: Number(form.get('amount')),
        currency: form.get('currency'),
        transfer_group: form.get('transfer_group'),
        receipt_email: form.get('receipt_email'),
        created: now(),
      });
      intents.set(intent.id, intent);
      return { status: 200, object: intent };
    },
    'GET /v1/payment_intents/:id': (request, id) => {
      const intent = intents.get(id);
      if (!intent) return missing('payment_intent', id, 'intent');
      const expand = [...request.query.entries()].filter(([name]) => name.startsWith('expand')).map(([, value]) => value);
      if (expand.length === 0) return { status: 200, object: intent };
      if (expand.join() !== 'latest_charge.balance_transaction') return unmodelledAnswer(request, `expanding ${expand.join(', ')}`);
      const charge = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : null;
      return { status: 200, object: { ...intent, latest_charge: charge ?? null } };
    },
    'POST /v1/payment_intents/:id/cancel': ({ form }, id) => {
      const intent = intents.get(id);
      if (!intent) return missing('payment_intent', id, 'intent');
      if (!CANCELABLE.includes(intent.status as string)) {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          },
        };
      }
      Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: form.get('cancellation_reason') });
      return { status: 200, object: intent };
    },
    'POST /v1/refunds': (request) => {
      const intentId = request.form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return missing('payment_intent', intentId, 'payment_intent');
      if (intent.status !== 'succeeded') return unmodelledAnswer(request, `a refund of a payment intent that is ${String(intent.status)}`);
      if (refunded.has(intentId)) {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Charge ${String(intent.latest_charge)} has already been refunded.`,
          },
        };
      }
      refunded.add(intentId);
      const refund = {
        id: stripeId('re'),
        object: 'refund',
        amount: intent.amount_received,
        currency: intent.currency,
        payment_intent: intentId,
        charge: intent.latest_charge,
        status: 'succeeded',
        created: now(),
      };
      addToBalance(refund, 'refund', -(intent.amount_received as number), 0);
      return { status: 200, object: refund };
    },
    'POST /v1/accounts': ({ form }) => {
      const opened = account({
        id: stripeId('acct'),
        country: form.get('country'),
        email: form.get('email'),
        requirements: requirements(UNVERIFIED_REQUIREMENTS),
        created: now(),
      });
      accounts.set(opened.id, opened);
      return { status: 200, object: opened };
    },
    'GET /v1/accounts/:id': (_request, id) => {
      const found = accounts.get(id);
      if (found) return { status: 200, object: found };
      // Stripe does not say whether the account is missing or not ours: it refuses access to either.
      return {
        status: 403,
        error: {
          type: 'invalid_request_error',
          message: `The provided key 'sk_test_********************' does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
        },
      };
    },
    'POST /v1/account_links': (request) => {
      const accountId = request.form.get('account') ?? '';
      if (!accounts.has(accountId)) return unmodelledAnswer(request, `a link for an account it never opened (${accountId})`);
      // Express accounts have a Stripe-hosted dashboard, where their owner changes their details.
      if (request.form.get('type') === 'account_update' && accounts.get(accountId)?.type === 'express') {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            param: 'type',
            message: 'You cannot create `account_update` type Account Links for accounts that have access to a Stripe-hosted dashboard.',
          },
        };
      }
      const created = now();
      return {
        status: 200,
        object: {
          object: 'account_link',
          url: `https://connect.stripe.com/setup/e/${accountId}/${stripeId('link')}`,
          created,
          expires_at: created + 300,
        },
      };
    },
    'POST /v1/accounts/:id/login_links': (_request, id) => {
      if (!accounts.has(id)) {
        return {
          status: 404,
          error: { type: 'invalid_request_error', code: 'resource_missing', param: 'account', message: `No such account: '${id}'` },
        };
      }
      return {
        status: 200,
        object: { object: 'login_link', created: now(), url: `https://connect.stripe.com/express/${id}/${stripeId('login')}` },
      };
    },
    'POST /v1/transfers': (request) => {
      const destination = request.form.get('destination') ?? '';
      const to = accounts.get(destination);
      if (!to) return unmodelledAnswer(request, `a transfer to an account it never opened (${destination})`);
      if ((to.capabilities as StripeJson).transfers !== 'active') {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            code: 'insufficient_capabilities_for_transfer',
            message:
              'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          },
        };
      }
      const transfer = {
        id: stripeId('tr'),
        object: 'transfer',
        amount: Number(request.form.get('amount')),
        currency: request.form.get('currency'),
        destination,
        transfer_group: request.form.get('transfer_group'),
        reversed: false,
        created: now(),
      };
      transfers.unshift(transfer); // Stripe lists newest first.
      addToBalance(transfer, 'transfer', -transfer.amount, 0);
      return { status: 200, object: transfer };
    },
    'GET /v1/disputes/:id': (_request, id) => {
      const dispute = disputes.get(id);
      return dispute ? { status: 200, object: dispute } : missing('dispute', id, 'dispute');
    },
    // As in Stripe's test mode: the update answers under review, and the evidence's words decide it at once after.
    'POST /v1/disputes/:id': (request, id) => {
      const dispute = disputes.get(id);
      if (!dispute) return missing('dispute', id, 'dispute');
      const text = request.form.get('evidence[uncategorized_text]');
      if (text === null || request.form.get('submit') !== 'true')
        return unmodelledAnswer(request, 'an update that is not submitted text evidence');
      if (dispute.status !== 'needs_response' && dispute.status !== 'warning_needs_response') {
        return {
          status: 400,
          error: {
            type: 'invalid_request_error',
            message: `This dispute is already ${String(dispute.status)} and can no longer be updated.`,
          },
        };
      }
      Object.assign(dispute, { status: 'under_review', evidence: { uncategorized_text: text } });
      const answer = structuredClone(dispute);
      const decision = text.includes('winning_evidence') ? 'won' : text.includes('losing_evidence') ? 'lost' : null;
      if (decision === 'won') {
        const amount = dispute.amount as number;
        (dispute.balance_transactions as StripeJson[]).push({
          ...addToBalance(dispute, 'adjustment', amount, 0),
          reporting_category: 'dispute_reversal',
        });
      }
      if (decision) Object.assign(dispute, { status: decision });
      return { status: 200, object: answer };
    },
    'POST /v1/transfers/:id/reversals': (request, id) => {
      const transfer = transfers.find((each) => each.id === id);
      if (!transfer) return missing('transfer', id, 'id');
      const amount = Number(request.form.get('amount'));
      const left = (transfer.amount as number) - ((transfer.amount_reversed as number | undefined) ?? 0);
      if (amount > left) {
        return {
          status: 400,
          error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Amount must be no more than ${left}.` },
        };
      }
      const reversal = {
        id: stripeId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: id,
        created: now(),
      };
      Object.assign(transfer, { amount_reversed: (transfer.amount as number) - left + amount, reversed: amount === left });
      reversals.push(reversal);
      addToBalance(reversal, 'transfer_refund', amount, 0);
      return { status: 200, object: reversal };
    },
    // Newest first, a page at a time: limit, and starting_after the last one of the page before.
    'GET /v1/balance_transactions': (request) => {
      const { query } = request;
      const expand = [...query.entries()].filter(([name]) => name.startsWith('expand')).map(([, value]) => value);
      if (expand.join() !== 'data.source')
        return unmodelledAnswer(request, `listing balance transactions expanding ${expand.join(', ') || 'nothing'}`);
      const gte = Number(query.get('created[gte]') ?? -Infinity);
      const lt = Number(query.get('created[lt]') ?? Infinity);
      const matching = balance.filter(({ transaction }) => (transaction.created as number) >= gte && (transaction.created as number) < lt);
      const after = query.get('starting_after');
      const start = after === null ? 0 : matching.findIndex(({ transaction }) => transaction.id === after) + 1;
      if (after !== null && start === 0) return missing('balance_transaction', after, 'starting_after');
      const limit = Number(query.get('limit') ?? 10);
      const page = matching.slice(start, start + limit).map(({ transaction, source }) => ({ ...transaction, source }));
      return {
        status: 200,
        object: { object: 'list', url: '/v1/balance_transactions', has_more: matching.length > start + limit, data: page },
      };
    },
    'GET /v1/transfers': ({ query }) => {
      const group = query.get('transfer_group');
      const matching = transfers.filter((transfer) => group === null || transfer.transfer_group === group);
      const limit = Number(query.get('limit') ?? 10);
      return {
        status: 200,
        object: { object: 'list', url: '/v1/transfers', has_more: matching.length > limit, data: matching.slice(0, limit) },
      };
    },
  };

  /** Stripe's idempotency layer: the first answer to a key is every repeat's answer. */
  function idempotent(request: ReceivedStripeRequest, respond: () => Answer): Answer {
    if (request.method !== 'POST' || request.idempotencyKey === null) return respond();
    const fingerprint = `${request.path}?${request.form.toString()}`;
    const earlier = answered.get(request.idempotencyKey);
    if (earlier && earlier.request !== fingerprint) {
      return {
        status: 400,
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
        },
      };
    }
    if (earlier) return earlier.answer;
    const answer = respond();
    answered.set(request.idempotencyKey, { request: fingerprint, answer });
    return answer;
  }

  const handlers: HttpHandler[] = Object.entries(routes).map(([route, respond]) => {
    const [method, path] = route.split(' ') as ['GET' | 'POST', string];
    const on = method === 'GET' ? http.get : http.post;
    return on(`${STRIPE_API}${path.replace(/^\/v1/, '')}`, async ({ request, params }) => {
      const seen = await received(request);
      const answer = idempotent(seen, () => snapshot(respond(seen, String(params.id ?? ''))));
      return 'error' in answer ? stripeError(answer.status, answer.error) : stripeObject(answer.object, { status: answer.status });
    });
  });

  function intentOrFail(id: string): StripeJson {
    const intent = intents.get(id);
    if (!intent) throw new Error(`The fake Stripe has no payment intent ${id}`);
    if (!CANCELABLE.includes(intent.status as string))
      throw new Error(`Stripe would not confirm payment intent ${id}: it is ${String(intent.status)}`);
    return intent;
  }

  return {
    handlers,
    unmodelled,
    /** The giver's card goes through (Stripe.js confirms the intent). */
    pay(intentId: string): void {
      const intent = intentOrFail(intentId);
      const amount = intent.amount as number;
      const currency = intent.currency as string;
      // Stripe's published price, taken from the charge as it lands in the balance.
      const fee = processorCut(amount, STRIPE_PUBLISHED_RATES[currency.toUpperCase() as 'USD' | 'CAD']);
      const chargeId = stripeId('ch');
      const created = now();
      const charge = { id: chargeId, object: 'charge', amount, currency, payment_intent: intentId, status: 'succeeded', created };
      charges.set(chargeId, { ...charge, balance_transaction: addToBalance(charge, 'charge', amount, fee) });
      Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: chargeId, last_payment_error: null });
    },
    /** The giver's card is declined: Stripe asks for another payment method and says why. */
    decline(intentId: string): void {
      Object.assign(intentOrFail(intentId), {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      });
    },
    /**
     * The giver's bank disputes a paid intent's charge (Stripe's test card 4000 0000 0000 0259):
     * Stripe takes the amount and its 15.00 dispute fee from the balance. Answers the dispute's id.
     */
    dispute(intentId: string): string {
      const intent = intents.get(intentId);
      if (intent?.status !== 'succeeded') throw new Error(`Stripe disputes only a paid charge; ${intentId} is not one`);
      const amount = intent.amount as number;
      const id = stripeId('du');
      const created = now();
      const dispute: StripeJson = {
        id,
        object: 'dispute',
        amount,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intentId,
        reason: 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        created,
        evidence_details: { due_by: created + 7 * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 },
        balance_transactions: [],
      };
      // The amount and the fee leave the platform's balance as one adjustment whose source is the dispute.
      (dispute.balance_transactions as StripeJson[]).push({
        ...addToBalance(dispute, 'adjustment', -amount, 1500),
        reporting_category: 'dispute',
      });
      disputes.set(id, dispute);
      return id;
    },
    /** The owner finishes Stripe's hosted onboarding: bank details given, identity verified. */
    completeOnboarding(accountId: string): void {
      const found = accounts.get(accountId);
      if (!found) throw new Error(`The fake Stripe has no account ${accountId}`);
      Object.assign(found, {
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { transfers: 'active' },
        requirements: requirements([]),
      });
    },
  };
}

/** The answer as it stands now: a repeated key replays this, not the intent or account as it became. */
function snapshot(answer: Answer): Answer {
  return 'error' in answer ? answer : { status: answer.status, object: structuredClone(answer.object) };
}

function requirements(currentlyDue: string[]) {
  return {
    currently_due: currentlyDue,
    eventually_due: currentlyDue,
    past_due: [],
    disabled_reason: currentlyDue.length > 0 ? 'requirements.past_due' : null,
  };
}
