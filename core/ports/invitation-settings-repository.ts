import type { InvitationSettings } from '../model/invitation-settings';

/** The family's invitation settings (core/model/invitation-settings.ts), one row per registry once saved. */
export interface InvitationSettingsRepository {
  /** The saved settings, or the defaults when the family never saved any. */
  findFor(registryId: string): Promise<InvitationSettings>;
  save(settings: Omit<InvitationSettings, 'updatedAt'>, at: Date): Promise<InvitationSettings>;
  /**
   * Open registries whose reminder day has come (the chosen days before the date, the date not
   * passed) and that have an invited guest not yet reminded, the soonest celebration first.
   */
  listDueReminders(today: Date, limit: number): Promise<string[]>;
}
