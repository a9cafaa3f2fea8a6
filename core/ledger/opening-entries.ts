import { CURRENCIES } from '../money';
import type { Balances } from './balances-from-tables';
import { OPENING_DIFFERENCE } from './chart-of-accounts';
import { balancedEntry, type LedgerEntry } from '../model/ledger-entry';

/**
 * The ledger opened on books kept before it: per currency, one entry that brings every account to
 * what the tables say (balancesFromTables), so `ledger verify` holds straight after the upgrade.
 * Should the tables not add up among themselves, what is left over goes to the opening-difference
 * account rather than stop the upgrade, and verify names it.
 */
export function openingEntries(fromTables: Balances): LedgerEntry[] {
  return CURRENCIES.flatMap((currency) => {
    const postings = [...(fromTables.get(currency) ?? new Map<string, number>())].map(([account, amount]) => ({ account, amount }));
    const leftOver = postings.reduce((sum, posting) => sum + posting.amount, 0);
    const entry = balancedEntry({ key: `opening:${currency}`, kind: 'opening', currency, reference: null }, [
      ...postings,
      { account: OPENING_DIFFERENCE, amount: -leftOver },
    ]);
    return entry ? [entry] : [];
  });
}
