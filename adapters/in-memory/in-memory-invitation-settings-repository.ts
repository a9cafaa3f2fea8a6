import { DEFAULT_REMINDER_DAYS, defaultInvitationSettings, type InvitationSettings } from '@core/model/invitation-settings';
import type { InvitationSettingsRepository } from '@core/ports/invitation-settings-repository';
import type { InMemoryGuestRepository } from './in-memory-guest-repository';
import type { InMemoryRegistryRepository } from './in-memory-registry-repository';

const DAY_MS = 86_400_000;

export class InMemoryInvitationSettingsRepository implements InvitationSettingsRepository {
  rows = new Map<string, InvitationSettings>();

  constructor(private readonly tables: { registries: InMemoryRegistryRepository; guests: InMemoryGuestRepository }) {}

  async findFor(registryId: string): Promise<InvitationSettings> {
    const row = this.rows.get(registryId);
    return row ? { ...row } : defaultInvitationSettings(registryId);
  }

  async save(settings: Omit<InvitationSettings, 'updatedAt'>, at: Date): Promise<InvitationSettings> {
    const row = { ...settings, updatedAt: at };
    this.rows.set(settings.registryId, row);
    return { ...row };
  }

  async listDueReminders(today: Date, limit: number): Promise<string[]> {
    const waiting = new Set(
      [...this.tables.guests.rows.values()]
        .filter((guest) => guest.invitedAt !== null && guest.remindedAt === null)
        .map((guest) => guest.registryId),
    );
    return [...this.tables.registries.rows.values()]
      .filter((registry) => registry.status === 'open' && registry.isActive && waiting.has(registry.id))
      .filter((registry) => {
        const saved = this.rows.get(registry.id);
        const days = saved ? saved.reminderDays : DEFAULT_REMINDER_DAYS;
        return days !== null && registry.celebrationDate >= today && registry.celebrationDate.getTime() - days * DAY_MS <= today.getTime();
      })
      .sort((a, b) => a.celebrationDate.getTime() - b.celebrationDate.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((registry) => registry.id);
  }
}
