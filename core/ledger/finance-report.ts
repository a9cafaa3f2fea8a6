import { DomainError } from '../errors';
import { CURRENCIES, isCurrency, type Currency } from '../money';
import type { Clock } from '../ports/clock';
import type { PostedLedgerEntry } from '../ports/ledger';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import { accountHolders, type AccountHolder } from './account-holders';
import {
  cashShortfall,
  financeLines,
  monthlyGiftVolume,
  monthRange,
  PAYOUT_KINDS,
  disputeOfFollowUpSent,
  registryOfPayoutSent,
  type FinanceLine,
} from './finance-figures';
import type { ReconciliationDifference, ReconciliationRun } from '../model/reconciliation';

/** How many months the gift volume chart shows, the chosen one last. */
export const CHART_MONTHS = 12;

/** The month's reconciliation in one word: any difference outweighs a failure, which outweighs agreement. */
export type MonthReconciliationStatus = 'agreed' | 'differences' | 'failed' | 'not_run';

export interface FinanceReport {
  currency: Currency;
  month: string;
  lines: FinanceLine[];
  /** How much less cash the provider holds than is held for others at the month's end (cashShortfall); 0 when it holds enough. */
  cashShortfall: number;
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
export async function financeReport(
  query: { currency?: unknown; month?: unknown },
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<FinanceReport> {
  const { currency, month, range } = financeQuery(query, ports.clock.now());
  return ports.unitOfWork.transaction(
    async ({ ledger, registries, disputes, reconciliations }) => {
      const movements = await ledger.listMonthlyMovements();
      const payouts = (await ledger.listPosted({ from: new Date(0), to: range.to }, PAYOUT_KINDS)).filter(
        (entry) => entry.currency === currency,
      );
      // A family payout sent without a provider id went by PayPal or check: its registry, or its follow-up, says which.
      const methods = new Map<string, 'paypal' | 'check' | null>();
      const manual = (method: string | null | undefined) => (method === 'paypal' || method === 'check' ? method : null);
      for (const entry of payouts) {
        if (entry.reference !== null || methods.has(entry.key)) continue;
        const registryId = entry.kind === 'family_payout.sent' ? registryOfPayoutSent(entry.key) : null;
        const disputeId = entry.kind === 'dispute.follow_up_sent' ? disputeOfFollowUpSent(entry.key) : null;
        if (registryId) methods.set(entry.key, manual((await registries.findById(registryId))?.payoutMethod));
        if (disputeId) methods.set(entry.key, manual((await disputes.findById(disputeId))?.followUp?.method));
      }
      const runs = await reconciliations.listRuns(`${month}-01`, `${month}-31`);
      const lines = financeLines(movements, payouts, currency, month, (entry) => methods.get(entry.key) ?? null);
      return {
        currency,
        month,
        lines,
        cashShortfall: cashShortfall(lines),
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
      if (difference.currency === currency || !isCurrency(difference.currency))
        differences.set(difference.key, { ...difference, day: run.day });
    }
  }
  const failures = runs
    .filter((run) => run.status === 'failed')
    .map((run) => ({ day: run.day, failure: run.failure ?? 'The run failed.' }));
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

/** One posting of the accountant's journal, with whom its account holds money for. */
export interface JournalPosting {
  account: string;
  amount: number;
  holder: AccountHolder | null;
}

/**
 * A journal entry as the accountant reads it: its reference is the provider's id where the money
 * moved through the provider, and otherwise the payout's own recorded reference (a charity
 * payout's reference number), so each payout can be found in the bank statement.
 */
export type JournalEntry = Omit<PostedLedgerEntry, 'postings'> & { postings: JournalPosting[] };

/** A charity payout's entries are keyed by its id (posting-rules.ts). */
const CHARITY_PAYOUT_KEY = /^charity-payout:([^:]+):sent$/;

/**
 * The reference a payout entry without a provider id is exported with. A charity payout's is the
 * reference number the administrator recorded when marking it completed. A family's PayPal or
 * check payout has no recorded reference yet (the payout record keeps none): its entry is
 * exported with the registry's id in its key, and the reference is left empty.
 */
async function recordedReference(entry: PostedLedgerEntry, charityPayouts: Repositories['charityPayouts']): Promise<string | null> {
  if (entry.reference !== null) return entry.reference;
  const charityPayoutId = entry.kind === 'charity_payout.sent' ? CHARITY_PAYOUT_KEY.exec(entry.key)?.[1] : undefined;
  if (charityPayoutId) return (await charityPayouts.findById(charityPayoutId))?.referenceNumber ?? null;
  return null;
}

/** The month's ledger entries in one currency, oldest first: the accountant's journal (exported as CSV), each account named for whom it holds money. */
export async function monthJournal(
  query: { currency?: unknown; month?: unknown },
  ports: { unitOfWork: UnitOfWork; clock: Clock },
): Promise<{ currency: Currency; month: string; entries: JournalEntry[] }> {
  const { currency, month, range } = financeQuery(query, ports.clock.now());
  const entries = await ports.unitOfWork.transaction(
    async ({ ledger, registries, charities, charityPayouts }) => {
      const holderOf = accountHolders({ registries, charities });
      const own = (await ledger.listPosted(range)).filter((entry) => entry.currency === currency);
      const named: JournalEntry[] = [];
      for (const entry of own) {
        const postings = await Promise.all(
          entry.postings.map(async (posting) => ({ ...posting, holder: await holderOf(posting.account) })),
        );
        named.push({ ...entry, reference: await recordedReference(entry, charityPayouts), postings });
      }
      return named;
    },
    { snapshot: true },
  );
  return { currency, month, entries };
}
