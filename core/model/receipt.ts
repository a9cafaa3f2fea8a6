import type { CharityCountry } from './charity';
import type { Cents, Currency } from '../money';

export const RECEIPT_STATUSES = ['issued', 'void'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/**
 * The acknowledgment of the charity's 10% of one gift, issued by the platform as the charity's
 * agent. What it states is a snapshot taken when it was issued: the charity's record, or the
 * giver's name, changing later does not change a receipt already sent. It is the charity's record
 * for the tax authorities, so it keeps the giver's name and the amount when the family deletes its
 * account or the guests' data is purged (docs/product.md#charity-receipts). Its one change is to
 * void, when the gift is refunded or a dispute of it is lost.
 */
export interface Receipt {
  id: string;
  /** MG-YYYY-NNNNNN, unique, numbered without gaps within its year. */
  number: string;
  /** Null once the gift itself is gone; the receipt stays. */
  giftId: string | null;
  registryId: string;
  charityId: string;
  /** The day of the payment in US Eastern time, YYYY-MM-DD (receipt-day.ts). */
  issuedOn: string;
  charityLegalName: string;
  charityTaxId: string;
  charityCountry: CharityCountry;
  charityAddress: string;
  giverName: string;
  /** The eligible amount: the charity's 10% of the gift. */
  amount: Cents;
  currency: Currency;
  status: ReceiptStatus;
  voidedAt: Date | null;
  createdAt: Date;
}

export type NewReceipt = Omit<Receipt, 'id' | 'number' | 'status' | 'voidedAt' | 'createdAt'>;
