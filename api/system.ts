import { exactObject, nullableText, oneOfValues, text, type Wire } from './json-schema';
import { operation } from './operation';
import { sandboxTestModeSchema } from './sandbox';

const processingRateSchema = exactObject({ basisPoints: { type: 'integer', minimum: 0 }, fixedCents: { type: 'integer', minimum: 0 } });

/** What the browser needs to know about this installation. */
export const publicConfigSchema = exactObject({
  paymentProvider: oneOfValues(['sandbox', 'stripe'] as const),
  stripePublishableKey: nullableText,
  supportEmail: text,
  supportPhone: text,
  /** Who answers privacy requests (access, deletion): PRIVACY_EMAIL, else the support address. */
  privacyEmail: text,
  /** Days after a registry's payout its guests' e-mails and messages are kept (GUEST_DATA_RETENTION_DAYS). */
  guestDataRetentionDays: { type: 'integer', minimum: 1 },
  /** Days between asking to delete an account and its deletion, during which signing in cancels it. */
  accountDeletionGraceDays: { type: 'integer', minimum: 1 },
  /** The card processor's price per currency, the one the server charges: the gift form's breakdown uses it. */
  processingRates: exactObject({ USD: processingRateSchema, CAD: processingRateSchema }),
  /** Under the sandbox, its test cards and dispute evidence words, for the checkout's hint; null under Stripe. */
  sandboxTestMode: { anyOf: [sandboxTestModeSchema, { type: 'null' }] },
});
export type PublicConfig = Wire<typeof publicConfigSchema>;

export { PAYMENT_MODE_ATTRIBUTE } from './payment-mode';

export const healthSchema = exactObject({ status: { const: 'ok' }, database: { const: 'ok' } });
export const unhealthySchema = exactObject({ status: { const: 'unavailable' }, database: { const: 'unavailable' }, message: text });
export const shuttingDownSchema = exactObject({ status: { const: 'shutting_down' }, message: text });
export const aliveSchema = exactObject({ status: { const: 'ok' } });

export const systemOperations = [
  operation({
    method: 'GET',
    path: '/api/health',
    operationId: 'getHealth',
    session: 'none',
    summary: 'Readiness: whether this instance should be sent requests (its database answers and it is not shutting down)',
    responses: {
      200: { description: 'All well', schema: healthSchema },
      503: {
        description: 'The database is not answering, or the instance is shutting down',
        schema: { anyOf: [unhealthySchema, shuttingDownSchema] },
      },
    },
  }),
  operation({
    method: 'GET',
    path: '/api/health/live',
    operationId: 'getLiveness',
    session: 'none',
    summary: 'Liveness: whether the process answers at all, whatever its database does',
    responses: { 200: { description: 'The process is running', schema: aliveSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/config',
    operationId: 'getConfig',
    session: 'none',
    summary: 'What the browser needs to know',
    responses: { 200: { description: 'The public settings', schema: publicConfigSchema } },
  }),
  operation({
    method: 'GET',
    path: '/api/openapi.json',
    operationId: 'getOpenApiDocument',
    session: 'none',
    summary: 'This description of the API',
    responses: {
      200: {
        description: 'An OpenAPI 3.1 document',
        schema: { type: 'object', properties: { openapi: { type: 'string' }, paths: { type: 'object' } }, required: ['openapi', 'paths'] },
      },
    },
  }),
];
