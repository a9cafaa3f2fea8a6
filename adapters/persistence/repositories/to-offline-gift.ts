import type { OfflineGift } from '@core/offline-gift/offline-gift';
import type { OfflineGiftRow } from '../entities/offline-gift-entity';

/** A date column may arrive as a Date or a string, by driver; the day is what counts. */
function calendarDay(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}

export function toOfflineGift(row: OfflineGiftRow): OfflineGift {
  return {
    id: row.id,
    registryId: row.registryId,
    giftGiverName: row.giftGiverName,
    giftGiverEmail: row.giftGiverEmail ?? null,
    amount: row.amount,
    method: row.method,
    receivedOn: calendarDay(row.receivedOn),
    note: row.note ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
