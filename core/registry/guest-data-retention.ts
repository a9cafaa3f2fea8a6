import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/repositories';
import { DAY_MS } from '../model/calendar-day';

/** The default of GUEST_DATA_RETENTION_DAYS: two years after a registry's payout went out (docs/product.md#your-data-export-and-deletion). */
export const DEFAULT_GUEST_DATA_RETENTION_DAYS = 730;
const BATCH = 100;

export interface GuestDataPurge {
  registries: number;
  gifts: number;
  giftsByHand: number;
}

/**
 * Purges the guests' e-mail addresses and messages of every registry whose payout completed more
 * than `retentionDays` ago (online gifts and gifts given by hand; names and amounts stay, for the
 * family's record and the books). A hundred registries per transaction, each locked and skipped by
 * any other instance purging at once, so every registry is purged once.
 */
export async function purgeGuestDataDue(ports: { unitOfWork: UnitOfWork; clock: Clock; retentionDays: number }): Promise<GuestDataPurge> {
  const total: GuestDataPurge = { registries: 0, gifts: 0, giftsByHand: 0 };
  for (;;) {
    const now = ports.clock.now();
    const paidOutBy = new Date(now.getTime() - ports.retentionDays * DAY_MS);
    const purged = await ports.unitOfWork.transaction(async ({ personalData }) => {
      const ids = await personalData.lockGuestDataDue(paidOutBy, BATCH);
      for (const id of ids) {
        const changed = await personalData.purgeGuestData(id, now);
        total.gifts += changed.gifts;
        total.giftsByHand += changed.giftsByHand;
      }
      return ids.length;
    });
    total.registries += purged;
    if (purged < BATCH) return total;
  }
}
