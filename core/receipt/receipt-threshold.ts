/** Gifts over this amount come with a receipt for the charity's 10% (the FAQ's promise), where the charity's details are on file. */
export const TAX_RECEIPT_THRESHOLD_CENTS = 20_000;

export function overReceiptThreshold(amount: number): boolean {
  return amount > TAX_RECEIPT_THRESHOLD_CENTS;
}
