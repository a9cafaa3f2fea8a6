import { accountOperations } from './account';
import { adminOperations } from './admin';
import { authOperations } from './auth';
import { charityOperations } from './charities';
import { coOwnerOperations } from './co-owners';
import { ERROR_DESCRIPTION, errorSchema } from './errors';
import { giftOperations } from './gifts';
import { hebrewDateOperations } from './hebrew-dates';
import type { Operation } from './operation';
import { newsletterOperations } from './newsletter';
import { offlineGiftOperations } from './offline-gifts';
import { payoutOperations } from './payouts';
import { registryOperations } from './registries';
import { requestBodySchema } from './request-schema';
import { sandboxOperations } from './sandbox';
import { systemOperations } from './system';
import { thankYouOperations } from './thank-you';
import { uploadOperations } from './uploads';

/** Every call of the API, by resource. */
export const operations: readonly Operation[] = [
  ...systemOperations,
  ...authOperations,
  ...accountOperations,
  ...newsletterOperations,
  ...charityOperations,
  ...registryOperations,
  ...hebrewDateOperations,
  ...coOwnerOperations,
  ...uploadOperations,
  ...giftOperations,
  ...offlineGiftOperations,
  ...thankYouOperations,
  ...payoutOperations,
  ...adminOperations,
  ...sandboxOperations,
];

const PARAMETER = /\{([^}]+)\}/g;

function describeOperation(op: Operation) {
  const parameters = [
    ...[...op.path.matchAll(PARAMETER)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(op.query ?? {}).map(([name, query]) => ({ name, in: 'query', required: query.required ?? false, description: query.description, schema: { type: 'string' } })),
  ];
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    responses[status] = response.schema
      ? { description: response.description, content: { 'application/json': { schema: response.schema } } }
      : { description: response.description };
  }
  responses.default = { description: ERROR_DESCRIPTION, content: { 'application/json': { schema: op.errorBody ?? errorSchema } } };
  return {
    summary: op.summary,
    ...(op.provider ? { 'x-payment-provider': op.provider } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: requestBodySchema(op.body) } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the API, built from the operations above. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = describeOperation(op);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Mitzvah Gifts',
      version: '1',
      description: 'The registry’s HTTP API. Amounts are numbers with at most two decimals in the registry’s currency; instants are ISO 8601 strings.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
  };
}
