import { LockMode, raw } from '@mikro-orm/core';
import { DomainError } from '../../../core/errors';
import { isUuid } from '../../../core/ids';
import { centsToDecimalString, parseCents } from '../../../core/money';
import type { Gift, PaymentStatus } from '../../../core/gift/gift';
import type { GiftRepository, NewGift } from '../../../core/ports/repositories';
import { GiftEntity, type GiftRow } from '../entities/gift-entity';
import type { EntityManagerSource } from './entity-manager-source';

function toGift(row: GiftRow): Gift {
  return {
    ...row,
    amount: parseCents(row.amount),
    childAmount: parseCents(row.childAmount),
    charityAmount: parseCents(row.charityAmount),
    platformFee: parseCents(row.platformFee),
    stripeFee: parseCents(row.stripeFee),
    personalMessage: row.personalMessage ?? null,
    stripePaymentIntentId: row.stripePaymentIntentId ?? null,
  };
}

export class MikroOrmGiftRepository implements GiftRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async create(gift: NewGift): Promise<Gift> {
    const em = this.em();
    const row = em.create(GiftEntity, {
      ...gift,
      amount: centsToDecimalString(gift.amount),
      childAmount: centsToDecimalString(gift.childAmount),
      charityAmount: centsToDecimalString(gift.charityAmount),
      platformFee: centsToDecimalString(gift.platformFee),
      stripeFee: centsToDecimalString(gift.stripeFee),
      createdAt: new Date(),
    } as GiftRow);
    await em.persist(row).flush();
    return toGift(row);
  }

  async findById(id: string): Promise<Gift | null> {
    if (!isUuid(id)) return null;
    const row = await this.em().findOne(GiftEntity, { id });
    return row ? toGift(row) : null;
  }

  async findByPaymentIntentIdForUpdate(paymentIntentId: string): Promise<Gift | null> {
    const row = await this.em().findOne(GiftEntity, { stripePaymentIntentId: paymentIntentId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    return row ? toGift(row) : null;
  }

  async attachPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
    await this.changeOne(id, { stripePaymentIntentId: paymentIntentId });
  }

  async setStatus(id: string, status: PaymentStatus): Promise<void> {
    await this.changeOne(id, { paymentStatus: status });
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
    const rows: { registry_id: string; count: string | number }[] = await this.em()
      .createQueryBuilder(GiftEntity)
      .select(['registryId', raw('count(*) as count')])
      .where({ registryId: { $in: ids }, paymentStatus: 'succeeded' })
      .groupBy('registryId')
      .execute('all', false);
    return new Map(rows.map((row) => [row.registry_id, Number(row.count)]));
  }

  async hasGiftsOtherThanFailed(registryId: string): Promise<boolean> {
    if (!isUuid(registryId)) return false;
    return (await this.em().count(GiftEntity, { registryId, paymentStatus: { $ne: 'failed' } })) > 0;
  }
}
