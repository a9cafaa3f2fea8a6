import type { AccountExportRequest, ExportFile, ExportFormat } from '../model/account-export-request';

/** Exports built in the background for large accounts, kept (with their file) until their link expires. */
export interface AccountExportRepository {
  /** The account's export of the format that is waiting or being built, or a new queued one; one statement, so asking twice queues one. */
  request(userId: string, format: ExportFormat, at: Date): Promise<AccountExportRequest>;
  /**
   * Takes the oldest queued export (or one whose build began before staleBefore: its instance
   * died) for building, in one statement that skips rows another instance holds; null when none.
   */
  claimNext(now: Date, staleBefore: Date): Promise<AccountExportRequest | null>;
  /** Keeps the built file behind the link's token digest until expiresAt. */
  complete(id: string, file: ExportFile, tokenHash: string, at: Date, expiresAt: Date): Promise<AccountExportRequest>;
  /** A build that failed: queued again while it has tries left, failed otherwise; answers it. */
  fail(id: string, maxAttempts: number): Promise<AccountExportRequest>;
  /** The ready export whose link has this token digest, with its file, while it has not expired at `now`; otherwise null. */
  findReady(tokenHash: string, now: Date): Promise<{ request: AccountExportRequest; file: ExportFile } | null>;
  /** The account's exports, newest first. */
  listByUser(userId: string): Promise<AccountExportRequest[]>;
  /** Deletes every export of the account (its deletion); answers how many. */
  deleteForUser(userId: string): Promise<number>;
  /** Deletes every export expired at `now`, and failed ones older than it by a link's life; answers how many. */
  purgeExpired(now: Date): Promise<number>;
}
