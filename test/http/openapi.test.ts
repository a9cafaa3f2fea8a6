import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { checkResponse, UndescribedResponse } from '../support/openapi-check';
import { startTestServer, type TestServer } from '../support/test-server';
import { WEBHOOK_SECRET } from '../adapters/stripe/stripe-events';

type Document = { openapi: string; paths: Record<string, Record<string, { 'x-payment-provider'?: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };

let sandbox: TestServer;
let stripe: TestServer;

beforeAll(async () => {
  [sandbox, stripe] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { STRIPE_SECRET_KEY: 'sk_test_51GiftRegistryTestKeyNotReal', STRIPE_PUBLISHABLE_KEY: 'pk_test_51GiftRegistry', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } }),
  ]);
});
afterAll(async () => {
  await Promise.all([sandbox?.close(), stripe?.close()]);
});

/** As the document writes a path: {id} for Koa's :id, without a trailing slash. */
const asDocumentPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/(.)\/$/, '$1');

async function documentOf(server: TestServer): Promise<Document> {
  const response = await new HttpClient(server.url).get('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return response.json as unknown as Document;
}

function described(document: Document, provider: 'sandbox' | 'stripe'): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => (operation['x-payment-provider'] ?? provider) === provider)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
}

describe('the API description at /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document whose every schema compiles', async () => {
    const document = await documentOf(sandbox);
    expect(document.openapi).toBe('3.1.0');
    const ajv = new Ajv2020({ strict: true, strictRequired: false });
    addFormats.default(ajv);
    let schemas = 0;
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const response of Object.values(operation.responses)) {
          const schema = response.content?.['application/json']?.schema;
          if (!schema) continue;
          expect(() => ajv.compile(schema)).not.toThrow();
          schemas += 1;
        }
      }
    }
    expect(schemas).toBeGreaterThan(40);
  });

  it.each(['sandbox', 'stripe'] as const)('describes every route the app answers with the %s provider, and no route it lacks', async (provider) => {
    const server = provider === 'sandbox' ? sandbox : stripe;
    const registered = server.routes.map((route) => `${route.method} ${asDocumentPath(route.path)}`);
    const document = await documentOf(server);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...described(document, provider)].sort()).toEqual([...registered].sort());
  });
});

describe('the check every HTTP test makes of the answers it receives', () => {
  it('passes a real answer as the server sends it', async () => {
    const client = new HttpClient(sandbox.url);
    await client.post('/api/register', aRegistration());
    const answer = await client.get('/api/user');
    expect(answer.status).toBe(200);
    expect(() => checkResponse('GET', '/api/user', 200, answer.json)).not.toThrow();
  });

  it('fails an answer with a field the description lacks, one missing, or one of the wrong type', async () => {
    const client = new HttpClient(sandbox.url);
    await client.post('/api/register', aRegistration());
    const user = (await client.get('/api/user')).json as Record<string, unknown>;
    const { email: _email, ...withoutEmail } = user;
    expect(() => checkResponse('GET', '/api/user', 200, { ...user, passwordHash: 'x' })).toThrow(UndescribedResponse);
    expect(() => checkResponse('GET', '/api/user', 200, withoutEmail)).toThrow(UndescribedResponse);
    expect(() => checkResponse('GET', '/api/user', 200, { ...user, isAdmin: 'no' })).toThrow(UndescribedResponse);
  });

  it('fails a success the description does not list, and an error that is not {message}', () => {
    expect(() => checkResponse('GET', '/api/charities', 201, [])).toThrow(UndescribedResponse);
    expect(() => checkResponse('GET', '/api/registries/some-id/payout-info', 200, {})).toThrow(UndescribedResponse);
    expect(() => checkResponse('GET', '/api/charities', 500, { error: 'boom' })).toThrow(UndescribedResponse);
    expect(() => checkResponse('GET', '/api/charities', 500, { message: 'Something went wrong' })).not.toThrow();
  });

  it('checks money as numbers and instants as ISO strings', () => {
    const row = { charityId: 'c', charityName: 'Hillel', giftCount: 1, totalAmount: 10.8 };
    expect(() => checkResponse('GET', '/api/registries/r/charity-breakdown', 200, { charities: [row] })).not.toThrow();
    expect(() => checkResponse('GET', '/api/registries/r/charity-breakdown', 200, { charities: [{ ...row, totalAmount: '10.80' }] })).toThrow(UndescribedResponse);
    const note = { id: 'n', giftId: 'g', templateId: 'nature', customMessage: 'Thanks', imageUrls: [], imageSize: 'medium', status: 'draft', sentAt: null, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: 'yesterday' };
    expect(() => checkResponse('POST', '/api/thank-you-notes', 200, note)).toThrow(UndescribedResponse);
    expect(() => checkResponse('POST', '/api/thank-you-notes', 200, { ...note, updatedAt: note.createdAt })).not.toThrow();
  });
});
