import { DomainError } from '../errors';
import { CURRENCIES, isCurrency, type Currency } from '../money';
import type { Clock } from '../ports/clock';
import type { PostedLedgerEntry, UnitOfWork } from '../ports/repositories';
import { financeLines, monthlyGiftVolume, monthRange, PAYOUT_KINDS, registryOfPayoutSent, type FinanceLine } from './finance-figures';
import type { ReconciliationDifference, ReconciliationRun } from './reconciliation';

/** How many months the gift volume chart shows, the chosen one last. */
export const CHART_MONTHS = 12;

/** The month's reconciliation in one word: any difference outweighs a failure, which outweighs agreement. */
export type MonthReconciliationStatus = 'agreed' | 'differences' | 'failed' | 'not_run';

export interface FinanceReport {
  currency: Currency;
  month: string;
  lines: FinanceLine[];
  /** Gifts paid per month, for the chart: the CHART_MONTHS months up to the chosen one. */
  giftVolume: { month: string; amount: number }[];
  reconciliation: {
    status: MonthReconciliationStatus;
    /** How many of the month's days were reconciled (agreed or with differences). */
    daysReconciled: number;
    /** The month's last run, when any ran. */
    lastRun: Pick<ReconciliationRun, 'day' | 'status' | 'finishedAt'> | null;
    /** The differences the month's runs found, in this currency, each once, as last found. */
    differences: (ReconciliationDifference & { day: string })[];
    /** Days whose run failed, and why. */
    failures: { day: string; failure: string }[];
  };
}

export interface FinanceQuery {
  currency: Currency;
  month: string;
  range: { from: Date; to: Date };
}

/** The currency and month of a finance request, checked: USD or CAD; a YYYY-MM month that has begun. Today's month and USD when left out. */
export function financeQuery(query: { currency?: unknown; month?: unknown }, now: Date): FinanceQuery {
  const currency = query.currency === undefined ? 'USD' : typeof query.currency === 'string' ? query.currency.toUpperCase() : null;
  if (!isCurrency(currency)) throw new DomainError('validation.failed', `Currency must be ${CURRENCIES.join(' or ')}`);
  const month = query.month === undefined ? now.toISOString().slice(0, 7) : query.month;
  const range = typeof month === 'string' ? monthRange(month) : null;
  if (typeof month !== 'string' || !range) throw new DomainError('validation.failed', 'Month must be a year and month, like 2026-11');
  if (range.from > now) throw new DomainError('validation.failed', `${month} has not begun yet`);
  return { currency, month, range };
}

/** The finance page of one currency and month, from one snapshot of the ledger. */
export async function financeReport(query: { currency?: unknown; month?: unknown }, ports: { unitOfWork: UnitOfWork; clock: Clock }): Promise<FinanceReport> {
  const { currency, month, range } = financeQuery(query, ports.clock.now());
  return ports.unitOfWork.transaction(
    async ({ ledger, registries, reconciliations }) => {
      const movements = await ledger.listMonthlyMovements();
      const payouts = (await ledger.listPosted({ from: new Date(0), to: range.to }, PAYOUT_KINDS)).filter((entry) => entry.currency === currency);
      // A family payout sent without a provider id went by PayPal or check: its registry says which.
      const methods = new Map<string, 'paypal' | 'check' | null>();
      for (const entry of payouts) {
        const registryId = entry.kind === 'family_payout.sent' && entry.reference === null ? registryOfPayoutSent(entry.key) : null;
        if (!registryId || methods.has(registryId)) continue;
        const method = (await registries.findById(registryId))?.payoutMethod ?? null;
        methods.set(registryId, method === 'paypal' || method === 'check' ? method : null);
      }
      const runs = await reconciliations.listRuns(`${month}-01`, `${month}-31`);
      return {
        currency,
        month,
        lines: financeLines(movements, payouts, currency, month, (registryId) => methods.get(registryId) ?? null),
        giftVolume: monthlyGiftVolume(movements, currency, month, CHART_MONTHS),
        reconciliation: monthReconciliation(runs, currency),
      };
    },
    { snapshot: true },
  );
}

function monthReconciliation(runs: readonly ReconciliationRun[], currency: Currency): FinanceReport['reconciliation'] {
  const differences = new Map<string, ReconciliationDifference & { day: string }>();
  for (const run of runs) {
    for (const difference of run.differences) {
      if (difference.currency === currency || !isCurrency(difference.currency)) differences.set(difference.key, { ...difference, day: run.day });
    }
  }
  const failures = runs.filter((run) => run.status === 'failed').map((run) => ({ day: run.day, failure: run.failure ?? 'The run failed.' }));
  const reconciled = runs.filter((run) => run.status === 'agreed' || run.status === 'differences');
  const last = runs.at(-1);
  return {
    status: differences.size > 0 ? 'differences' : failures.length > 0 ? 'failed' : reconciled.length > 0 ? 'agreed' : 'not_run',
    daysReconciled: reconciled.length,
    lastRun: last ? { day: last.day, status: last.status, finishedAt: last.finishedAt } : null,
    differences: [...differences.values()],
    failures,
  };
}

/** The month's ledger entries in one currency, oldest first: the accountant's journal (exported as CSV). */
export async function monthJournal(query: { currency?: unknown; month?: unknown }, ports: { unitOfWork: UnitOfWork; clock: Clock }): Promise<{ currency: Currency; month: string; entries: PostedLedgerEntry[] }> {
  const { currency, month, range } = financeQuery(query, ports.clock.now());
  const entries = await ports.unitOfWork.transaction(({ ledger }) => ledger.listPosted(range), { snapshot: true });
  return { currency, month, entries: entries.filter((entry) => entry.currency === currency) };
}
