import { EntitySchema } from '@mikro-orm/core';
import { AUDIT_ACTIONS, AUDIT_SUBJECTS, type AuditEvent } from '@core/model/audit-event';
import { primaryKeyOf } from './primary-key-of';
import { UserEntity } from './user-entity';
import { oneOf } from './one-of-check';

export type AuditEventRow = AuditEvent & { redactedAt?: Date | null };

/**
 * The append-only audit trail. A trigger refuses any UPDATE or DELETE of its rows, so not even a
 * bug or a stray SQL session can rewrite history. Two changes are let through. The foreign key's
 * own "on delete set null" when the acting user is deleted (its label still says who it was): it
 * runs from inside the foreign key's trigger (depth above one), and nothing else may differ. And a
 * redaction, when personal data goes (docs/product.md#your-data-export-and-deletion): it marks the
 * row redacted, may only take keys out of before and after (what is left is contained in what
 * was), and may only turn the actor's label into its role and "deleted"; who acted on what, when,
 * and every amount stay as written.
 */
const KEPT_AS_WRITTEN = `array['actor_label', 'before', 'after', 'redacted_at']`;
const appendOnly = [
  `if tg_op = 'UPDATE' and pg_trigger_depth() > 1 and new."actor_user_id" is null and (to_jsonb(new) - 'actor_user_id') = (to_jsonb(old) - 'actor_user_id') then return new; end if;`,
  `if tg_op = 'UPDATE' and new."redacted_at" is not null and (to_jsonb(new) - ${KEPT_AS_WRITTEN}) = (to_jsonb(old) - ${KEPT_AS_WRITTEN})`,
  ` and (new."actor_label" = old."actor_label" or new."actor_label" = split_part(old."actor_label", ':', 1) || ':deleted')`,
  ` and coalesce(old."before" @> new."before", old."before" is null and new."before" is null)`,
  ` and coalesce(old."after" @> new."after", old."after" is null and new."after" is null) then return new; end if;`,
  `raise exception 'audit_events is append-only: % refused', tg_op;`,
].join(' ');

export const AuditEventEntity = new EntitySchema<AuditEventRow>({
  name: 'AuditEvent',
  tableName: 'audit_events',
  indexes: [
    { name: 'audit_events_subject_index', properties: ['subjectType', 'subjectId'] },
    { name: 'audit_events_created_at_index', properties: ['createdAt'] },
  ],
  checks: [
    { name: 'audit_events_action_check', expression: oneOf('action', AUDIT_ACTIONS) },
    { name: 'audit_events_subject_type_check', expression: oneOf('subject_type', AUDIT_SUBJECTS) },
  ],
  triggers: [{ name: 'append_only', timing: 'before', events: ['update', 'delete'], forEach: 'row', body: appendOnly }],
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    // The label keeps saying who acted after the user is gone.
    actorUserId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => UserEntity),
      mapToPk: true,
      fieldName: 'actor_user_id',
      nullable: true,
      deleteRule: 'set null',
    },
    actorLabel: { type: 'string', length: 255 },
    action: { type: 'string', length: 50 },
    subjectType: { type: 'string', length: 30 },
    subjectId: { type: 'string', length: 255 },
    before: { type: 'json', nullable: true },
    after: { type: 'json', nullable: true },
    createdAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date() },
    /** When personal data was taken out of the row (an account deleted, a registry's guest data purged); null until then. */
    redactedAt: { type: 'datetime', nullable: true },
  },
});
