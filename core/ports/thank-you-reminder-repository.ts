/** The owner's one reminder per registry about gifts still without a sent card. */
export interface ThankYouReminderRepository {
  /**
   * Registries celebrated at or before the time that have a succeeded gift with no sent card and
   * were never reminded, earliest celebration first.
   */
  listDue(celebratedBy: Date, limit: number): Promise<string[]>;
  /** Records the registry's reminder unless one is recorded, in one statement; answers whether this call recorded it. */
  record(registryId: string, remindedAt: Date): Promise<boolean>;
}
