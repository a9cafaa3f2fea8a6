import type { Currency, Cents } from '../money';
import type { UnitOfWork } from '../ports/repositories';
import type { PaymentPorts } from '../ports/payment-ports';
import type { Registry } from '../model/registry';
import type { Gift } from '../model/gift';
import { giftPaidEntry, latePaymentRefundedEntry } from '../ledger/posting-rules';
import { giftNotice, giftReceipt, giftRefundNotice } from './gift-emails';
import { pageUrl, paths } from '../page-paths';
import { issueReceiptFor } from '../receipt/issue-receipt';

/** What became of a provider's report; the caller logs the ones that need a person's eye. */
export type PaymentOutcome =
  | { kind: 'credited'; gift: Gift; registry: Registry }
  | { kind: 'refunded'; gift: Gift }
  | { kind: 'failed'; gift: Gift }
  | { kind: 'already-settled'; gift: Gift }
  | { kind: 'mismatch'; gift: Gift; expected: { amount: Cents; currency: Currency }; reported: { amount: Cents; currency: Currency } }
  | { kind: 'unknown-payment' };

export function totalCharged(gift: Gift): Cents {
  return gift.amount + gift.platformFee + gift.cardFee;
}

/**
 * A payment succeeded: the gift becomes succeeded and its registry's total grows by the gift, both
 * in one transaction, exactly once however often and in whatever order the news arrives. A gift
 * that failed before may still succeed (the giver tried another card); a succeeded or refunded one
 * (or disputed) never changes here. A payment for a closed registry, or for a gift that expired unpaid (its
 * payment was cancelled, so this should never come), is refunded, never credited. The giver's
 * receipt and the family's notice are queued in the same transaction, once per gift.
 */
export async function recordPaymentSucceeded(
  report: { paymentIntentId: string; amount: Cents; currency: Currency },
  ports: PaymentPorts,
): Promise<PaymentOutcome> {
  const reportedFee = await feeToRecord(report.paymentIntentId, ports);
  const outcome = await ports.unitOfWork.transaction(
    async ({
      gifts,
      registries,
      charities,
      users,
      mail,
      ledger,
      receipts,
    }): Promise<PaymentOutcome | { kind: 'refund'; gift: Gift; currency: Currency }> => {
      const gift = await gifts.findByPaymentIntentIdForUpdate(report.paymentIntentId);
      if (!gift) return { kind: 'unknown-payment' };
      if (
        gift.paymentStatus === 'succeeded' ||
        gift.paymentStatus === 'refunding' ||
        gift.paymentStatus === 'refunded' ||
        gift.paymentStatus === 'disputed'
      )
        return { kind: 'already-settled', gift };
      const registry = await registries.findByIdForUpdate(gift.registryId);
      if (!registry) return { kind: 'unknown-payment' };
      const expected = { amount: totalCharged(gift), currency: gift.currency };
      if (report.amount !== expected.amount || report.currency !== expected.currency) {
        return { kind: 'mismatch', gift, expected, reported: { amount: report.amount, currency: report.currency } };
      }
      // Neither a closed registry nor a gift given up as abandoned takes money any more.
      if (registry.status !== 'open' || gift.paymentStatus === 'expired') return { kind: 'refund', gift, currency: gift.currency };
      const providerFee = reportedFee ?? gift.cardFee;
      await gifts.setStatus(gift.id, 'succeeded');
      await gifts.setProviderFee(gift.id, providerFee);
      await registries.addToTotalReceived(registry.id, gift.amount);
      await ledger.post(giftPaidEntry(gift, gift.currency, providerFee));
      const [charity, owner, ...coOwners] = await Promise.all([
        charities.findById(gift.charityId),
        users.findById(registry.userId),
        ...registry.coOwnerIds.map((id) => users.findById(id)),
      ]);
      // Numbered in this transaction: a webhook and the browser's confirmation racing credit the gift once, so number it once.
      const receipt = charity ? await issueReceiptFor(gift, charity, ports.clock?.now() ?? new Date(), receipts) : null;
      if (charity)
        await mail.enqueue({ ...giftReceipt(gift, registry, charity, ports.supportEmail, receipt), dedupeKey: `gift-receipt-${gift.id}` });
      if (charity && owner) {
        await mail.enqueue({
          ...giftNotice(gift, registry, charity, owner, pageUrl(ports.appUrl, paths.registry(registry.id)), ports.supportEmail),
          dedupeKey: `gift-notice-${gift.id}`,
        });
      }
      // Both parents hear of each gift, not only the one who made the registry.
      for (const coOwner of coOwners) {
        if (!charity || !coOwner) continue;
        await mail.enqueue({
          ...giftNotice(gift, registry, charity, coOwner, pageUrl(ports.appUrl, paths.registry(registry.id)), ports.supportEmail),
          dedupeKey: `gift-notice-${gift.id}-${coOwner.id}`,
        });
      }
      return {
        kind: 'credited',
        gift: { ...gift, paymentStatus: 'succeeded', providerFee },
        registry: { ...registry, totalReceived: registry.totalReceived + gift.amount },
      };
    },
  );
  if (outcome.kind !== 'refund') return outcome;

  // The provider call stays outside the transaction; its idempotency key makes a repeat harmless,
  // and until it succeeds the gift stays unsettled so the provider's retry tries again.
  await ports.gateway.refund(report.paymentIntentId, `refund-${outcome.gift.id}`);
  const providerFee = reportedFee ?? outcome.gift.cardFee;
  await ports.unitOfWork.transaction(async ({ gifts, registries, mail, ledger }) => {
    await gifts.setStatus(outcome.gift.id, 'refunded');
    await gifts.setProviderFee(outcome.gift.id, providerFee);
    // The provider keeps its fee on the charge it gave back: that is all this payment cost.
    const entry = latePaymentRefundedEntry(outcome.gift, outcome.currency, providerFee);
    if (entry) await ledger.post(entry);
    const registry = await registries.findById(outcome.gift.registryId);
    if (registry)
      await mail.enqueue({ ...giftRefundNotice(outcome.gift, registry, ports.supportEmail), dedupeKey: `gift-refund-${outcome.gift.id}` });
  });
  return { kind: 'refunded', gift: { ...outcome.gift, paymentStatus: 'refunded', providerFee } };
}

/**
 * The fee the provider took, asked of it only for a gift this report may still settle (a repeated
 * report of a settled gift costs no call). Null when the provider does not say: the giver's card
 * fee, our estimate of it, stands in. A provider that cannot be asked fails the report, which its
 * sender retries, rather than let an estimate into the books unnoticed.
 */
async function feeToRecord(paymentIntentId: string, ports: PaymentPorts): Promise<Cents | null> {
  const gift = await ports.unitOfWork.transaction((tx) => tx.gifts.findByPaymentIntentIdForUpdate(paymentIntentId));
  if (
    !gift ||
    gift.paymentStatus === 'succeeded' ||
    gift.paymentStatus === 'refunding' ||
    gift.paymentStatus === 'refunded' ||
    gift.paymentStatus === 'disputed'
  )
    return null;
  return ports.gateway.paymentFee(paymentIntentId);
}

/** A payment attempt failed: a pending gift becomes failed; anything settled stays as it is. */
export async function recordPaymentFailed(report: { paymentIntentId: string }, ports: { unitOfWork: UnitOfWork }): Promise<PaymentOutcome> {
  return ports.unitOfWork.transaction(async ({ gifts }) => {
    const gift = await gifts.findByPaymentIntentIdForUpdate(report.paymentIntentId);
    if (!gift) return { kind: 'unknown-payment' };
    if (gift.paymentStatus !== 'pending') return { kind: 'already-settled', gift };
    await gifts.setStatus(gift.id, 'failed');
    return { kind: 'failed', gift: { ...gift, paymentStatus: 'failed' } };
  });
}
