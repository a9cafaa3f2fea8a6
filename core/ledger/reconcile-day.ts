import { pageUrl, paths } from '../page-paths';
import type { Clock } from '../ports/clock';
import type { PaymentGateway } from '../ports/payment-gateway';
import type { UnitOfWork } from '../ports/repositories';
import { dayBefore, dayRange, type ReconciliationRun } from '../model/reconciliation';
import { reconciliationDifferencesNotice } from './reconciliation-emails';
import { reconciliationDifferences } from './reconciliation-rules';

/** How far past the day on each side the provider's list reaches, so a movement posted across midnight from it still matches. */
export const RECONCILIATION_MARGIN_MS = 60 * 60 * 1000;
/**
 * How long after a day ends it is reconciled: a payment's webhook retried, or settled by the
 * abandoned-gift sweep, lands in the ledger in that time, so it is not reported as a charge we
 * never saw.
 */
export const RECONCILIATION_GRACE_MS = 2 * 60 * 60 * 1000;
/** A run left 'running' this long has lost its instance (a deploy, a crash): another may take it over. */
export const RECONCILIATION_STALE_AFTER_MS = 60 * 60 * 1000;

export interface ReconcilePorts {
  unitOfWork: UnitOfWork;
  gateway: PaymentGateway;
  clock: Clock;
  appUrl: string;
  supportEmail: string;
}

/**
 * Reconciles one UTC day: lists the provider's balance transactions, matches them to the ledger
 * (core/ledger/reconciliation-rules.ts), stores the run, and e-mails the administrators the
 * differences found for the first time, all in one transaction. Only the instance that claims the
 * day runs it; force (the operator's command) runs it again whatever its state. Answers the run,
 * or null when another instance holds the day or it is done. A provider that does not answer
 * leaves the run failed (the next hourly look tries again) and throws.
 */
export async function reconcileDay(day: string, ports: ReconcilePorts, options: { force: boolean }): Promise<ReconciliationRun | null> {
  const range = dayRange(day);
  if (!range) throw new Error(`Not a day: ${day}`);
  const startedAt = ports.clock.now();
  const staleBefore = new Date(startedAt.getTime() - RECONCILIATION_STALE_AFTER_MS);
  const claimed = await ports.unitOfWork.transaction(({ reconciliations }) =>
    reconciliations.claim(day, startedAt, { staleBefore, force: options.force }),
  );
  if (!claimed) return null;

  let transactions;
  try {
    transactions = await ports.gateway.listBalanceTransactions({
      from: new Date(range.from.getTime() - RECONCILIATION_MARGIN_MS),
      to: new Date(range.to.getTime() + RECONCILIATION_MARGIN_MS),
    });
  } catch (error) {
    const failure = `The payment provider did not list its balance transactions: ${error instanceof Error ? error.message : String(error)}`;
    await ports.unitOfWork.transaction(({ reconciliations }) =>
      reconciliations.finish({ day, status: 'failed', finishedAt: ports.clock.now(), transactions: 0, differences: [], failure }),
    );
    throw error;
  }

  return ports.unitOfWork.transaction(async ({ ledger, reconciliations, users, mail }) => {
    const references = new Set(
      transactions.flatMap((transaction) => [transaction.id, ...(transaction.reference ? [transaction.reference] : [])]),
    );
    const [named, posted] = await Promise.all([ledger.listByReferences([...references]), ledger.listPosted(range)]);
    const entries = [...new Map([...named, ...posted].map((entry) => [entry.key, entry])).values()];
    const differences = reconciliationDifferences({ day: range, transactions, entries });
    const run: ReconciliationRun = {
      day,
      status: differences.length === 0 ? 'agreed' : 'differences',
      startedAt,
      finishedAt: ports.clock.now(),
      transactions: transactions.filter((transaction) => transaction.created >= range.from && transaction.created < range.to).length,
      differences,
      failure: null,
    };
    await reconciliations.finish(run);
    const fresh = await reconciliations.recordNew(day, differences);
    if (fresh.length > 0) {
      for (const admin of await users.listAdmins()) {
        await mail.enqueue({
          ...reconciliationDifferencesNotice(day, fresh, admin, pageUrl(ports.appUrl, paths.adminFinance), ports.supportEmail),
          // The first new difference was recorded by this run alone: the key is this run's.
          dedupeKey: `reconciliation-${admin.id}-${fresh[0]!.key}`.slice(0, 255),
        });
      }
    }
    return run;
  });
}

/** The daily run: the last UTC day over for RECONCILIATION_GRACE_MS, by whichever instance claims it first. */
export function reconcileYesterday(ports: ReconcilePorts): Promise<ReconciliationRun | null> {
  return reconcileDay(dayBefore(new Date(ports.clock.now().getTime() - RECONCILIATION_GRACE_MS)), ports, { force: false });
}
