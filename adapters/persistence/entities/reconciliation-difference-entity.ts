import { EntitySchema } from '@mikro-orm/core';
import { DIFFERENCE_KINDS, type DifferenceKind } from '@core/model/reconciliation';
import { oneOf } from './one-of-check';

export interface ReconciliationDifferenceRow {
  key: string;
  kind: DifferenceKind;
  firstDay: string;
  recordedAt: Date;
}

/**
 * Every difference reconciliation ever found, once, by its key: a difference found again on a
 * later run is already here, and is not e-mailed again.
 */
export const ReconciliationDifferenceEntity = new EntitySchema<ReconciliationDifferenceRow>({
  name: 'ReconciliationDifference',
  tableName: 'reconciliation_differences',
  checks: [{ name: 'reconciliation_differences_kind_check', expression: oneOf('kind', DIFFERENCE_KINDS) }],
  properties: {
    key: { type: 'string', length: 255, primary: true },
    kind: { type: 'string', length: 30 },
    // The day whose run found it first (YYYY-MM-DD).
    firstDay: { type: 'string', length: 10 },
    recordedAt: { type: 'datetime' },
  },
});
