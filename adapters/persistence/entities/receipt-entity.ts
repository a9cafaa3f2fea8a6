import { EntitySchema } from '@mikro-orm/core';
import { CHARITY_COUNTRIES } from '@core/model/charity';
import { CURRENCIES } from '@core/money';
import { RECEIPT_STATUSES, type Receipt } from '@core/model/receipt';
import { primaryKeyOf } from './primary-key-of';
import { CharityEntity } from './charity-entity';
import { GiftEntity } from './gift-entity';
import { oneOf } from './one-of-check';
import { CentsType } from '../types/cents-type';

export type ReceiptRow = Omit<Receipt, 'issuedOn'> & { issuedOn: string | Date };

export const ReceiptEntity = new EntitySchema<ReceiptRow>({
  name: 'Receipt',
  tableName: 'receipts',
  indexes: [{ name: 'receipts_registry_id_index', properties: ['registryId'] }],
  checks: [
    { name: 'receipts_status_check', expression: oneOf('status', RECEIPT_STATUSES) },
    { name: 'receipts_charity_country_check', expression: oneOf('charity_country', CHARITY_COUNTRIES) },
    { name: 'receipts_currency_check', expression: oneOf('currency', CURRENCIES) },
    { name: 'receipts_amount_check', expression: `"amount" > 0` },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    number: { type: 'string', length: 20, unique: 'receipts_number_unique' },
    // A receipt is the charity's record and outlives its gift: a deletion never waits on it.
    giftId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => GiftEntity),
      mapToPk: true,
      fieldName: 'gift_id',
      nullable: true,
      deleteRule: 'set null',
      unique: 'receipts_gift_id_unique',
    },
    // No foreign key: a registry deleted with the family's account leaves its receipts on record.
    registryId: { type: 'uuid' },
    charityId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => CharityEntity),
      mapToPk: true,
      fieldName: 'charity_id',
      index: 'receipts_charity_id_index',
    },
    issuedOn: { type: 'date' },
    charityLegalName: { type: 'string', length: 255 },
    charityTaxId: { type: 'string', length: 20 },
    charityCountry: { type: 'string', length: 2 },
    charityAddress: { type: 'string', length: 500 },
    giverName: { type: 'string', length: 255 },
    amount: { type: new CentsType(), precision: 10, scale: 2 },
    currency: { type: 'string', length: 3 },
    status: { type: 'string', length: 10, default: 'issued' },
    voidedAt: { type: 'datetime', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
  },
});

/** Each year's last receipt number: the row is locked by the transaction that takes the next one. */
export interface ReceiptCounterRow {
  year: number;
  lastNumber: number;
}

export const ReceiptCounterEntity = new EntitySchema<ReceiptCounterRow>({
  name: 'ReceiptCounter',
  tableName: 'receipt_counters',
  checks: [{ name: 'receipt_counters_last_number_check', expression: `"last_number" > 0` }],
  properties: {
    year: { type: 'integer', primary: true, autoincrement: false },
    lastNumber: { type: 'integer' },
  },
});
