import { EntitySchema } from '@mikro-orm/core';
import { ENTRY_KINDS, type EntryKind } from '@core/model/ledger-entry';
import type { Currency } from '@core/money';
import { oneOf } from './one-of-check';

export interface LedgerEntryRow {
  id: string;
  key: string;
  kind: EntryKind;
  currency: Currency;
  reference: string | null;
  postedAt: Date;
}

/**
 * One balanced entry of the ledger (its postings are in ledger_postings). Append-only: a trigger
 * written in the ledger's migration refuses any UPDATE or DELETE, as on the audit trail, and a
 * constraint trigger refuses at commit an entry whose postings do not add up to zero.
 */
export const LedgerEntryEntity = new EntitySchema<LedgerEntryRow>({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  indexes: [
    // Reconciliation finds the entries of a provider's payment or transfer by its id.
    { name: 'ledger_entries_reference_index', properties: ['reference'] },
    // The finance page and the accountant's export read a month's entries; reconciliation a day's.
    { name: 'ledger_entries_posted_at_index', properties: ['postedAt'] },
  ],
  checks: [
    { name: 'ledger_entries_kind_check', expression: oneOf('kind', ENTRY_KINDS) },
    { name: 'ledger_entries_currency_check', expression: `"currency" in ('USD', 'CAD')` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // The change that posted it: a change reported twice posts once.
    key: { type: 'string', length: 255, unique: 'ledger_entries_key_unique' },
    kind: { type: 'string', length: 50 },
    currency: { type: 'string', length: 3 },
    reference: { type: 'string', length: 255, nullable: true },
    postedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});
