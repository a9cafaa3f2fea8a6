import { accountOperations } from './account';
import { adminOperations } from './admin';
import { charityReceiptOperations } from './charity-receipts';
import { disputeOperations } from './disputes';
import { financeOperations } from './finance';
import { authOperations, SESSION_COOKIE } from './auth';
import { charityOperations } from './charities';
import { coOwnerOperations } from './co-owners';
import { ERROR_DESCRIPTION, errorSchema } from './errors';
import { giftOperations } from './gifts';
import { hebrewDateOperations } from './hebrew-dates';
import type { Operation, SessionUse } from './operation';
import { newsletterOperations } from './newsletter';
import { mailOperations } from './mail';
import { offlineGiftOperations } from './offline-gifts';
import { guestOperations } from './guests';
import { invitationMailOperations } from './invitation-mail';
import { invitationOperations } from './invitations';
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
  ...mailOperations,
  ...charityOperations,
  ...registryOperations,
  ...hebrewDateOperations,
  ...coOwnerOperations,
  ...uploadOperations,
  ...giftOperations,
  ...offlineGiftOperations,
  ...guestOperations,
  ...invitationMailOperations,
  ...invitationOperations,
  ...thankYouOperations,
  ...payoutOperations,
  ...adminOperations,
  ...charityReceiptOperations,
  ...disputeOperations,
  ...financeOperations,
  ...sandboxOperations,
];

const PARAMETER = /\{([^}]+)\}/g;

const SESSION_SCHEME = 'sessionCookie';

/** OpenAPI's security requirement for each use of the session: an empty object is "anonymous too". */
const SECURITY: Record<SessionUse, object[]> = {
  required: [{ [SESSION_SCHEME]: [] }],
  optional: [{}, { [SESSION_SCHEME]: [] }],
  none: [],
};

const REFUSED =
  'Refused, nothing changed: 400 bad input (errors names each refused field), 401 not signed in, 403 not allowed ' +
  '(or a change sent from another site), 404 no such thing, 409 the state forbids it, 413 too large, 415 not an image, ' +
  '429 too many tries (Retry-After says when to try again). message says why in words a person can read.';

function describeOperation(op: Operation) {
  const parameters = [
    ...[...op.path.matchAll(PARAMETER)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
    ...Object.entries(op.query ?? {}).map(([name, query]) => ({
      name,
      in: 'query',
      required: query.required ?? false,
      description: query.description,
      schema: { type: 'string' },
    })),
  ];
  const errorContent = { 'application/json': { schema: op.errorBody ?? errorSchema } };
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(op.responses)) {
    // An answer may be JSON, a file, or either (an export: JSON, or a zip as asked).
    const content = {
      ...(response.schema ? { 'application/json': { schema: response.schema } } : {}),
      ...(response.file ? { [response.file]: { schema: { type: 'string' } } } : {}),
    };
    responses[status] =
      Object.keys(content).length > 0 ? { description: response.description, content } : { description: response.description };
  }
  if (op.session === 'required')
    responses['401'] ??= { description: 'Not signed in: sign in and send the session cookie', content: errorContent };
  responses['4XX'] = { description: REFUSED, content: errorContent };
  responses.default = { description: ERROR_DESCRIPTION, content: errorContent };
  return {
    operationId: op.operationId,
    summary: op.summary,
    security: SECURITY[op.session],
    ...(op.provider ? { 'x-payment-provider': op.provider } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: {
              'application/json': { schema: requestBodySchema(op.body) },
              ...(op.bodyFile ? { [op.bodyFile]: { schema: { type: 'string' } } } : {}),
            },
          },
        }
      : op.bodyFile
        ? // A body that comes only as a file or a form (a page's own form posted without script).
          { requestBody: { required: !op.bodyOptional, content: { [op.bodyFile]: { schema: { type: 'string' } } } } }
        : {}),
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
      description:
        'The registry’s HTTP API. Amounts are numbers with at most two decimals in the registry’s currency; instants are ISO 8601 strings. ' +
        'Calls that change something must come from the site itself (a browser sends Origin or Sec-Fetch-Site; a client that sends neither is not a browser and passes).',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    // Relative: every installation serves its own API, at the address this document came from.
    servers: [{ url: '/', description: 'The server that served this document' }],
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'Set by POST /api/login or POST /api/register; HttpOnly and signed, so a client keeps and returns the cookies it was given.',
        },
      },
    },
    paths,
  };
}
