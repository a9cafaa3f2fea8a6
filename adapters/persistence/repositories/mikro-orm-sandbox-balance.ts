import type { BalanceTransaction, BalanceTransactionKind, TimeRange } from '@core/ports/payment-gateway';
import type { SandboxBalance } from '@core/ports/sandbox-balance';
import type { Orm } from '../orm';
import { bigintToCents, centsToBigint } from '../types/cents-type';
import type { EntityManagerSource } from './entity-manager-source';

type Row = {
  id: string;
  kind: BalanceTransactionKind;
  type: string;
  reference: string | null;
  currency: string;
  amount: string | number;
  fee: string | number;
  created: Date | string;
};

class MikroOrmSandboxBalance implements SandboxBalance {
  constructor(private readonly em: EntityManagerSource) {}

  async record(transaction: BalanceTransaction): Promise<void> {
    await this.em().execute(
      `insert into "sandbox_balance_transactions" ("id", "kind", "type", "reference", "currency", "amount", "fee", "created") values (?, ?, ?, ?, ?, ?, ?, ?) on conflict ("id") do nothing`,
      [
        transaction.id,
        transaction.kind,
        transaction.type,
        transaction.reference,
        transaction.currency,
        centsToBigint(transaction.amount),
        centsToBigint(transaction.fee),
        transaction.created,
      ],
      'run',
    );
  }

  async list(range: TimeRange): Promise<BalanceTransaction[]> {
    const rows = await this.em().execute<Row[]>(
      `select * from "sandbox_balance_transactions" where "created" >= ? and "created" < ? order by "created", "id"`,
      [range.from, range.to],
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      type: row.type,
      reference: row.reference,
      currency: row.currency,
      amount: bigintToCents(row.amount),
      fee: bigintToCents(row.fee),
      created: new Date(row.created),
    }));
  }
}

/** The sandbox gateway's record of the balance, written outside any request's transaction (as the provider's own would be). */
export function createSandboxBalance(orm: Orm): SandboxBalance {
  return new MikroOrmSandboxBalance(() => orm.em.fork());
}
