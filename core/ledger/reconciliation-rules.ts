import { centsToDecimalString, formatMoney, isCurrency, type Cents } from '../money';
import type { BalanceTransaction, TimeRange } from '../ports/payment-gateway';
import type { PostedLedgerEntry } from '../ports/ledger';
import { CARD_FEES_PAID, PROVIDER_CASH, REFUNDS_ABSORBED } from './chart-of-accounts';
import type { ReconciliationDifference } from '../model/reconciliation';

/**
 * How the provider's balance transactions of a day are matched to the ledger: by the provider id
 * each ledger entry names (its `reference`), per kind of movement:
 *
 * - a charge to the entry that recorded the gift paid: the amount the giver paid is what the entry
 *   put in provider cash and card fees paid, and the fee is its card fees paid. A payment that came
 *   too late was refunded at once and never counted: only its fee is in the ledger, as refunds absorbed.
 * - a refund to the entry that recorded it: the cash that left (a late payment's entry records only
 *   the fee it lost, so only its existence is checked). A refund costs no fee.
 * - a transfer to the payout entry that recorded it, for the cash that left. A transfer costs no fee.
 * - anything else (a dispute, a fee the provider billed on its own) is matched when an entry of
 *   another kind than those above names it (a dispute's entry, say: the gift's own entries name
 *   the same payment and prove nothing about its dispute); otherwise it is money the ledger never
 *   saw, or a fee it did not know.
 * - the platform's payouts to its own bank are not in the ledger (provider cash is what the
 *   platform holds for others and has earned, wherever it sits), and are left out.
 *
 * Then the other way: every bank transfer the ledger posted that day must be in the provider's
 * balance. The provider's list reaches a little past the day on each side, so a movement posted a
 * moment after midnight on the other side still matches; only the day's own transactions are checked.
 */
export function reconciliationDifferences(input: {
  day: TimeRange;
  /** The provider's balance transactions of the day and of a margin around it. */
  transactions: readonly BalanceTransaction[];
  /** The entries naming any of those transactions' references or ids, and those posted in the day. */
  entries: readonly PostedLedgerEntry[];
}): ReconciliationDifference[] {
  const byReference = new Map<string, PostedLedgerEntry[]>();
  for (const entry of input.entries) {
    if (entry.reference === null) continue;
    byReference.set(entry.reference, [...(byReference.get(entry.reference) ?? []), entry]);
  }
  const within = (date: Date) => date >= input.day.from && date < input.day.to;
  const differences: ReconciliationDifference[] = [];

  for (const transaction of input.transactions) {
    if (!within(transaction.created) || transaction.kind === 'payout') continue;
    const named = [
      ...(transaction.reference ? (byReference.get(transaction.reference) ?? []) : []),
      ...(byReference.get(transaction.id) ?? []),
    ];
    differences.push(...transactionDifferences(transaction, named));
  }

  const atProvider = new Set(
    input.transactions
      .filter((transaction) => transaction.kind === 'transfer')
      .map((transaction) => transaction.reference ?? transaction.id),
  );
  for (const entry of input.entries) {
    if (entry.kind !== 'family_payout.sent' || entry.reference === null || !within(entry.postedAt) || atProvider.has(entry.reference))
      continue;
    const sent = -postingOf(entry, PROVIDER_CASH);
    differences.push({
      key: `missing_at_provider:${entry.reference}`,
      kind: 'missing_at_provider',
      currency: entry.currency,
      transactionId: null,
      reference: entry.reference,
      provider: null,
      ledger: -sent,
      description: `A bank transfer of ${money(sent, entry.currency)} (${entry.reference}) that the provider does not have.`,
    });
  }
  return differences;
}

function transactionDifferences(transaction: BalanceTransaction, named: readonly PostedLedgerEntry[]): ReconciliationDifference[] {
  const { id, currency, reference, amount, fee } = transaction;
  const base = { currency, transactionId: id, reference };
  const what = `${transaction.kind === 'other' ? transaction.type.replaceAll('_', ' ') : transaction.kind} ${reference ?? id}`;
  const unrecorded = (noun: string): ReconciliationDifference => ({
    ...base,
    key: `unrecorded:${id}`,
    kind: 'unrecorded',
    provider: amount,
    ledger: null,
    description: `${a(noun)} of ${money(Math.abs(amount), currency)} (${reference ?? id}) that the ledger never recorded.`,
  });
  const amountDiffers = (ledger: Cents): ReconciliationDifference => ({
    ...base,
    key: `amount_differs:${id}`,
    kind: 'amount_differs',
    provider: amount,
    ledger,
    description: `The ${what}: the provider has ${money(amount, currency)}, the ledger ${money(ledger, currency)}.`,
  });
  const unknownFee = (ledger: Cents): ReconciliationDifference => ({
    ...base,
    key: `unknown_fee:${id}`,
    kind: 'unknown_fee',
    provider: fee,
    ledger,
    description:
      ledger === 0
        ? `A fee of ${money(fee, currency)} on the ${what} that the ledger did not know.`
        : `A fee of ${money(fee, currency)} on the ${what}, where the ledger has ${money(ledger, currency)}.`,
  });

  const found: ReconciliationDifference[] = [];
  const feeOnly = (ledgerFee: Cents) => {
    if (fee !== ledgerFee) found.push(unknownFee(ledgerFee));
  };
  switch (transaction.kind) {
    case 'charge': {
      const paid = named.find((entry) => entry.kind === 'gift.paid');
      const late = named.find((entry) => entry.kind === 'gift.late_payment_refunded');
      if (paid) {
        const ledgerFee = postingOf(paid, CARD_FEES_PAID);
        const taken = postingOf(paid, PROVIDER_CASH) + ledgerFee;
        if (taken !== amount) found.push(amountDiffers(taken));
        feeOnly(ledgerFee);
      } else if (late) {
        feeOnly(postingOf(late, REFUNDS_ABSORBED));
      } else {
        found.push(unrecorded('charge'));
      }
      return found;
    }
    case 'refund': {
      const refunded = named.find((entry) => REFUND_KINDS.has(entry.kind));
      const late = named.find((entry) => entry.kind === 'gift.late_payment_refunded');
      if (refunded) {
        const given = postingOf(refunded, PROVIDER_CASH);
        if (given !== amount) found.push(amountDiffers(given));
      } else if (!late) {
        return [unrecorded('refund')];
      }
      feeOnly(0);
      return found;
    }
    case 'transfer': {
      const sent = named.find((entry) => entry.kind === 'family_payout.sent');
      if (!sent) return [unrecorded('transfer')];
      const left = postingOf(sent, PROVIDER_CASH);
      if (left !== amount) found.push(amountDiffers(left));
      feeOnly(0);
      return found;
    }
    default: {
      if (named.some((entry) => !MATCHED_ABOVE.has(entry.kind))) return [];
      if (amount === 0 || /fee/i.test(transaction.type)) {
        return [
          {
            ...unknownFee(0),
            provider: fee !== 0 ? fee : -amount,
            description: `${a(transaction.type.replaceAll('_', ' '))} of ${money(fee !== 0 ? fee : -amount, currency)} (${id}) that the ledger did not know.`,
          },
        ];
      }
      return [unrecorded(transaction.type.replaceAll('_', ' '))];
    }
  }
}

/** The refunds of a gift kept until then, wherever its money was promised: each gives back all the giver paid. */
const REFUND_KINDS = new Set<string>(['gift.refunded', 'gift.refunded_after_closing', 'gift.refunded_at_platform_cost']);
/** The kinds of entry the charge, refund and transfer rules match. */
const MATCHED_ABOVE = new Set<string>(['gift.paid', ...REFUND_KINDS, 'gift.late_payment_refunded', 'family_payout.sent']);

/** "a charge", "an adjustment". */
function a(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'An' : 'A'} ${noun}`;
}

/** The entry's posting on the account, in signed cents; 0 when it has none. */
function postingOf(entry: PostedLedgerEntry, account: string): Cents {
  return entry.postings.filter((posting) => posting.account === account).reduce((sum, posting) => sum + posting.amount, 0);
}

/** $12.34, or 12.34 EUR for a currency the registry does not keep. */
function money(cents: Cents, currency: string): string {
  return isCurrency(currency) ? formatMoney(cents, currency) : `${centsToDecimalString(cents)} ${currency}`;
}
