import type { OfflineGift } from '@core/model/offline-gift';
import type { OfflineGiftRow } from '../entities/offline-gift-entity';
import { calendarDay } from '../calendar-day';

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
