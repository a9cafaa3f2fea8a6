import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationSchema, loginSchema } from '@core/account/schemas';
import { giftSchema } from '@core/gift/gift-schemas';
import { charityPayoutCompletionSchema, payoutInfoSchema } from '@core/payout/payout-schemas';
import { createRegistrySchema } from '@core/registry/registry-schemas';
import { thankYouNoteSchema } from '@core/thank-you/note-schemas';
import { signedIn } from '../support/accounts';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { aRegistryBody, openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let owner: HttpClient;
let admin: HttpClient;
let registry: { id: string; shortCode: string };
let giftBody: Record<string, unknown>;
let paymentIntentId: string;
let clientSecret: string;

beforeAll(async () => {
  server = await startTestServer();
  const family = await openRegistry(server);
  owner = family.owner.client;
  registry = family.registry;
  admin = (await signedIn(server, { admin: true })).client;
  const charityId = ((await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string }[])[0]!.id;
  giftBody = {
    registryId: registry.id,
    charityId,
    giftGiverName: 'Aunt Miriam',
    giftGiverEmail: 'miriam@example.com',
    amount: 36,
    personalMessage: 'Mazel tov!',
  };
  const started = await new HttpClient(server.url).post('/api/create-payment-intent', giftBody);
  paymentIntentId = String(started.json.paymentIntentId);
  clientSecret = String(started.json.clientSecret);
  // A paid gift too, so the registry outlives the walk: an unpaid one no longer keeps its owner from deleting it.
  const guest = new HttpClient(server.url);
  const paid = await guest.post('/api/create-payment-intent', { ...giftBody, amount: 18 });
  expect(
    (await guest.post('/api/sandbox/confirm', { clientSecret: paid.json.clientSecret, cardNumber: '4242424242424242' })).status,
  ).toBeLessThan(300);
});
afterAll(async () => {
  await server?.close();
});

const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\u000c', '\r', '\u001b', '\u001f', '\u007f'];

/** Text with at least one control character somewhere in it. */
const hostileText = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL_CHARACTERS), fc.string({ maxLength: 12 }))
  .map(([before, control, after]) => `${before}${control}${after}`);

const anyValue = fc.oneof(
  hostileText,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 2 }),
);

/** Every field name any call takes, so generated bodies reach past the unknown-field check. */
const FIELDS = [
  ...new Set([
    ...Object.keys(registrationSchema.fields),
    ...Object.keys(loginSchema.fields),
    ...Object.keys(createRegistrySchema.fields),
    ...Object.keys(giftSchema.fields),
    ...Object.keys(thankYouNoteSchema.fields),
    ...Object.keys(payoutInfoSchema.fields),
    ...Object.keys(charityPayoutCompletionSchema.fields),
    'paymentIntentId',
    'currentPassword',
    'newPassword',
    'clientSecret',
    'cardNumber',
    'token',
    'outcome',
  ]),
];

/** A body each call accepts, so one hostile field is met by the code behind the validation too. */
function goodBody(method: string, path: string): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/register': { ...aRegistration() },
    'POST /api/login': { username: 'someone', password: 'correct-horse' },
    'POST /api/registries': aRegistryBody(),
    'PUT /api/registries/:id': { childName: 'Sarah Cohen', celebrationDate: '2027-05-16T00:00:00.000Z', personalMessage: 'Hello' },
    'PATCH /api/registries/:id/currency': { currency: 'CAD' },
    'POST /api/create-payment-intent': giftBody,
    'POST /api/payments/reconcile': { paymentIntentId },
    'POST /api/thank-you-notes': {
      giftId: registry.id,
      templateId: 'nature',
      customMessage: 'Thank you!',
      imageUrls: [],
      imageSize: 'medium',
    },
    'PUT /api/registries/:id/payout-info': {
      payoutMethod: 'check',
      mailingName: 'Rachel Cohen',
      mailingAddress: '1 Main St',
      mailingCity: 'Boston',
      mailingState: 'MA',
      mailingZip: '02110',
    },
    'PATCH /api/admin/charity-payouts/:id/status': { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-1', notes: null },
    'PUT /api/registries/:id/payout-method': { payoutMethod: 'paypal', paypalEmail: 'family@example.com' },
    'PUT /api/admin/failed-payouts/:id/payout-method': { payoutMethod: 'paypal', paypalEmail: 'family@example.com' },
    'POST /api/connect/account-update-link': { registryId: registry.id },
    'POST /api/sandbox/confirm': { clientSecret, cardNumber: '4000000000000002' },
    'POST /api/sandbox/onboarding': { token: 'abc.def', outcome: 'verified' },
  };
  return bodies[`${method} ${path}`] ?? {};
}

function bodies(method: string, path: string) {
  const good = goodBody(method, path);
  const goodFields = Object.keys(good);
  return fc.oneof(
    goodFields.length > 0
      ? fc.tuple(fc.constantFrom(...goodFields), hostileText).map(([field, text]) => ({ ...good, [field]: text }))
      : fc.constant({ note: '\u0000' }),
    fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

function paths(path: string) {
  const segment = fc.oneof(fc.constant(registry.id), fc.constant(registry.shortCode), hostileText, fc.string({ maxLength: 20 }));
  return fc
    .array(segment, { minLength: 2, maxLength: 2 })
    .map(([first, second]) => path.replace(':id', encodeURIComponent(first!)).replace(':shortCode', encodeURIComponent(second!)));
}

const queries = fc
  .record({ q: fc.oneof(hostileText, fc.string({ maxLength: 20 })), token: hostileText }, { requiredKeys: [] })
  .map((query) => {
    const search = new URLSearchParams(query as Record<string, string>).toString();
    return search ? `?${search}` : '';
  });

const ROUNDS_PER_ROUTE = 25;

describe('hostile input on every route', () => {
  it('never answers 5xx to bodies, paths and queries full of control characters, as visitor, owner or admin', async () => {
    const failures: string[] = [];
    let tried = 0;
    const callers = [() => new HttpClient(server.url), () => owner, () => admin];
    // The session holders stay signed in for the whole walk.
    const routes = server.routes.filter((route) => route.path !== '/api/logout');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const samples = fc.sample(
        fc.tuple(paths(route.path), queries, bodies(route.method, route.path), fc.nat(callers.length - 1)),
        ROUNDS_PER_ROUTE,
      );
      for (const [path, query, body, caller] of samples) {
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await callers[caller]!().call(route.method, `${path}${query}`, withBody ? body : undefined);
        tried += 1;
        if (response.status >= 500)
          failures.push(`${route.method} ${path}${query} ${JSON.stringify(body)} -> ${response.status} ${response.text.slice(0, 120)}`);
      }
    }
    expect(tried).toBe(routes.length * ROUNDS_PER_ROUTE);
    expect(failures).toEqual([]);
  });

  it.each([
    ['a sign-in username', 'POST', '/api/login', { username: 'rachel\u0000', password: 'correct-horse' }, 'username'],
    [
      'a giver’s personal message',
      'POST',
      '/api/create-payment-intent',
      () => ({ ...giftBody, personalMessage: 'Mazel\u0000 tov' }),
      'personalMessage',
    ],
    [
      'a thank-you message',
      'POST',
      '/api/thank-you-notes',
      () => ({ giftId: registry.id, templateId: 'nature', customMessage: 'Thanks\u0000', imageUrls: [], imageSize: 'medium' }),
      'customMessage',
    ],
    ['a search', 'GET', '/api/registries/search?q=co%00hen', undefined, 'q'],
    ['a short code', 'GET', '/api/short-links/ab%00cd', undefined, 'path'],
    ['a payment to reconcile', 'POST', '/api/payments/reconcile', { paymentIntentId: 'pi_\u0000' }, 'paymentIntentId'],
    ['a registry page link', 'GET', '/r/ab%00cd', undefined, 'path'],
  ])('answers a NUL in %s with 400 and a message for that field', async (_label, method, path, body, field) => {
    const sent = typeof body === 'function' ? body() : body;
    const response = await owner.call(method, path, sent);
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual({ [field]: 'Cannot contain control characters' });
  });

  it('keeps line breaks in a personal message, which has lines', async () => {
    const response = await new HttpClient(server.url).post('/api/create-payment-intent', {
      ...giftBody,
      personalMessage: 'Mazel tov!\r\nLove,\tDana',
    });
    expect(response.status).toBe(201);
  });
});
