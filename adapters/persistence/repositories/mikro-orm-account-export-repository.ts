import type { AccountExportRequest, ExportFile, ExportFormat } from '@core/model/account-export-request';
import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { AccountExportRepository } from '@core/ports/account-export-repository';
import { AccountExportEntity, type AccountExportRow } from '../entities/account-export-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toRequest(row: AccountExportRow): AccountExportRequest {
  return {
    id: row.id,
    userId: row.userId,
    format: row.format,
    status: row.status,
    attempts: row.attempts,
    requestedAt: row.requestedAt,
    readyAt: row.readyAt ?? null,
    expiresAt: row.expiresAt ?? null,
    fileName: row.fileName ?? null,
    sizeBytes: row.sizeBytes ?? null,
  };
}

const COLUMNS = `"id", "user_id", "format", "status", "attempts", "requested_at", "ready_at", "expires_at", "file_name", "size_bytes"`;

interface RawRow {
  id: string;
  user_id: string;
  format: ExportFormat;
  status: AccountExportRequest['status'];
  attempts: number;
  requested_at: Date | string;
  ready_at: Date | string | null;
  expires_at: Date | string | null;
  file_name: string | null;
  size_bytes: number | null;
}

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));

function fromRaw(row: RawRow): AccountExportRequest {
  return {
    id: row.id,
    userId: row.user_id,
    format: row.format,
    status: row.status,
    attempts: row.attempts,
    requestedAt: new Date(row.requested_at),
    readyAt: instant(row.ready_at),
    expiresAt: instant(row.expires_at),
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
  };
}

export class MikroOrmAccountExportRepository implements AccountExportRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async request(userId: string, format: ExportFormat, at: Date): Promise<AccountExportRequest> {
    const em = this.em();
    // The partial unique index keeps one waiting export per account and format: a second ask finds it.
    await em.execute(
      `insert into "account_exports" ("user_id", "format", "status", "requested_at") values (?, ?, 'queued', ?)
       on conflict ("user_id", "format") where "status" in ('queued', 'building') do nothing`,
      [userId, format, at.toISOString()],
    );
    const [row] = await em.execute<RawRow[]>(
      `select ${COLUMNS} from "account_exports" where "user_id" = ? and "format" = ? and "status" in ('queued', 'building')`,
      [userId, format],
    );
    if (!row) throw new DomainError('user.not_found', 'User not found');
    return fromRaw(row);
  }

  async claimNext(now: Date, staleBefore: Date): Promise<AccountExportRequest | null> {
    const [row] = await this.em().execute<RawRow[]>(
      `update "account_exports" set "status" = 'building', "claimed_at" = ?, "attempts" = "attempts" + 1
       where "id" = (select "id" from "account_exports" where "status" = 'queued' or ("status" = 'building' and "claimed_at" < ?)
                     order by "requested_at" limit 1 for update skip locked)
       returning ${COLUMNS}`,
      [now.toISOString(), staleBefore.toISOString()],
    );
    return row ? fromRaw(row) : null;
  }

  async complete(id: string, file: ExportFile, tokenHash: string, at: Date, expiresAt: Date): Promise<AccountExportRequest> {
    const em = this.em();
    const changed = isUuid(id)
      ? await em.nativeUpdate(AccountExportEntity, { id }, {
          status: 'ready',
          readyAt: at,
          expiresAt,
          tokenHash,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.byteLength,
          content: Buffer.from(file.bytes),
        } as never)
      : 0;
    if (changed !== 1) throw new DomainError('export.not_found', 'No such export');
    return this.reread(id);
  }

  async fail(id: string, maxAttempts: number): Promise<AccountExportRequest> {
    const [row] = await this.em().execute<RawRow[]>(
      `update "account_exports" set "status" = case when "attempts" >= ? then 'failed' else 'queued' end, "claimed_at" = null where "id" = ? returning ${COLUMNS}`,
      [maxAttempts, id],
    );
    if (!row) throw new DomainError('export.not_found', 'No such export');
    return fromRaw(row);
  }

  async findReady(tokenHash: string, now: Date): Promise<{ request: AccountExportRequest; file: ExportFile } | null> {
    const row = await this.em().findOne(
      AccountExportEntity,
      { tokenHash, status: 'ready', expiresAt: { $gt: now } },
      { populate: ['content'] as never },
    );
    if (!row || !row.content) return null;
    return {
      request: toRequest(row),
      file: {
        fileName: row.fileName ?? 'export',
        contentType: row.contentType ?? 'application/octet-stream',
        bytes: new Uint8Array(row.content),
      },
    };
  }

  async listByUser(userId: string): Promise<AccountExportRequest[]> {
    if (!isUuid(userId)) return [];
    const rows = await this.em().find(AccountExportEntity, { userId }, { orderBy: { requestedAt: 'desc' } });
    return rows.map(toRequest);
  }

  async deleteForUser(userId: string): Promise<number> {
    return isUuid(userId) ? this.em().nativeDelete(AccountExportEntity, { userId }) : 0;
  }

  async purgeExpired(now: Date): Promise<number> {
    return this.em().nativeDelete(AccountExportEntity, {
      $or: [
        { status: 'ready', expiresAt: { $lte: now } },
        { status: 'failed', requestedAt: { $lte: new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000) } },
      ],
    });
  }

  private async reread(id: string): Promise<AccountExportRequest> {
    const row = await this.em().findOne(AccountExportEntity, { id }, { refresh: true });
    if (!row) throw new DomainError('export.not_found', 'No such export');
    return toRequest(row);
  }
}
