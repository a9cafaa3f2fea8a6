import { LockMode, raw } from '@mikro-orm/core';
import { DomainError } from '@core/errors';
import { isUuid } from '@core/ids';
import { LISTED_PAYMENT_STATUSES, type Gift, type PaymentStatus } from '@core/model/gift';
import type { GiftListPage } from '@core/model/gift-list';
import type { GiftListQuery } from '@core/model/gift-list-query';
import type { GiftTally } from '@core/model/gift-tally';
import type { Currency } from '@core/money';
import type { GiftRepository, NewGift } from '@core/ports/gift-repository';
import { GiftEntity, type GiftRow } from '../entities/gift-entity';
import { toGift } from './to-gift';
import { centsToDecimal, decimalToCents, withCents } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';
import { pageReceived } from './mikro-orm-gift-list-page';
import { pageContributors } from './mikro-orm-contributors-page';
import type { ContributorsPageRows } from '@core/model/contributors-page';
import type { ContributorsQuery } from '@core/model/contributors-query';
import { giftListSearchKeys } from '@core/model/gift-list';

interface TallyRow {
  payment_status: PaymentStatus;
  refunded_at_platform_cost: boolean;
  currency: Currency;
  charity_id: string;
  gift_count: string | number;
  amount: string;
  child_amount: string;
  charity_amount: string;
}

const INSERT_GIFT = `insert into "gifts" ("registry_id", "charity_id", "gift_giver_name", "gift_giver_email", "currency", "amount", "child_amount", "charity_amount",
    "platform_fee", "stripe_fee", "personal_message", "stripe_payment_intent_id", "payment_status", "share_email_with_charity", "guest_id", "created_at",
    "giver_key", "email_key", "message_key")
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning *`;

export class MikroOrmGiftRepository implements GiftRepository {
  constructor(private readonly em: EntityManagerSource) {}

  /**
   * Every gift started writes one: a fixed statement, so no unit of work computes a change set
   * for it, and its row read back as MikroORM maps any row (types, column names, cents).
   */
  async create(gift: NewGift): Promise<Gift> {
    const em = this.em();
    const keys = giftListSearchKeys(gift.giftGiverName, gift.giftGiverEmail, gift.personalMessage ?? null);
    const [row] = await em.execute<Record<string, unknown>[]>(INSERT_GIFT, [
      gift.registryId,
      gift.charityId,
      gift.giftGiverName,
      gift.giftGiverEmail,
      gift.currency,
      centsToDecimal(gift.amount),
      centsToDecimal(gift.childAmount),
      centsToDecimal(gift.charityAmount),
      centsToDecimal(gift.platformFee),
      centsToDecimal(gift.cardFee),
      gift.personalMessage ?? null,
      gift.paymentIntentId ?? null,
      gift.paymentStatus,
      gift.shareEmailWithCharity ?? false,
      gift.guestId ?? null,
      new Date(),
      keys.giverKey,
      keys.emailKey,
      keys.messageKey,
    ]);
    const meta = em.getMetadata().get(GiftEntity);
    return toGift(withCents(em.getDriver().mapResult(row!, meta) as GiftRow, meta));
  }

  async findById(id: string): Promise<Gift | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(GiftEntity, { id });
    return row ? toGift(row) : null;
  }

  async findByPaymentIntentIdForUpdate(paymentIntentId: string): Promise<Gift | null> {
    const row = await this.em().findOne(GiftEntity, { paymentIntentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return row ? toGift(row) : null;
  }

  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    // Once per gift started, as a fixed statement: no query is built for it.
    const result = await this.em().execute<{ affectedRows: number }>(
      `update "gifts" set "stripe_payment_intent_id" = ? where "id" = ? and "payment_status" = 'pending'`,
      [paymentIntentId, id],
      'run',
    );
    return result.affectedRows === 1;
  }

  async settleUnpaid(id: string, paymentIntentId: string | null, status: 'failed' | 'expired'): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em().nativeUpdate(GiftEntity, { id, paymentStatus: 'pending', paymentIntentId }, { paymentStatus: status })) === 1;
  }

  async beginRefund(id: string, at: Date, atPlatformCost = false): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (
      (await this.em().nativeUpdate(
        GiftEntity,
        { id, paymentStatus: 'succeeded' },
        { paymentStatus: 'refunding', refundStartedAt: at, refundedAtPlatformCost: atPlatformCost },
      )) === 1
    );
  }

  async markRefundedAtPlatformCost(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.em().nativeUpdate(GiftEntity, { id }, { refundedAtPlatformCost: true });
  }

  async changeStatus(id: string, from: PaymentStatus, to: PaymentStatus): Promise<boolean> {
    if (!isUuid(id)) return false;
    return (await this.em().nativeUpdate(GiftEntity, { id, paymentStatus: from }, { paymentStatus: to })) === 1;
  }

  async listRefundingStartedBefore(before: Date, limit: number): Promise<Gift[]> {
    const rows = await this.em().find(
      GiftEntity,
      { paymentStatus: 'refunding', refundStartedAt: { $lt: before } },
      { orderBy: { refundStartedAt: 'asc', id: 'asc' }, limit },
    );
    return rows.map(toGift);
  }

  async listPendingCreatedBefore(before: Date, limit: number): Promise<Gift[]> {
    const rows = await this.em().find(
      GiftEntity,
      { paymentStatus: 'pending', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit },
    );
    return rows.map(toGift);
  }

  async setStatus(id: string, status: PaymentStatus): Promise<void> {
    await this.changeOne(id, { paymentStatus: status });
  }

  async setProviderFee(id: string, fee: number): Promise<void> {
    await this.changeOne(id, { providerFee: fee });
  }

  async listMoneyMoved(): Promise<Gift[]> {
    const rows = await this.em().find(
      GiftEntity,
      { paymentStatus: { $in: ['succeeded', 'refunding', 'refunded', 'disputed'] } },
      { orderBy: { createdAt: 'asc', id: 'asc' } },
    );
    return rows.map(toGift);
  }

  private async changeOne(id: string, changes: Partial<GiftRow>): Promise<void> {
    const changed = isUuid(id) ? await this.em().nativeUpdate(GiftEntity, { id }, changes) : 0;
    if (changed !== 1) throw new DomainError('gift.not_found', 'Gift not found');
  }

  async listByRegistry(registryId: string): Promise<Gift[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(GiftEntity, { registryId }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toGift);
  }

  async countSucceeded(registryIds: string[]): Promise<Map<string, number>> {
    const ids = registryIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    if (ids.length === 1) {
      // A registry's page asks for its own count on every view: a fixed statement, nothing to build.
      const [row] = await this.em().execute<{ count: string | number }[]>(
        `select count(*) as "count" from "gifts" where "registry_id" = ? and "payment_status" = 'succeeded'`,
        ids,
      );
      const count = Number(row?.count ?? 0);
      return new Map(count > 0 ? [[ids[0]!, count]] : []);
    }
    const rows: { registry_id: string; count: string | number }[] = await this.em()
      .createQueryBuilder(GiftEntity)
      .select(['registryId', raw('count(*) as count')])
      .where({ registryId: { $in: ids }, paymentStatus: 'succeeded' })
      .groupBy('registryId')
      .execute('all', false);
    return new Map(rows.map((row) => [row.registry_id, Number(row.count)]));
  }

  async hasRefundUnderWay(registryIds: readonly string[], charityId: string): Promise<boolean> {
    const ids = registryIds.filter(isUuid);
    if (ids.length === 0 || !isUuid(charityId)) return false;
    return (await this.em().count(GiftEntity, { registryId: { $in: ids }, charityId, paymentStatus: 'refunding' })) > 0;
  }

  async paymentStatusesOf(registryId: string): Promise<Set<PaymentStatus>> {
    if (!isUuid(registryId)) return new Set();
    const rows = await this.em().execute<{ payment_status: PaymentStatus }[]>(
      'select distinct "payment_status" from "gifts" where "registry_id" = ?',
      [registryId],
    );
    return new Set(rows.map((row) => row.payment_status));
  }

  async tallyByRegistry(registryId: string): Promise<GiftTally[]> {
    return (await this.tallyByRegistries([registryId])).get(registryId) ?? [];
  }

  async tallyByRegistries(registryIds: readonly string[]): Promise<Map<string, GiftTally[]>> {
    const tallies = new Map<string, GiftTally[]>(registryIds.map((id) => [id, []]));
    const ids = registryIds.filter(isUuid);
    if (ids.length === 0) return tallies;
    // Sums as text, read digit by digit: a float never holds money (cents-type.ts).
    const rows = await this.em().execute<(TallyRow & { registry_id: string })[]>(
      `select "registry_id", "payment_status", "refunded_at_platform_cost", "currency", "charity_id", count(*) as "gift_count",
         sum("amount")::text as "amount", sum("child_amount")::text as "child_amount", sum("charity_amount")::text as "charity_amount"
       from "gifts" where "registry_id" in (${ids.map(() => '?').join(', ')}) group by 1, 2, 3, 4, 5`,
      ids,
    );
    for (const row of rows) {
      tallies.get(row.registry_id)?.push({
        paymentStatus: row.payment_status,
        refundedAtPlatformCost: row.refunded_at_platform_cost,
        currency: row.currency,
        charityId: row.charity_id,
        giftCount: Number(row.gift_count),
        amount: decimalToCents(row.amount),
        childAmount: decimalToCents(row.child_amount),
        charityAmount: decimalToCents(row.charity_amount),
      });
    }
    return tallies;
  }

  async listRecentListed(registryId: string, limit: number): Promise<Gift[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(
      GiftEntity,
      { registryId, paymentStatus: { $in: [...LISTED_PAYMENT_STATUSES] } },
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit },
    );
    return rows.map(toGift);
  }

  async listByRegistryWithStatus(registryId: string, status: PaymentStatus): Promise<Gift[]> {
    if (!isUuid(registryId)) return [];
    const rows = await this.em().find(GiftEntity, { registryId, paymentStatus: status }, { orderBy: { createdAt: 'desc', id: 'asc' } });
    return rows.map(toGift);
  }

  async findByIds(ids: readonly string[]): Promise<Gift[]> {
    const known = ids.filter(isUuid);
    if (known.length === 0) return [];
    return (await this.em().find(GiftEntity, { id: { $in: known } })).map(toGift);
  }

  async pageReceived(registryId: string, query: GiftListQuery): Promise<Pick<GiftListPage, 'gifts' | 'matching' | 'giftCount'>> {
    if (!isUuid(registryId)) return { gifts: [], matching: 0, giftCount: 0 };
    return pageReceived(this.em(), registryId, query);
  }

  async pageContributors(registryId: string, query: ContributorsQuery): Promise<ContributorsPageRows> {
    if (!isUuid(registryId))
      return { gifts: [], matching: 0, progress: { contributors: 0, sent: 0, draft: 0, notDelivered: 0, noCard: 0 } };
    return pageContributors(this.em(), registryId, query);
  }
}
