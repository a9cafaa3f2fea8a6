import { parseArgs } from 'node:util';
import { listLedgerBalances } from '@core/ledger/list-balances';
import { reconcileDay } from '@core/ledger/reconcile-day';
import { dayRange } from '@core/model/reconciliation';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { formatMoney, isCurrency } from '@core/money';
import type { UnitOfWork } from '@core/ports/repositories';
import type { CliContext } from './cli-context';
import { UsageError } from './usage-error';

/** The books disagree with the tables, or with the provider: the command has said where, and exits non-zero. */
export class LedgerDisagrees extends Error {}

/** The ledger commands; answers false when argv names none of them. */
export async function ledgerCommand(
  group: string | undefined,
  action: string | undefined,
  rest: string[],
  unitOfWork: UnitOfWork,
  io: CliContext,
): Promise<boolean> {
  if (group !== 'ledger') return false;
  if (action === 'verify') {
    if (rest.length > 0) throw new UsageError('ledger verify takes no arguments');
    const verdicts = await verifyLedger(unitOfWork);
    for (const verdict of verdicts) {
      const { currency, accounts, entries, differences, unbalanced } = verdict;
      if (differences.length === 0 && unbalanced.length === 0) {
        io.out(`${currency}: the ledger agrees with the tables (${accounts} accounts, ${entries} entries, each balanced)`);
        continue;
      }
      io.out(`${currency}: ${differences.length + unbalanced.length} difference${differences.length + unbalanced.length === 1 ? '' : 's'}`);
      for (const difference of differences) {
        io.out(
          `  ${currency} ${difference.account}: ledger ${formatMoney(difference.ledger, currency)}, tables ${formatMoney(difference.tables, currency)}`,
        );
      }
      for (const key of unbalanced) io.out(`  ${currency} entry ${key} does not balance`);
    }
    const failing = verdicts
      .filter((verdict) => verdict.differences.length > 0 || verdict.unbalanced.length > 0)
      .map((verdict) => verdict.currency);
    if (failing.length > 0)
      throw new LedgerDisagrees(`The ledger disagrees with the tables in ${failing.join(' and ')}: see the lines above.`);
    return true;
  }
  if (action === 'balances') {
    const { values, positionals } = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { currency: { type: 'string' } },
    });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    const currency = values.currency === undefined ? null : values.currency.toUpperCase();
    if (currency !== null && !isCurrency(currency)) throw new UsageError('--currency must be USD or CAD');
    const lines = await listLedgerBalances(unitOfWork, currency);
    if (lines.length === 0) io.out('Nothing has been posted yet.');
    let shown: string | null = null;
    for (const line of lines) {
      if (line.currency !== shown) io.out(line.currency);
      shown = line.currency;
      const who = line.name ? `  (${line.name})` : '';
      io.out(`  ${line.account.padEnd(56)} ${formatMoney(line.balance, line.currency).padStart(16)}${who}`);
    }
    return true;
  }
  if (action === 'reconcile') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { date: { type: 'string' } } });
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals.join(' ')}`);
    if (values.date === undefined) throw new UsageError('Name the day to reconcile: ledger reconcile --date YYYY-MM-DD');
    const range = dayRange(values.date);
    if (!range) throw new UsageError(`--date must be a day like 2026-11-24 (got "${values.date}")`);
    if (range.from > io.clock.now()) throw new UsageError(`${values.date} has not begun yet (days are in UTC)`);
    if (!io.gateway) throw new Error('No payment provider is configured for this command.');
    const gateway = await io.gateway();
    // The operator's word: run the day again even if the daily job ran it (differences already e-mailed are not e-mailed again).
    const run = await reconcileDay(
      values.date,
      { unitOfWork, gateway, clock: io.clock, appUrl: io.appUrl ?? '', supportEmail: io.supportEmail },
      { force: true },
    );
    if (!run) throw new Error(`The reconciliation of ${values.date} could not be claimed.`);
    const count = run.differences.length;
    const transactions = `${run.transactions} balance transaction${run.transactions === 1 ? '' : 's'}`;
    if (count === 0) {
      io.out(`${run.day}: the payment provider's ${transactions} agree with the ledger`);
      return true;
    }
    io.out(`${run.day}: ${count} difference${count === 1 ? '' : 's'} with the payment provider (${transactions})`);
    for (const difference of run.differences) io.out(`  ${difference.description}`);
    throw new LedgerDisagrees(`The ledger disagrees with the payment provider on ${run.day}: see the lines above.`);
  }
  throw new UsageError(`Unknown command: ledger ${[action, ...rest].filter(Boolean).join(' ')}`);
}
