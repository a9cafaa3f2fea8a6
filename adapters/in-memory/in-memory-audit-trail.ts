import type { AuditEvent, NewAuditEvent } from '@core/model/audit-event';
import type { AuditTrail } from '@core/ports/audit-trail';

/** Puts the trail back as it was when taken; only the unit of work that created the trail holds one. */
export type RestoreAuditTrail = () => void;

/**
 * Takes personal data out of the events that match, as the database's trigger lets a redaction do
 * (audit-event-entity.ts): keys out of before and after, the label to "<role>:deleted".
 */
export type RedactAuditTrail = (matches: (event: AuditEvent) => boolean, redaction: { keys?: readonly string[]; label?: boolean }) => void;

/**
 * For tests only. The trail answers copies and offers no way to change or remove an event, as the
 * database's trigger refuses to; the only way back is the unit of work's rollback, through the
 * snapshot function handed to whoever created the trail (never exposed on the trail itself).
 */
export function createInMemoryAuditTrail(): { trail: AuditTrail; snapshot: () => RestoreAuditTrail; redact: RedactAuditTrail } {
  let events: readonly AuditEvent[] = [];
  const trail: AuditTrail = {
    async append(event: NewAuditEvent): Promise<AuditEvent> {
      // Through JSON, as the jsonb columns store it: what list() answers is what append() answered.
      const stored: AuditEvent = {
        ...event,
        id: crypto.randomUUID(),
        createdAt: new Date(event.createdAt),
        before: throughJson(event.before),
        after: throughJson(event.after),
      };
      events = [...events, stored];
      return structuredClone(stored);
    },
    async list(limit: number): Promise<AuditEvent[]> {
      return [...events]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, limit)
        .map((event) => structuredClone(event));
    },
  };
  const snapshot = () => {
    const taken = events;
    return () => {
      events = taken;
    };
  };
  const without = (value: Record<string, unknown> | null, keys: readonly string[]) =>
    value === null ? null : Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
  const redact: RedactAuditTrail = (matches, { keys = [], label = false }) => {
    events = events.map((event) =>
      matches(event)
        ? {
            ...event,
            before: without(event.before, keys),
            after: without(event.after, keys),
            actorLabel: label ? `${event.actorLabel.split(':')[0]}:deleted` : event.actorLabel,
          }
        : event,
    );
  };
  return { trail, snapshot, redact };
}

function throughJson(value: Record<string, unknown> | null): Record<string, unknown> | null {
  return value === null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}
