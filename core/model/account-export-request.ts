/**
 * Above this many gifts (paid online and given by hand, over every registry the account owns or
 * co-owns) the export is built in the background and e-mailed as a link rather than answered at
 * once: a request stays well under a second below it (docs/product.md#your-data-export-and-deletion).
 */
export const EXPORT_AT_ONCE_MAX_GIFTS = 2000;

/** How long the link to an export built in the background works. */
export const EXPORT_LINK_TTL_DAYS = 7;

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** An export asked for by e-mail (a large account): queued, built by one instance, then ready behind its link. */
export const EXPORT_REQUEST_STATUSES = ['queued', 'building', 'ready', 'failed'] as const;
export type ExportRequestStatus = (typeof EXPORT_REQUEST_STATUSES)[number];

export interface AccountExportRequest {
  id: string;
  userId: string;
  format: ExportFormat;
  status: ExportRequestStatus;
  /** Builds tried so far; one that fails is queued again until it has had MAX_EXPORT_ATTEMPTS. */
  attempts: number;
  requestedAt: Date;
  readyAt: Date | null;
  /** When its link stops working and the file is deleted. */
  expiresAt: Date | null;
  fileName: string | null;
  sizeBytes: number | null;
}

/** The file an export was built into. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** Builds tried before an export is marked failed and its holder told. */
export const MAX_EXPORT_ATTEMPTS = 3;

/** A build not finished within this long is taken to have died with its instance, and is taken over. */
export const EXPORT_BUILD_LEASE_MS = 15 * 60 * 1000;
