import type { AccountExportRequest, ExportFile, ExportFormat } from '@core/model/account-export-request';
import { DomainError } from '@core/errors';
import type { AccountExportRepository } from '@core/ports/account-export-repository';

type Row = AccountExportRequest & { tokenHash: string | null; file: ExportFile | null; claimedAt: Date | null };

const LINK_LIFE_MS = 7 * 24 * 60 * 60 * 1000;

function request(row: Row): AccountExportRequest {
  const { tokenHash: _hash, file: _file, claimedAt: _claimed, ...kept } = row;
  return { ...kept };
}

/** For tests only; it passes the same contract suite as MikroORM's. */
export class InMemoryAccountExportRepository implements AccountExportRepository {
  rows = new Map<string, Row>();

  async request(userId: string, format: ExportFormat, at: Date): Promise<AccountExportRequest> {
    const waiting = [...this.rows.values()].find(
      (row) => row.userId === userId && row.format === format && (row.status === 'queued' || row.status === 'building'),
    );
    if (waiting) return request(waiting);
    const row: Row = {
      id: crypto.randomUUID(),
      userId,
      format,
      status: 'queued',
      attempts: 0,
      requestedAt: at,
      readyAt: null,
      expiresAt: null,
      fileName: null,
      sizeBytes: null,
      tokenHash: null,
      file: null,
      claimedAt: null,
    };
    this.rows.set(row.id, row);
    return request(row);
  }

  async claimNext(now: Date, staleBefore: Date): Promise<AccountExportRequest | null> {
    const next = [...this.rows.values()]
      .filter((row) => row.status === 'queued' || (row.status === 'building' && row.claimedAt !== null && row.claimedAt < staleBefore))
      .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime())[0];
    if (!next) return null;
    const claimed: Row = { ...next, status: 'building', claimedAt: now, attempts: next.attempts + 1 };
    this.rows.set(next.id, claimed);
    return request(claimed);
  }

  async complete(id: string, file: ExportFile, tokenHash: string, at: Date, expiresAt: Date): Promise<AccountExportRequest> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('export.not_found', 'No such export');
    const done: Row = {
      ...row,
      status: 'ready',
      readyAt: at,
      expiresAt,
      tokenHash,
      fileName: file.fileName,
      sizeBytes: file.bytes.byteLength,
      file: { ...file, bytes: new Uint8Array(file.bytes) },
    };
    this.rows.set(id, done);
    return request(done);
  }

  async fail(id: string, maxAttempts: number): Promise<AccountExportRequest> {
    const row = this.rows.get(id);
    if (!row) throw new DomainError('export.not_found', 'No such export');
    const failed: Row = { ...row, status: row.attempts >= maxAttempts ? 'failed' : 'queued', claimedAt: null };
    this.rows.set(id, failed);
    return request(failed);
  }

  async findReady(tokenHash: string, now: Date): Promise<{ request: AccountExportRequest; file: ExportFile } | null> {
    const row = [...this.rows.values()].find(
      (candidate) =>
        candidate.tokenHash === tokenHash && candidate.status === 'ready' && candidate.expiresAt !== null && candidate.expiresAt > now,
    );
    return row?.file ? { request: request(row), file: { ...row.file, bytes: new Uint8Array(row.file.bytes) } } : null;
  }

  async listByUser(userId: string): Promise<AccountExportRequest[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId === userId)
      .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())
      .map(request);
  }

  async deleteForUser(userId: string): Promise<number> {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      if (row.userId !== userId) continue;
      this.rows.delete(id);
      deleted += 1;
    }
    return deleted;
  }

  async purgeExpired(now: Date): Promise<number> {
    let deleted = 0;
    for (const [id, row] of this.rows) {
      const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
      const oldFailure = row.status === 'failed' && row.requestedAt.getTime() <= now.getTime() - LINK_LIFE_MS;
      if (!expired && !oldFailure) continue;
      this.rows.delete(id);
      deleted += 1;
    }
    return deleted;
  }
}
