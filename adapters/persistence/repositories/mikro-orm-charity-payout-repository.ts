import { LockMode, type FilterQuery } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import type { Cents } from '@core/money';
import type { CharityPayout } from '@core/model/charity-payout';
import type { CharityPayoutCompletion, CharityPayoutRepository, CharityShare } from '@core/ports/charity-payout-repository';
import { CharityPayoutEntity, type CharityPayoutRow } from '../entities/charity-payout-entity';
import { centsToDecimal } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';

function toPayout(row: CharityPayoutRow): CharityPayout {
  return {
    id: row.id,
    charityId: row.charityId,
    amount: row.amount,
    currency: row.currency,
    registryIds: [...(row.registryIds ?? [])],
    giftCount: row.giftCount,
    paymentMethod: row.paymentMethod ?? null,
    referenceNumber: row.referenceNumber ?? null,
    notes: row.notes ?? null,
    status: row.status,
    completedAt: row.completedAt ?? null,
    claimedBy: row.claimedBy ?? null,
    claimedByUserId: row.claimedByUserId ?? null,
    claimedAt: row.claimedAt ?? null,
    claims: row.claims ?? 0,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Opens the pending payout or adds to it in a single statement. The conflict target is the partial
 * unique index charity_payouts_one_pending_unique, so two closings at once can neither open two
 * pending payouts nor overwrite each other's amount: the second waits for the first and adds to it.
 */
const ADD_TO_PENDING = `
  insert into "charity_payouts" ("charity_id", "currency", "amount", "gift_count", "registry_ids", "status", "created_at", "updated_at")
  values (?, ?, ?::numeric, ?, array[?::text], 'pending', ?::timestamptz, ?::timestamptz)
  on conflict ("charity_id", "currency") where "status" = 'pending'
  do update set
    "amount" = "charity_payouts"."amount" + excluded."amount",
    "gift_count" = "charity_payouts"."gift_count" + excluded."gift_count",
    "registry_ids" = array_cat("charity_payouts"."registry_ids", excluded."registry_ids"),
    "updated_at" = excluded."updated_at"
  returning *`;

export class MikroOrmCharityPayoutRepository implements CharityPayoutRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async addToPending(share: CharityShare): Promise<CharityPayout> {
    const em = this.em();
    const now = new Date().toISOString();
    const params = [share.charityId, share.currency, centsToDecimal(share.amount), share.giftCount, share.registryId, now, now];
    const [raw] = await em.execute<Record<string, unknown>[]>(ADD_TO_PENDING, params);
    // The returned columns become a row as any query would give it (amounts in cents, dates as Dates).
    return toPayout(em.map(CharityPayoutEntity, raw!));
  }

  async findById(id: string): Promise<CharityPayout | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(CharityPayoutEntity, { id });
    return row ? toPayout(row) : null;
  }

  async findByIdForUpdate(id: string): Promise<CharityPayout | null> {
    if (!isUuid(id)) return null;
    // refresh: what the transaction read before the lock may be stale by the time it holds it.
    const row = await this.em().findOne(CharityPayoutEntity, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
    return row ? toPayout(row) : null;
  }

  async markCompleted(id: string, completion: CharityPayoutCompletion): Promise<CharityPayout> {
    const em = this.em();
    const changed = isUuid(id)
      ? await em.nativeUpdate(CharityPayoutEntity, { id }, { ...completion, status: 'completed', updatedAt: completion.completedAt })
      : 0;
    if (changed !== 1) throw new DomainError('payout.not_found', 'Charity payout not found');
    const row = await em.findOneOrFail(CharityPayoutEntity, { id }, { refresh: true });
    return toPayout(row);
  }

  async claim(id: string, claim: { claimedBy: string; claimedByUserId: string | null; claimedAt: Date }): Promise<CharityPayout> {
    const em = this.em();
    const changed = isUuid(id)
      ? await em.execute<{ affectedRows: number }>(
          `update "charity_payouts" set "status" = 'sending', "claimed_by" = ?, "claimed_by_user_id" = ?, "claimed_at" = ?::timestamptz, "claims" = "claims" + 1, "updated_at" = ?::timestamptz where "id" = ?`,
          [claim.claimedBy, claim.claimedByUserId, claim.claimedAt.toISOString(), claim.claimedAt.toISOString(), id],
          'run',
        )
      : { affectedRows: 0 };
    return this.readBack(id, changed.affectedRows);
  }

  async release(id: string): Promise<CharityPayout> {
    const em = this.em();
    const payout = isUuid(id) ? await em.findOne(CharityPayoutEntity, { id }, { refresh: true }) : null;
    if (!payout) throw new DomainError('payout.not_found', 'Charity payout not found');
    // The pending payout closings opened meanwhile, removed first so the released one can be the one pending payout again.
    const [opened] = await em.execute<{ amount: string; gift_count: number; registry_ids: string[] }[]>(
      `delete from "charity_payouts" where "charity_id" = ? and "currency" = ? and "status" = 'pending' and "id" <> ? returning "amount"::text, "gift_count", "registry_ids"`,
      [payout.charityId, payout.currency, id],
    );
    const result = await em.execute<{ affectedRows: number }>(
      `update "charity_payouts" set "status" = 'pending', "claimed_by" = null, "claimed_by_user_id" = null, "claimed_at" = null,
         "amount" = "amount" + ?::numeric, "gift_count" = "gift_count" + ?, "registry_ids" = array_cat("registry_ids", string_to_array(?, ',')), "updated_at" = now()
       where "id" = ?`,
      // The ids as one text (uuids hold no comma): a bound array would be spread into the statement.
      [opened?.amount ?? '0.00', opened?.gift_count ?? 0, (opened?.registry_ids ?? []).join(','), id],
      'run',
    );
    return this.readBack(id, result.affectedRows);
  }

  async removeGift(id: string, amount: Cents): Promise<CharityPayout> {
    const result = isUuid(id)
      ? await this.em().execute<{ affectedRows: number }>(
          `update "charity_payouts" set "amount" = "amount" - ?::numeric, "gift_count" = "gift_count" - 1, "updated_at" = now() where "id" = ?`,
          [centsToDecimal(amount), id],
          'run',
        )
      : { affectedRows: 0 };
    return this.readBack(id, result.affectedRows);
  }

  private async readBack(id: string, changed: number): Promise<CharityPayout> {
    if (changed !== 1) throw new DomainError('payout.not_found', 'Charity payout not found');
    return toPayout(await this.em().findOneOrFail(CharityPayoutEntity, { id }, { refresh: true }));
  }

  list(): Promise<CharityPayout[]> {
    return this.listWhere({});
  }

  listUnsent(): Promise<CharityPayout[]> {
    return this.listWhere({ status: { $in: ['pending', 'sending'] } });
  }

  async listByRegistry(registryId: string): Promise<CharityPayout[]> {
    if (!isUuid(registryId)) return [];
    const em = this.em();
    const rows = await em.execute<Record<string, unknown>[]>(
      `select * from "charity_payouts" where ? = any("registry_ids") order by "created_at" desc, "id" asc`,
      [registryId],
    );
    return rows.map((raw) => toPayout(em.map(CharityPayoutEntity, raw)));
  }

  private async listWhere(where: FilterQuery<CharityPayoutRow>): Promise<CharityPayout[]> {
    const rows = await this.em().find(CharityPayoutEntity, where, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toPayout);
  }
}
