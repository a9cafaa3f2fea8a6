import { EntitySchema } from '@mikro-orm/core';
import type { SandboxAccount } from '@core/ports/sandbox-account-store';

export type SandboxAccountRow = SandboxAccount;

/** The sandbox payment provider's connected accounts (see SandboxAccountStore); never Stripe's. */
export const SandboxAccountEntity = new EntitySchema<SandboxAccountRow>({
  name: 'SandboxAccount',
  tableName: 'sandbox_accounts',
  checks: [{ name: 'sandbox_accounts_country_check', expression: `"country" in ('US', 'CA')` }],
  properties: {
    // The provider's own id (acct_…), not one of ours: hence not a uuid.
    id: { type: 'string', length: 255, primary: true },
    country: { type: 'string', length: 2 },
    email: { type: 'string', length: 255 },
    verified: { type: 'boolean', default: false },
    rejectsTransfers: { type: 'boolean', default: false },
    linkNonce: { type: 'string', length: 255, nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
