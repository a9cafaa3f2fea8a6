import type Stripe from 'stripe';
import { PROVIDER_DISPUTE_STATUSES, type DisputeReport, type ProviderDisputeStatus } from '@core/model/dispute';
import { isCurrency } from '@core/money';

function isDisputeStatus(value: string): value is ProviderDisputeStatus {
  return (PROVIDER_DISPUTE_STATUSES as readonly string[]).includes(value);
}

/**
 * Stripe's dispute object as our report of it, or null when it is no dispute of ours (no payment,
 * a currency we never charge in). The money it moved is read from its balance transactions: the
 * one that took the charge out (a negative amount, with the dispute fee) and the one that put it
 * back after a win (its net: the amount, and the fee when Stripe returned it).
 */
export function disputeReportOf(dispute: Stripe.Dispute): DisputeReport | null {
  const paymentIntentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  const currency = typeof dispute.currency === 'string' ? dispute.currency.toUpperCase() : '';
  if (
    typeof paymentIntentId !== 'string' ||
    !isCurrency(currency) ||
    !Number.isSafeInteger(dispute.amount) ||
    !isDisputeStatus(dispute.status)
  )
    return null;
  const transactions = (dispute.balance_transactions ?? []).filter(
    (each) => Number.isSafeInteger(each.amount) && Number.isSafeInteger(each.fee),
  );
  const taken = transactions.find((each) => each.amount < 0);
  const returned = transactions.find((each) => each.amount > 0);
  const dueBy = dispute.evidence_details?.due_by;
  return {
    disputeId: dispute.id,
    paymentIntentId,
    amount: dispute.amount,
    currency,
    reason: typeof dispute.reason === 'string' ? dispute.reason : 'general',
    status: dispute.status,
    evidenceDueBy: typeof dueBy === 'number' ? new Date(dueBy * 1000) : null,
    withdrawn: taken ? { amount: -taken.amount, fee: taken.fee } : null,
    reinstated: returned ? { amount: returned.net } : null,
  };
}
