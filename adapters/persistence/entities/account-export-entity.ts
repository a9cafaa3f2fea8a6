import { EntitySchema } from '@mikro-orm/core';
import { EXPORT_FORMATS, EXPORT_REQUEST_STATUSES, type AccountExportRequest } from '@core/model/account-export-request';
import { oneOf } from './one-of-check';
import { primaryKeyOf } from './primary-key-of';
import { UserEntity } from './user-entity';

/**
 * An export built in the background: the file itself is kept here, in the database every instance
 * shares, until its link expires; the link's token is kept by its SHA-256 digest only.
 */
export type AccountExportRow = AccountExportRequest & {
  tokenHash: string | null;
  contentType: string | null;
  content: Uint8Array | null;
  claimedAt: Date | null;
};

export const AccountExportEntity = new EntitySchema<AccountExportRow>({
  name: 'AccountExport',
  tableName: 'account_exports',
  checks: [
    { name: 'account_exports_format_check', expression: oneOf('format', EXPORT_FORMATS) },
    { name: 'account_exports_status_check', expression: oneOf('status', EXPORT_REQUEST_STATUSES) },
  ],
  indexes: [
    // One export of each format waiting or being built per account, however often it is asked for.
    {
      name: 'account_exports_one_waiting_unique',
      expression: `create unique index "account_exports_one_waiting_unique" on "account_exports" ("user_id", "format") where "status" in ('queued', 'building')`,
    },
    { name: 'account_exports_status_requested_at_index', properties: ['status', 'requestedAt'] },
  ],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // An account's exports go with it.
    userId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => UserEntity),
      mapToPk: true,
      fieldName: 'user_id',
      deleteRule: 'cascade',
      index: 'account_exports_user_id_index',
    },
    format: { type: 'string', length: 4 },
    status: { type: 'string', length: 10, default: 'queued' },
    attempts: { type: 'integer', defaultRaw: '0' },
    requestedAt: { type: 'datetime' },
    claimedAt: { type: 'datetime', nullable: true },
    readyAt: { type: 'datetime', nullable: true },
    expiresAt: { type: 'datetime', nullable: true },
    tokenHash: { type: 'string', length: 64, nullable: true, unique: 'account_exports_token_hash_unique' },
    fileName: { type: 'string', length: 255, nullable: true },
    contentType: { type: 'string', length: 100, nullable: true },
    sizeBytes: { type: 'integer', nullable: true },
    content: { type: 'blob', nullable: true, lazy: true },
  },
});
