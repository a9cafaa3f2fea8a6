import { EntitySchema } from '@mikro-orm/core';
import { REMINDER_DAY_CHOICES, type ReminderDays } from '@core/model/invitation-settings';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';

/** The family's invitation settings: one row per registry once saved, gone with its registry. */
export interface InvitationSettingsRow {
  registryId: string;
  message: string;
  startTime: string | null;
  place: string | null;
  reminderDays: ReminderDays | null;
  updatedAt: Date;
}

export const InvitationSettingsEntity = new EntitySchema<InvitationSettingsRow>({
  name: 'InvitationSettings',
  tableName: 'invitation_settings',
  checks: [
    {
      name: 'invitation_settings_reminder_days_check',
      expression: `"reminder_days" is null or "reminder_days" in (${REMINDER_DAY_CHOICES.join(', ')})`,
    },
  ],
  properties: {
    registryId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => RegistryEntity),
      mapToPk: true,
      primary: true,
      fieldName: 'registry_id',
      deleteRule: 'cascade',
    },
    message: { type: 'string', length: 1000, default: '' },
    startTime: { type: 'string', length: 5, nullable: true, fieldName: 'start_time' },
    place: { type: 'string', length: 300, nullable: true },
    reminderDays: { type: 'integer', nullable: true, fieldName: 'reminder_days' },
    updatedAt: { type: 'datetime', defaultRaw: 'now()', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
