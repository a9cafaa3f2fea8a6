import type { NewReceipt, Receipt } from '@core/model/receipt';
import { receiptNumber, receiptYear } from '@core/receipt/receipt-number';
import type { ReceiptRepository } from '@core/ports/receipt-repository';
import { ReceiptEntity, type ReceiptRow } from '../entities/receipt-entity';
import { calendarDay } from '../calendar-day';
import type { EntityManagerSource } from './entity-manager-source';

function toReceipt(row: ReceiptRow): Receipt {
  return {
    id: row.id,
    number: row.number,
    giftId: row.giftId ?? null,
    registryId: row.registryId,
    charityId: row.charityId,
    issuedOn: calendarDay(row.issuedOn),
    charityLegalName: row.charityLegalName,
    charityTaxId: row.charityTaxId,
    charityCountry: row.charityCountry,
    charityAddress: row.charityAddress,
    giverName: row.giverName,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    voidedAt: row.voidedAt ?? null,
    createdAt: row.createdAt,
  };
}

export class MikroOrmReceiptRepository implements ReceiptRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async issue(receipt: NewReceipt): Promise<Receipt> {
    const em = this.em();
    if (receipt.giftId) {
      const existing = await this.findByGiftId(receipt.giftId);
      if (existing) return existing;
    }
    const year = receiptYear(receipt.issuedOn);
    // The counter's row stays locked until this transaction ends: a second payment numbered at
    // the same time waits for this one, then takes the next number; a rollback gives this one back.
    const [taken] = await em.execute<{ last_number: number }[]>(
      `insert into "receipt_counters" ("year", "last_number") values (?, 1)
       on conflict ("year") do update set "last_number" = "receipt_counters"."last_number" + 1
       returning "last_number"`,
      [year],
    );
    const row = em.create(ReceiptEntity, {
      ...receipt,
      number: receiptNumber(year, Number(taken!.last_number)),
      status: 'issued',
      voidedAt: null,
      createdAt: new Date(),
    } as ReceiptRow);
    await em.persist(row).flush();
    return toReceipt(row);
  }

  async findByGiftId(giftId: string): Promise<Receipt | null> {
    const row = await this.em().findOne(ReceiptEntity, { giftId });
    return row ? toReceipt(row) : null;
  }

  async voidForGift(giftId: string, at: Date): Promise<Receipt | null> {
    const em = this.em();
    const changed = await em.nativeUpdate(ReceiptEntity, { giftId, status: 'issued' }, { status: 'void', voidedAt: at });
    if (changed === 0) return null;
    const row = await em.findOne(ReceiptEntity, { giftId }, { refresh: true });
    return row ? toReceipt(row) : null;
  }

  async listByGiftIds(giftIds: readonly string[]): Promise<Receipt[]> {
    if (giftIds.length === 0) return [];
    const rows = await this.em().find(ReceiptEntity, { giftId: { $in: [...giftIds] } });
    return rows.map(toReceipt);
  }
}
