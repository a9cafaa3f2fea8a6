import { EntitySchema } from '@mikro-orm/core';
import { LedgerEntryEntity } from './ledger-entry-entity';
import { primaryKeyOf } from './primary-key-of';

export interface LedgerPostingRow {
  id: string;
  entryId: string;
  account: string;
  /** Signed cents, debits positive: a bigint, read back as text and parsed exactly. */
  amount: string;
}

/** One side of a ledger entry; append-only like its entry (see ledger-entry-entity.ts). */
export const LedgerPostingEntity = new EntitySchema<LedgerPostingRow>({
  name: 'LedgerPosting',
  tableName: 'ledger_postings',
  indexes: [{ name: 'ledger_postings_account_index', properties: ['account'] }],
  checks: [{ name: 'ledger_postings_amount_check', expression: `"amount" <> 0` }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    entryId: { kind: 'm:1', entity: primaryKeyOf(() => LedgerEntryEntity), mapToPk: true, fieldName: 'entry_id', index: 'ledger_postings_entry_id_index' },
    account: { type: 'string', length: 255 },
    amount: { type: 'bigint' },
  },
});
