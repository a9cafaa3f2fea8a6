import type { ThankYouReminderRepository } from '@core/ports/thank-you-reminder-repository';
import type { Gift } from '@core/model/gift';
import type { OfflineGift } from '@core/model/offline-gift';
import type { Registry } from '@core/model/registry';
import type { ThankYouNote } from '@core/model/thank-you-note';

/** Reads the other fakes' rows, as the SQL version joins their tables. */
interface Tables {
  registries: { rows: Map<string, Registry> };
  gifts: { rows: Map<string, Gift> };
  offlineGifts: { rows: Map<string, OfflineGift> };
  thankYouNotes: { rows: Map<string, ThankYouNote> };
}

export class InMemoryThankYouReminderRepository implements ThankYouReminderRepository {
  /** When each registry's owner was reminded, by registry id. */
  rows = new Map<string, Date>();

  constructor(private readonly tables: Tables) {}

  async listDue(celebratedBy: Date, limit: number): Promise<string[]> {
    const sentGiftIds = new Set(
      [...this.tables.thankYouNotes.rows.values()].filter((note) => note.status === 'sent').map((note) => note.giftId),
    );
    const unthanked = new Set([
      ...[...this.tables.gifts.rows.values()]
        .filter((gift) => gift.paymentStatus === 'succeeded' && !sentGiftIds.has(gift.id))
        .map((gift) => gift.registryId),
      ...[...this.tables.offlineGifts.rows.values()].filter((gift) => !sentGiftIds.has(gift.id)).map((gift) => gift.registryId),
    ]);
    return [...this.tables.registries.rows.values()]
      .filter((registry) => registry.celebrationDate <= celebratedBy && !this.rows.has(registry.id) && unthanked.has(registry.id))
      .sort((a, b) => a.celebrationDate.getTime() - b.celebrationDate.getTime() || a.id.localeCompare(b.id))
      .slice(0, limit)
      .map((registry) => registry.id);
  }

  async record(registryId: string, remindedAt: Date): Promise<boolean> {
    if (this.rows.has(registryId) || !this.tables.registries.rows.has(registryId)) return false;
    this.rows.set(registryId, remindedAt);
    return true;
  }
}
