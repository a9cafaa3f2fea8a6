import { HttpResponse } from 'msw';

/**
 * Pieces for MSW handlers that answer as Stripe's REST API does: form-encoded requests to
 * https://api.stripe.com/v1/..., JSON objects back, and errors as {error: {type, code, message}}
 * with the status Stripe gives them. Each test answers only the calls it expects.
 */

export const STRIPE_API = 'https://api.stripe.com/v1';

export interface ReceivedStripeRequest {
  method: string;
  path: string;
  /** The query string, where GET requests carry their parameters. */
  query: URLSearchParams;
  /** The form-encoded body (`metadata[giftId]=…`), empty for GET. */
  form: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
}

export async function received(request: Request): Promise<ReceivedStripeRequest> {
  const url = new URL(request.url);
  const contentType = request.headers.get('content-type') ?? '';
  const body = request.method === 'GET' ? '' : await request.text();
  if (body !== '' && !contentType.startsWith('application/x-www-form-urlencoded'))
    throw new Error(`Stripe takes form bodies, got ${contentType}`);
  return {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    form: new URLSearchParams(body),
    idempotencyKey: request.headers.get('idempotency-key'),
    authorization: request.headers.get('authorization'),
    stripeVersion: request.headers.get('stripe-version'),
  };
}

let sequence = 0;
/** An id in Stripe's shape: prefix_ and 24 alphanumerics. */
export function stripeId(prefix: string): string {
  sequence += 1;
  return `${prefix}_${`Test${sequence}`.padEnd(24, 'x')}`;
}

export function stripeObject(body: Record<string, unknown>, init: { status?: number } = {}) {
  return HttpResponse.json(body, { status: init.status ?? 200, headers: { 'Request-Id': stripeId('req') } });
}

export function stripeError(status: number, error: { type: string; code?: string; message: string; param?: string }) {
  return HttpResponse.json(
    { error: { ...error, doc_url: error.code ? `https://docs.stripe.com/error-codes/${error.code.replaceAll('_', '-')}` : undefined } },
    { status, headers: { 'Request-Id': stripeId('req') } },
  );
}

export function paymentIntent(fields: Record<string, unknown> = {}) {
  const id = (fields.id as string | undefined) ?? stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: 10_639,
    amount_received: 0,
    currency: 'usd',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${'S'.repeat(25)}`,
    allowed_payment_method_types: ['card'],
    payment_method_types: ['card'],
    last_payment_error: null,
    livemode: false,
    metadata: {},
    created: Math.floor(Date.now() / 1000),
    ...fields,
  };
}

export function account(fields: Record<string, unknown> = {}) {
  return {
    id: stripeId('acct'),
    object: 'account',
    type: 'express',
    country: 'US',
    business_type: 'individual',
    email: 'parent@example.com',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities: { transfers: 'inactive' },
    requirements: {
      currently_due: ['external_account', 'individual.dob.day', 'tos_acceptance.date'],
      eventually_due: [],
      past_due: [],
      disabled_reason: 'requirements.past_due',
    },
    metadata: {},
    ...fields,
  };
}

export { recordUnhandledRequests } from '../../support/msw-unhandled';
