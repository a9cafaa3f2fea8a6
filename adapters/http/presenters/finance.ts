import { toWireAmount } from '@api/amount';
import type { FinanceReportView } from '@api/finance';
import type { FinanceReport, JournalEntry } from '@core/ledger/finance-report';
import { centsToDecimalString, type Cents, type Currency } from '@core/money';
import { csvText } from './csv';

const wire = (cents: Cents | null) => (cents === null ? null : toWireAmount(cents));

export function presentFinanceReport(report: FinanceReport): FinanceReportView {
  const { reconciliation } = report;
  return {
    currency: report.currency,
    month: report.month,
    lines: report.lines.map((line) => ({ id: line.id, month: toWireAmount(line.month), toDate: toWireAmount(line.toDate) })),
    cashShortfall: toWireAmount(report.cashShortfall),
    giftVolume: report.giftVolume.map((each) => ({ month: each.month, amount: toWireAmount(each.amount) })),
    reconciliation: {
      status: reconciliation.status,
      daysReconciled: reconciliation.daysReconciled,
      lastRun: reconciliation.lastRun
        ? {
            day: reconciliation.lastRun.day,
            status: reconciliation.lastRun.status,
            finishedAt: reconciliation.lastRun.finishedAt?.toISOString() ?? null,
          }
        : null,
      differences: reconciliation.differences.map((difference) => ({
        key: difference.key,
        kind: difference.kind,
        currency: difference.currency,
        transactionId: difference.transactionId,
        reference: difference.reference,
        provider: wire(difference.provider),
        ledger: wire(difference.ledger),
        description: difference.description,
        day: difference.day,
      })),
      failures: reconciliation.failures,
    },
  };
}

const COLUMNS = ['posted_at', 'entry', 'kind', 'reference', 'account', 'held_for', 'registry_id', 'debit', 'credit', 'currency'];

/**
 * The month's journal for an accountant: one row per posting, a debit or a credit as an exact
 * decimal (cents through centsToDecimalString, never a float), lines ended by CRLF as RFC 4180 has
 * them, and a total row whose debits and credits are equal. Each account money is held in for
 * someone is named: held_for is the child's name (with registry_id) or the charity's name.
 */
export function financeJournalCsv(entries: readonly JournalEntry[], currency: Currency): string {
  const rows = [COLUMNS];
  let debits = 0;
  let credits = 0;
  for (const entry of entries) {
    for (const posting of entry.postings) {
      const debit = posting.amount > 0 ? posting.amount : 0;
      const credit = posting.amount < 0 ? -posting.amount : 0;
      debits += debit;
      credits += credit;
      const holder = posting.holder;
      const heldFor = holder ? (holder.name ?? (holder.charityId ? 'A charity no longer listed' : 'A registry since deleted')) : '';
      rows.push([
        entry.postedAt.toISOString(),
        entry.key,
        entry.kind,
        entry.reference ?? '',
        posting.account,
        heldFor,
        holder?.registryId ?? '',
        debit ? centsToDecimalString(debit) : '',
        credit ? centsToDecimalString(credit) : '',
        currency,
      ]);
    }
  }
  rows.push(['', 'total', '', '', '', '', '', centsToDecimalString(debits), centsToDecimalString(credits), currency]);
  return csvText(rows);
}
