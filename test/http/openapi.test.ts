import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { aRegistration } from '../support/builders';
import { HttpClient } from '../support/http-client';
import { checkResponse, UndescribedResponse } from '../support/openapi-check';
import { startTestServer, type TestServer } from '../support/test-server';
import { WEBHOOK_SECRET } from '../adapters/stripe/stripe-events';
import { createConfig, lintFromString } from '@redocly/openapi-core';

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { 'x-payment-provider'?: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
};

let sandbox: TestServer;
let stripe: TestServer;

beforeAll(async () => {
  [sandbox, stripe] = await Promise.all([
    startTestServer(),
    startTestServer({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_51GiftRegistryTestKeyNotReal',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_51GiftRegistry',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    }),
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

  it('takes money as the wire carries it, in the currency’s units with its cents (36.50), within the bounds core sets', async () => {
    const document = await documentOf(sandbox);
    const ajv = new Ajv2020({ strict: true, strictRequired: false });
    const moneyFields = [
      ['/api/create-payment-intent', 'post', 'amount', 25_000],
      ['/api/registries/{id}/offline-gifts', 'post', 'amount', 25_000],
      ['/api/offline-gifts/{id}', 'put', 'amount', 25_000],
      ['/api/admin/charity-payouts/{id}/status', 'patch', 'expectedAmount', 99_999_999.99],
    ] as const;
    for (const [path, method, field, largest] of moneyFields) {
      const operation = document.paths[path]?.[method] as unknown as {
        requestBody: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> };
      };
      const schema = operation.requestBody.content['application/json']!.schema.properties[field]!;
      const valid = ajv.compile(schema);
      expect([path, field, valid(36.5), valid(33.33), valid(largest), valid(largest + 1)]).toEqual([path, field, true, true, true, false]);
      expect([path, field, schema.description]).toEqual([path, field, expect.stringContaining('at most two decimals')]);
    }
  });

  it.each(['sandbox', 'stripe'] as const)(
    'describes every route the app answers with the %s provider, and no route it lacks',
    async (provider) => {
      const server = provider === 'sandbox' ? sandbox : stripe;
      const registered = server.routes.map((route) => `${route.method} ${asDocumentPath(route.path)}`);
      const document = await documentOf(server);
      expect(new Set(registered).size).toBe(registered.length);
      expect([...described(document, provider)].sort()).toEqual([...registered].sort());
    },
  );
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
    expect(() =>
      checkResponse('GET', '/api/registries/r/charity-breakdown', 200, { charities: [{ ...row, totalAmount: '10.80' }] }),
    ).toThrow(UndescribedResponse);
    const note = {
      id: 'n',
      giftId: 'g',
      templateId: 'nature',
      customMessage: 'Thanks',
      imageUrls: [],
      imageSize: 'medium',
      status: 'draft',
      sentAt: null,
      sendTo: null,
      notDeliveredAt: null,
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: 'yesterday',
    };
    expect(() => checkResponse('POST', '/api/thank-you-notes', 200, note)).toThrow(UndescribedResponse);
    expect(() => checkResponse('POST', '/api/thank-you-notes', 200, { ...note, updatedAt: note.createdAt })).not.toThrow();
  });
});

interface IntegratorOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
  'x-payment-provider'?: string;
}
interface IntegratorDocument {
  servers?: { url: string }[];
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
  paths: Record<string, Record<string, IntegratorOperation>>;
}

/** Redocly's no-ambiguous-paths: same length, the same literal segments, and as many parameters. */
function ambiguous(a: string, b: string): boolean {
  const [left, right] = [a.split('/'), b.split('/')];
  if (left.length !== right.length) return false;
  const isParameter = (segment: string) => /^\{.+\}$/.test(segment);
  let [leftParameters, rightParameters] = [0, 0];
  for (let index = 0; index < left.length; index += 1) {
    const [l, r] = [left[index]!, right[index]!];
    if (isParameter(l) || isParameter(r)) {
      if (isParameter(l)) leftParameters += 1;
      if (isParameter(r)) rightParameters += 1;
    } else if (l !== r) {
      return false;
    }
  }
  return leftParameters === rightParameters;
}

describe('what an integrator needs of the description', () => {
  it('names every call once, says where to call, which calls need the session cookie and what a refusal looks like', async () => {
    const document = (await documentOf(sandbox)) as unknown as IntegratorDocument;
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components?.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'registry.sid' }),
    });
    const ids: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        ids.push(operation.operationId ?? where);
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
        expect(operation.security, where).toBeDefined();
        for (const requirement of operation.security ?? [])
          expect(
            Object.keys(requirement).every((name) => name === 'sessionCookie'),
            where,
          ).toBe(true);
        expect(operation.responses['4XX'], where).toMatchObject({ content: { 'application/json': { schema: expect.any(Object) } } });
      }
    }
    expect(ids.length).toBeGreaterThan(60);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('has no two paths that one request could match', async () => {
    const paths = Object.keys(((await documentOf(sandbox)) as unknown as IntegratorDocument).paths);
    const pairs = paths.flatMap((a, index) =>
      paths
        .slice(index + 1)
        .filter((b) => ambiguous(a, b))
        .map((b) => `${a} and ${b}`),
    );
    expect(pairs).toEqual([]);
    expect(ambiguous('/api/registries/short/{shortCode}', '/api/registries/{id}/charity-breakdown')).toBe(true);
  });

  // Without a session, a call that needs one answers 401, unless its input is refused first (400) or
  // what it names does not exist for the caller (404; administrators' calls answer 404 to anyone else).
  it('asks for the session cookie where a call without one is refused, and nowhere it answers without one', async () => {
    const document = (await documentOf(sandbox)) as unknown as IntegratorDocument;
    const wrong: string[] = [];
    let unauthorized = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if ((operation['x-payment-provider'] ?? 'sandbox') !== 'sandbox') continue;
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const answer = await new HttpClient(sandbox.url).call(method.toUpperCase(), url, method === 'get' ? undefined : {});
        const needsSession = JSON.stringify(operation.security) === JSON.stringify([{ sessionCookie: [] }]);
        const refused = needsSession ? [400, 401, 404].includes(answer.status) : answer.status !== 401;
        if (!refused)
          wrong.push(
            `${method.toUpperCase()} ${path}: ${needsSession ? 'described as needing' : 'described as not needing'} a session, answered ${answer.status}`,
          );
        if (answer.status === 401) unauthorized += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(unauthorized).toBeGreaterThan(10);
  });

  // Redocly's own linter, as `redocly lint` runs it with its recommended rules.
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(await documentOf(sandbox)), absoluteRef: 'openapi.json', config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
  });
});
