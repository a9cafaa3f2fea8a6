import type { Gift } from '../model/gift';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { receiptVoidNotice, type VoidReason } from './receipt-emails';

/**
 * Inside the transaction that gives a gift's money back to its giver (a refund, a lost dispute):
 * voids the gift's receipt, if it has one that stands, and tells the giver, once. The giver then
 * made no donation, whoever bears the loss.
 */
export async function voidReceiptOf(
  gift: Gift,
  registry: Registry,
  reason: VoidReason,
  at: Date,
  repositories: Pick<Repositories, 'receipts' | 'mail'>,
  supportEmail: string,
): Promise<void> {
  const voided = await repositories.receipts.voidForGift(gift.id, at);
  if (voided)
    await repositories.mail.enqueue({
      ...receiptVoidNotice(voided, gift, registry, reason, supportEmail),
      dedupeKey: `receipt-void-${voided.id}`,
    });
}
