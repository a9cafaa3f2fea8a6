import { isUuid } from '@core/ids';
import type { OfflineGift, OfflineGiftDetails } from '@core/model/offline-gift';
import { offlineGiftNotFound } from '@core/access/offline-gift-access';
import type { ByHandTotal } from '@core/model/owner-totals';
import type { NewOfflineGift, OfflineGiftRepository } from '@core/ports/offline-gift-repository';
import { OfflineGiftEntity, type OfflineGiftRow } from '../entities/offline-gift-entity';
import { toOfflineGift } from './to-offline-gift';
import { decimalToCents } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';

export class MikroOrmOfflineGiftRepository implements OfflineGiftRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(gift: NewOfflineGift): Promise<OfflineGift> {
    const em = this.em();
    const now = new Date();
    const row = em.create(OfflineGiftEntity, { ...gift, guestId: null, createdAt: now, updatedAt: now } as OfflineGiftRow);
    await em.persist(row).flush();
    return toOfflineGift(row);
  }

  async findById(id: string): Promise<OfflineGift | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(OfflineGiftEntity, { id });
    return row ? toOfflineGift(row) : null;
  }

  async update(id: string, details: OfflineGiftDetails): Promise<OfflineGift> {
    const em = this.em();
    const row = isUuid(id) ? await em.findOne(OfflineGiftEntity, { id }) : null;
    if (!row) throw offlineGiftNotFound();
    em.assign(row, { ...details, updatedAt: new Date() });
    await em.flush();
    return toOfflineGift(row);
  }

  async delete(id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    // The gift's thank-you note goes with it (the foreign key cascades).
    return (await this.em().nativeDelete(OfflineGiftEntity, { id })) > 0;
  }

  async listByRegistry(registryId: string): Promise<OfflineGift[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(OfflineGiftEntity, { registryId }, { orderBy: { receivedOn: 'desc', createdAt: 'desc', id: 'asc' } });
    return rows.map(toOfflineGift);
  }

  async matchGuest(id: string, guestId: string | null): Promise<void> {
    const changed = isUuid(id) ? await this.em().nativeUpdate(OfflineGiftEntity, { id }, { guestId, updatedAt: new Date() }) : 0;
    if (changed === 0) throw offlineGiftNotFound();
  }

  async totalOf(registryId: string): Promise<ByHandTotal> {
    if (!isUuid(registryId)) return { count: 0, amount: 0 };
    const [row] = await this.em().execute<{ count: string | number; amount: string }[]>(
      `select count(*) as "count", coalesce(sum("amount"), 0)::text as "amount" from "offline_gifts" where "registry_id" = ?`,
      [registryId],
    );
    return { count: Number(row?.count ?? 0), amount: decimalToCents(row?.amount ?? '0') };
  }
}
