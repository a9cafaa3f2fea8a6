import { centsToDecimalString } from '../money';
import type { CharityPayout } from '../payout/charity-payout';
import { payoutReducedByRefundNotice } from '../payout/payout-emails';
import type { Repositories } from '../ports/repositories';
import type { Registry } from '../registry/registry';
import type { Gift } from './gift';

export const REFUND_OWNER_ONLY_WHILE_OPEN =
  'Once the registry is closed, only the administrators can refund a gift: please ask support';
export const REFUND_NOT_AFTER_BANK_PAYOUT =
  'This registry is paid out by bank transfer, which is sent (or may be sent again) at any time after closing, so its gifts can no longer be refunded';
export const REFUND_NOT_AFTER_FAMILY_PAID = 'The family’s payout was already sent, so this gift can no longer be refunded';
export const REFUND_NOT_AFTER_CHARITY_PAID = 'This gift’s charity share was already paid to the charity, so it can no longer be refunded';

/**
 * Why an administrator cannot refund a paid gift of a closed registry, or null when they can: only
 * while none of its money has left. The family's PayPal or check payout must still be pending (a
 * bank transfer may go at any moment), and the gift's charity share must still be in its
 * charity's pending payout (closing adds a registry's shares at once, so being listed there
 * proves the share is unpaid).
 */
export function closedRefundRefusal(
  registry: Pick<Registry, 'id' | 'status' | 'payoutMethod' | 'payoutStatus'>,
  pendingCharityPayout: Pick<CharityPayout, 'registryIds' | 'status'> | null,
): string | null {
  if (registry.payoutMethod !== 'paypal' && registry.payoutMethod !== 'check') return REFUND_NOT_AFTER_BANK_PAYOUT;
  if (registry.status !== 'closed' || registry.payoutStatus !== 'pending') return REFUND_NOT_AFTER_FAMILY_PAID;
  if (!pendingCharityPayout || pendingCharityPayout.status !== 'pending' || !pendingCharityPayout.registryIds.includes(registry.id)) {
    return REFUND_NOT_AFTER_CHARITY_PAID;
  }
  return null;
}

type Books = Pick<Repositories, 'registries' | 'gifts' | 'charityPayouts' | 'users' | 'mail'>;

/**
 * Takes a gift, just marked refunded, out of its closed registry's payouts, with the registry
 * locked by the caller: the family's and the charities' amounts drop by the gift's parts, and the
 * charity's pending payout by its share (the registry leaves it with its last gift to that
 * charity; a payout left holding nothing goes). A family payout left at nothing is settled as
 * closing settles one, and the owner is told what the payout is now. Answers the amounts before
 * and after, for the audit trail.
 */
export async function takeOutOfPayouts(gift: Gift, registry: Registry, books: Books, now: Date, supportEmail: string) {
  const payout = await books.charityPayouts.findPendingForUpdate(gift.charityId, registry.currency);
  if (!payout || !payout.registryIds.includes(registry.id) || payout.amount < gift.charityAmount || payout.giftCount < 1) {
    // Refused while a refund is under way, so this is the ledger disagreeing with itself: change nothing until a person looks.
    throw new Error(`gift ${gift.id}: its charity share is not in a pending payout of registry ${registry.id}`);
  }
  const payoutAmount = (registry.payoutAmount ?? 0) - gift.childAmount;
  const charityPayoutAmount = (registry.charityPayoutAmount ?? 0) - gift.charityAmount;
  const settled = payoutAmount === 0;
  await books.registries.addToTotalReceived(registry.id, -gift.amount);
  const after = await books.registries.update(registry.id, {
    payoutAmount,
    charityPayoutAmount,
    ...(settled ? { status: 'payout_sent' as const, payoutStatus: 'completed' as const, payoutSentAt: now } : {}),
  });

  const stillGiving = (await books.gifts.listByRegistry(registry.id)).some((other) => other.paymentStatus === 'succeeded' && other.charityId === gift.charityId);
  const registryIds = stillGiving ? payout.registryIds : payout.registryIds.filter((id) => id !== registry.id);
  const shares = { amount: payout.amount - gift.charityAmount, giftCount: payout.giftCount - 1, registryIds };
  if (registryIds.length === 0 && shares.amount === 0 && shares.giftCount === 0) await books.charityPayouts.deletePending(payout.id);
  else await books.charityPayouts.setPendingShares(payout.id, shares);

  const owner = await books.users.findById(registry.userId);
  if (owner) {
    await books.mail.enqueue({ ...payoutReducedByRefundNotice(after, owner, gift, supportEmail), dedupeKey: `payout-reduced-by-refund-${gift.id}` });
  }
  const view = (status: Registry['status'], family: number, charities: number, charity: { amount: number; giftCount: number } | null) => ({
    status,
    payoutAmount: centsToDecimalString(family),
    charityPayoutAmount: centsToDecimalString(charities),
    charityPayout: charity && { id: payout.id, amount: centsToDecimalString(charity.amount), giftCount: charity.giftCount },
  });
  return {
    before: view(registry.status, registry.payoutAmount ?? 0, registry.charityPayoutAmount ?? 0, payout),
    after: view(after.status, payoutAmount, charityPayoutAmount, registryIds.length === 0 ? null : shares),
  };
}
