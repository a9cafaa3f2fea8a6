import { EntitySchema } from '@mikro-orm/core';
import type { Cents } from '@core/money';
import { LedgerEntryEntity } from './ledger-entry-entity';
import { primaryKeyOf } from './primary-key-of';
import { CentsType } from '../types/cents-type';

export interface LedgerPostingRow {
  id: string;
  entryId: string;
  account: string;
  /** Signed cents, debits positive, in a bigint column. */
  amount: Cents;
}

/** One side of a ledger entry; append-only like its entry (see ledger-entry-entity.ts). */
export const LedgerPostingEntity = new EntitySchema<LedgerPostingRow>({
  name: 'LedgerPosting',
  tableName: 'ledger_postings',
  indexes: [{ name: 'ledger_postings_account_index', properties: ['account'] }],
  checks: [{ name: 'ledger_postings_amount_check', expression: `"amount" <> 0` }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    entryId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => LedgerEntryEntity),
      mapToPk: true,
      fieldName: 'entry_id',
      index: 'ledger_postings_entry_id_index',
    },
    account: { type: 'string', length: 255 },
    amount: { type: new CentsType('bigint') },
  },
});
