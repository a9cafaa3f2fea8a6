import { EntitySchema } from '@mikro-orm/core';
import type { Cents } from '@core/money';
import { BALANCE_TRANSACTION_KINDS, type BalanceTransactionKind } from '@core/ports/payment-gateway';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

export interface SandboxBalanceTransactionRow {
  id: string;
  kind: BalanceTransactionKind;
  type: string;
  reference: string | null;
  currency: string;
  /** Signed cents, in bigint columns. */
  amount: Cents;
  fee: Cents;
  created: Date;
}

/**
 * The sandbox payment provider's record of the movements of the platform's balance (its charges,
 * refunds and transfers), as Stripe keeps balance transactions; never Stripe's. Reconciliation
 * lists them, so they must outlive a restart.
 */
export const SandboxBalanceTransactionEntity = new EntitySchema<SandboxBalanceTransactionRow>({
  name: 'SandboxBalanceTransaction',
  tableName: 'sandbox_balance_transactions',
  indexes: [{ name: 'sandbox_balance_transactions_created_index', properties: ['created'] }],
  checks: [{ name: 'sandbox_balance_transactions_kind_check', expression: oneOf('kind', BALANCE_TRANSACTION_KINDS) }],
  properties: {
    // The sandbox's own id (txn_sbx_…), the same for the same movement however often it is recorded.
    id: { type: 'string', length: 64, primary: true },
    kind: { type: 'string', length: 20 },
    type: { type: 'string', length: 50 },
    reference: { type: 'string', length: 255, nullable: true },
    currency: { type: 'string', length: 3 },
    amount: { type: new CentsType('bigint') },
    fee: { type: new CentsType('bigint') },
    created: { type: 'datetime' },
  },
});
