import { EntitySchema } from '@mikro-orm/core';
import { primaryKeyOf } from './primary-key-of';
import { RegistryEntity } from './registry-entity';

/** The owner's one reminder about gifts without a sent card: one row per registry, ever. */
export interface ThankYouReminderRow {
  id: string;
  registryId: string;
  remindedAt: Date;
}

export const ThankYouReminderEntity = new EntitySchema<ThankYouReminderRow>({
  name: 'ThankYouReminder',
  tableName: 'thank_you_reminders',
  properties: {
    id: { type: 'uuid', primary: true, defaultRaw: 'gen_random_uuid()' },
    registryId: {
      kind: 'm:1',
      entity: primaryKeyOf(() => RegistryEntity),
      mapToPk: true,
      fieldName: 'registry_id',
      deleteRule: 'cascade',
      unique: 'thank_you_reminders_registry_id_unique',
    },
    remindedAt: { type: 'datetime' },
  },
});
