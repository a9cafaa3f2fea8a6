import type { NewReceipt, Receipt } from '../model/receipt';

/** The charities' receipts (core/model/receipt.ts): issued once per gift, voided at most once, never otherwise changed. */
export interface ReceiptRepository {
  /**
   * Inside the transaction that records the gift's payment: takes the next number of the receipt's
   * year from that year's counter, which stays locked until the transaction ends, so numbers are
   * unique and, whatever rolls back, without gaps. A gift that has a receipt already keeps it, and
   * its receipt is answered unchanged.
   */
  issue(receipt: NewReceipt): Promise<Receipt>;
  findByGiftId(giftId: string): Promise<Receipt | null>;
  /** Voids the gift's issued receipt in one conditional statement and answers it; null when it has none, or it is void already. */
  voidForGift(giftId: string, at: Date): Promise<Receipt | null>;
  /** The receipts of these gifts, in no particular order. */
  listByGiftIds(giftIds: readonly string[]): Promise<Receipt[]>;
}
