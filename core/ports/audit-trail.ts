import type { AuditEvent, NewAuditEvent } from '../model/audit-event';

/** Append-only: events are added and read, never changed or removed. */
export interface AuditTrail {
  append(event: NewAuditEvent): Promise<AuditEvent>;
  /** Newest first. */
  list(limit: number): Promise<AuditEvent[]>;
}
