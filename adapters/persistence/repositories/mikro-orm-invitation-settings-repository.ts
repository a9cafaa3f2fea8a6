import { isUuid } from '@core/ids';
import { DEFAULT_REMINDER_DAYS, defaultInvitationSettings, type InvitationSettings } from '@core/model/invitation-settings';
import type { InvitationSettingsRepository } from '@core/ports/invitation-settings-repository';
import { InvitationSettingsEntity, type InvitationSettingsRow } from '../entities/invitation-settings-entity';
import type { EntityManagerSource } from './entity-manager-source';
import { DUE_REMINDERS } from './reminder-claim-query';

function toSettings(row: InvitationSettingsRow): InvitationSettings {
  return {
    registryId: row.registryId,
    message: row.message,
    startTime: row.startTime ?? null,
    place: row.place ?? null,
    reminderDays: row.reminderDays ?? null,
    updatedAt: row.updatedAt,
  };
}

export class MikroOrmInvitationSettingsRepository implements InvitationSettingsRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async findFor(registryId: string): Promise<InvitationSettings> {
    const row = isUuid(registryId) ? await this.em().findOne(InvitationSettingsEntity, { registryId }) : null;
    return row ? toSettings(row) : defaultInvitationSettings(registryId);
  }

  async save(settings: Omit<InvitationSettings, 'updatedAt'>, at: Date): Promise<InvitationSettings> {
    const em = this.em();
    // One statement, so two saves at once leave one row (the later one's).
    await em.execute(
      `insert into "invitation_settings" ("registry_id", "message", "start_time", "place", "reminder_days", "updated_at") values (?, ?, ?, ?, ?, ?)
       on conflict ("registry_id") do update set "message" = excluded."message", "start_time" = excluded."start_time", "place" = excluded."place",
         "reminder_days" = excluded."reminder_days", "updated_at" = excluded."updated_at"`,
      [settings.registryId, settings.message, settings.startTime, settings.place, settings.reminderDays, at],
      'run',
    );
    return { ...settings, updatedAt: at };
  }

  async listDueReminders(today: Date, limit: number): Promise<string[]> {
    const rows = await this.em().execute<{ id: string }[]>(DUE_REMINDERS, [today, DEFAULT_REMINDER_DAYS, today, limit]);
    return rows.map((row) => row.id);
  }
}
