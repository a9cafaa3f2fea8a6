import type { Cents, Currency } from '../money';
import type { UnitOfWork } from '../ports/repositories';
import { accountHolders, holdsForOthers } from './account-holders';
import { normalBalance, PLATFORM_ACCOUNTS } from './chart-of-accounts';

export interface AccountLine {
  currency: Currency;
  account: string;
  /** In the account's normal sign: cash held, money owed, fees earned, costs borne. */
  balance: Cents;
  /** Whom a registry, family or charity account is for (the child's or the charity's name), when known. */
  name: string | null;
}

/**
 * The accounts of one currency or of every currency, from one snapshot: the platform's accounts
 * always, in the chart's order, then every registry, family and charity account that holds money.
 */
export async function listLedgerBalances(ports: UnitOfWork, currency: Currency | null): Promise<AccountLine[]> {
  return ports.transaction(
    async ({ ledger, registries, charities }) => {
      const rows = (await ledger.listBalances()).filter((row) => currency === null || row.currency === currency);
      const currencies = [...new Set([...(currency ? [currency] : []), ...rows.map((row) => row.currency)])].sort();
      const holderOf = accountHolders({ registries, charities });
      const lines: AccountLine[] = [];
      for (const each of currencies) {
        const own = rows.filter((row) => row.currency === each);
        for (const account of PLATFORM_ACCOUNTS) {
          lines.push({
            currency: each,
            account,
            balance: normalBalance(account, own.find((row) => row.account === account)?.balance ?? 0),
            name: null,
          });
        }
        const heldFor = own
          .filter((row) => row.balance !== 0 && holdsForOthers(row.account))
          .sort((a, b) => (a.account < b.account ? -1 : 1));
        for (const row of heldFor) {
          const name = (await holderOf(row.account))?.name ?? null;
          lines.push({ currency: each, account: row.account, balance: normalBalance(row.account, row.balance), name });
        }
      }
      return lines;
    },
    { snapshot: true },
  );
}
