import type { AuditEvent, NewAuditEvent } from '@core/model/audit-event';
import type { AuditTrail } from '@core/ports/audit-trail';
import { AuditEventEntity, type AuditEventRow } from '../entities/audit-event-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toEvent(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    actorUserId: row.actorUserId ?? null,
    actorLabel: row.actorLabel,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt,
  };
}

/**
 * Append and read only; the table's trigger refuses any UPDATE or DELETE whatever code tries it.
 * Events never enter the identity map, so no later flush of the same transaction can even try to
 * write one back.
 */
export class MikroOrmAuditTrail implements AuditTrail {
  constructor(private readonly em: EntityManagerSource) {}

  async append(event: NewAuditEvent): Promise<AuditEvent> {
    const em = this.em();
    const id = await em.insert(AuditEventEntity, event as AuditEventRow);
    // Read back as stored: before and after as JSON gives them back, as list() will.
    const row = await em.findOneOrFail(AuditEventEntity, { id }, { disableIdentityMap: true });
    return toEvent(row);
  }

  async list(limit: number): Promise<AuditEvent[]> {
    const rows = await this.em().find(
      AuditEventEntity,
      {},
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit, disableIdentityMap: true },
    );
    return rows.map(toEvent);
  }
}
