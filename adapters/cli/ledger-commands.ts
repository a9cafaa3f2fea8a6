import { parseArgs } from 'node:util';
import { listLedgerBalances } from '@core/ledger/list-balances';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { formatMoney, isCurrency } from '@core/money';
import type { UnitOfWork } from '@core/ports/repositories';
import type { CliContext } from './cli-context';
import { UsageError } from './usage-error';

/** The books disagree with the tables: the command has said where, and exits non-zero. */
export class LedgerDisagrees extends Error {}

/** The ledger commands; answers false when argv names none of them. */
export async function ledgerCommand(group: string | undefined, action: string | undefined, rest: string[], unitOfWork: UnitOfWork, io: CliContext): Promise<boolean> {
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
        io.out(`  ${currency} ${difference.account}: ledger ${formatMoney(difference.ledger, currency)}, tables ${formatMoney(difference.tables, currency)}`);
      }
      for (const key of unbalanced) io.out(`  ${currency} entry ${key} does not balance`);
    }
    const failing = verdicts.filter((verdict) => verdict.differences.length > 0 || verdict.unbalanced.length > 0).map((verdict) => verdict.currency);
    if (failing.length > 0) throw new LedgerDisagrees(`The ledger disagrees with the tables in ${failing.join(' and ')}: see the lines above.`);
    return true;
  }
  if (action === 'balances') {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { currency: { type: 'string' } } });
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
  throw new UsageError(`Unknown command: ledger ${[action, ...rest].filter(Boolean).join(' ')}`);
}
