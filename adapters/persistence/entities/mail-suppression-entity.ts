import { EntitySchema } from '@mikro-orm/core';
import { MAIL_PROBLEMS, SUPPRESSION_SCOPES } from '@core/model/suppression';
import type { Suppression } from '@core/model/suppression';
import { oneOf } from './one-of-check';

/**
 * The suppression list: addresses no message of a scope may go to (core/model/suppression.ts), one
 * row per address and scope, with the latest reason and when. The mail worker reads it before
 * every send.
 */
export const MailSuppressionEntity = new EntitySchema<Suppression>({
  name: 'MailSuppression',
  tableName: 'mail_suppressions',
  checks: [
    { name: 'mail_suppressions_scope_check', expression: oneOf('scope', SUPPRESSION_SCOPES) },
    { name: 'mail_suppressions_reason_check', expression: oneOf('reason', MAIL_PROBLEMS) },
  ],
  properties: {
    address: { type: 'string', length: 320, primary: true },
    scope: { type: 'string', length: 30, primary: true },
    reason: { type: 'string', length: 20 },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
