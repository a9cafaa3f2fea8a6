import type { Charity } from '../model/charity';
import { issuesReceipts } from '../charity/charity-details';
import type { Gift } from '../model/gift';
import type { ReceiptRepository } from '../ports/receipt-repository';
import type { Receipt } from '../model/receipt';
import { receiptDay } from './receipt-day';
import { overReceiptThreshold } from './receipt-threshold';

/**
 * Inside the transaction that records a gift's payment: the gift's receipt, when it qualifies (over
 * the threshold, to a charity whose details are on file), numbered there and then; null otherwise.
 * What it states is taken from the charity's record and the gift as they are now.
 */
export async function issueReceiptFor(gift: Gift, charity: Charity, paidAt: Date, receipts: ReceiptRepository): Promise<Receipt | null> {
  if (!overReceiptThreshold(gift.amount) || !issuesReceipts(charity)) return null;
  return receipts.issue({
    giftId: gift.id,
    registryId: gift.registryId,
    charityId: charity.id,
    issuedOn: receiptDay(paidAt),
    charityLegalName: charity.details.legalName,
    charityTaxId: charity.details.taxId,
    charityCountry: charity.details.country,
    charityAddress: charity.details.address,
    giverName: gift.giftGiverName,
    amount: gift.charityAmount,
    currency: gift.currency,
  });
}
