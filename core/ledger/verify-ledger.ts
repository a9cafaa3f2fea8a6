import { CURRENCIES, type Cents, type Currency } from '../money';
import type { Repositories, UnitOfWork } from '../ports/repositories';
import type { Registry } from '../model/registry';
import { balancesFromTables, type Balances } from './balances-from-tables';
import { normalBalance } from './chart-of-accounts';

/** An account whose balance in the ledger is not what the tables say, both in its normal sign. */
export interface LedgerDifference {
  account: string;
  ledger: Cents;
  tables: Cents;
}

export interface CurrencyVerdict {
  currency: Currency;
  /** Accounts with a balance, in the ledger or in the tables. */
  accounts: number;
  entries: number;
  differences: LedgerDifference[];
  /** Keys of entries whose postings do not add up to zero (the database refuses them at commit; this proves it). */
  unbalanced: string[];
}

export function ledgerBalances(rows: readonly { currency: Currency; account: string; balance: Cents }[]): Balances {
  const balances: Balances = new Map();
  for (const row of rows) {
    if (row.balance === 0) continue;
    const accounts = balances.get(row.currency) ?? new Map<string, Cents>();
    accounts.set(row.account, row.balance);
    balances.set(row.currency, accounts);
  }
  return balances;
}

/** Every account of either side whose balances differ, by account name. */
export function compareBalances(ledger: Balances, tables: Balances, currency: Currency): LedgerDifference[] {
  const fromLedger = ledger.get(currency) ?? new Map<string, Cents>();
  const fromTables = tables.get(currency) ?? new Map<string, Cents>();
  const accounts = [...new Set([...fromLedger.keys(), ...fromTables.keys()])].sort();
  return accounts
    .filter((account) => (fromLedger.get(account) ?? 0) !== (fromTables.get(account) ?? 0))
    .map((account) => ({
      account,
      ledger: normalBalance(account, fromLedger.get(account) ?? 0),
      tables: normalBalance(account, fromTables.get(account) ?? 0),
    }));
}

/**
 * Re-derives every balance from the tables (gifts, registries, charity payouts, disputes) and compares it
 * with the ledger, per currency, from one snapshot of the database so a change committed meanwhile
 * cannot show as a difference.
 */
export async function verifyLedger(ports: UnitOfWork): Promise<CurrencyVerdict[]> {
  return ports.transaction(
    async ({ ledger, gifts, registries, charityPayouts, disputes }: Repositories) => {
      const [balanceRows, entryCounts, unbalanced, moved, holding, payouts, allDisputes] = await Promise.all([
        ledger.listBalances(),
        ledger.countEntries(),
        ledger.listUnbalancedEntries(),
        gifts.listMoneyMoved(),
        registries.listHoldingMoney(),
        charityPayouts.list(),
        disputes.list(),
      ]);
      const known = new Set(holding.map((registry) => registry.id));
      const more: Registry[] = [];
      for (const registryId of new Set(moved.map((gift) => gift.registryId))) {
        if (known.has(registryId)) continue;
        const registry = await registries.findById(registryId);
        if (registry) more.push(registry);
      }
      const fromLedger = ledgerBalances(balanceRows);
      const fromTables = balancesFromTables({
        gifts: moved,
        registries: [...holding, ...more],
        charityPayouts: payouts,
        disputes: allDisputes,
      });
      return CURRENCIES.map((currency) => ({
        currency,
        accounts: new Set([...(fromLedger.get(currency)?.keys() ?? []), ...(fromTables.get(currency)?.keys() ?? [])]).size,
        entries: entryCounts.get(currency) ?? 0,
        differences: compareBalances(fromLedger, fromTables, currency),
        unbalanced: unbalanced.filter((entry) => entry.currency === currency).map((entry) => entry.key),
      }));
    },
    { snapshot: true },
  );
}
