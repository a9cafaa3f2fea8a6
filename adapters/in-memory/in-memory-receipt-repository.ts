import type { NewReceipt, Receipt } from '@core/model/receipt';
import { receiptNumber, receiptYear } from '@core/receipt/receipt-number';
import type { ReceiptRepository } from '@core/ports/receipt-repository';

/**
 * Receipts in a Map by id. For tests only. Receipts are never removed, so a year's next number is
 * one more than the receipts it has (the transaction fake runs one transaction at a time).
 */
export class InMemoryReceiptRepository implements ReceiptRepository {
  rows = new Map<string, Receipt>();

  async issue(receipt: NewReceipt): Promise<Receipt> {
    const existing = receipt.giftId ? await this.findByGiftId(receipt.giftId) : null;
    if (existing) return existing;
    const year = receiptYear(receipt.issuedOn);
    const taken = [...this.rows.values()].filter((row) => receiptYear(row.issuedOn) === year).length;
    const row: Receipt = {
      ...receipt,
      id: crypto.randomUUID(),
      number: receiptNumber(year, taken + 1),
      status: 'issued',
      voidedAt: null,
      createdAt: new Date(),
    };
    this.rows.set(row.id, row);
    return { ...row };
  }

  async findByGiftId(giftId: string): Promise<Receipt | null> {
    const row = [...this.rows.values()].find((receipt) => receipt.giftId === giftId);
    return row ? { ...row } : null;
  }

  async voidForGift(giftId: string, at: Date): Promise<Receipt | null> {
    const row = [...this.rows.values()].find((receipt) => receipt.giftId === giftId && receipt.status === 'issued');
    if (!row) return null;
    const voided: Receipt = { ...row, status: 'void', voidedAt: at };
    this.rows.set(row.id, voided);
    return { ...voided };
  }

  async listByGiftIds(giftIds: readonly string[]): Promise<Receipt[]> {
    const wanted = new Set(giftIds);
    return [...this.rows.values()]
      .filter((receipt) => receipt.giftId !== null && wanted.has(receipt.giftId))
      .map((receipt) => ({ ...receipt }));
  }
}
