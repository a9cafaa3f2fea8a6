import { EntitySchema } from '@mikro-orm/core';
import { RECONCILIATION_STATUSES, type ReconciliationStatus } from '@core/model/reconciliation';
import { oneOf } from './one-of-check';

export interface ReconciliationRunRow {
  day: string;
  status: ReconciliationStatus;
  startedAt: Date;
  finishedAt: Date | null;
  transactions: number;
  /** The run's differences as core describes them (ReconciliationDifference[]), kept as the run found them. */
  differences: unknown[];
  failure: string | null;
}

/**
 * One UTC day's reconciliation with the provider, one row per day: the row is the day's claim, so
 * of the instances that look at once exactly one inserts it and runs the day.
 */
export const ReconciliationRunEntity = new EntitySchema<ReconciliationRunRow>({
  name: 'ReconciliationRun',
  tableName: 'reconciliation_runs',
  checks: [{ name: 'reconciliation_runs_status_check', expression: oneOf('status', RECONCILIATION_STATUSES) }],
  properties: {
    // YYYY-MM-DD, UTC.
    day: { type: 'string', length: 10, primary: true },
    status: { type: 'string', length: 20 },
    startedAt: { type: 'datetime' },
    finishedAt: { type: 'datetime', nullable: true },
    transactions: { type: 'integer', default: 0 },
    differences: { type: 'json', defaultRaw: `'[]'` },
    failure: { type: 'text', nullable: true },
  },
});
