import { beforeEach, describe, expect, it } from 'vitest';
import type { BalanceTransaction } from '@core/ports/payment-gateway';
import type { SandboxBalance } from '@core/ports/sandbox-balance';

function aTransaction(id: string, created: string, overrides: Partial<BalanceTransaction> = {}): BalanceTransaction {
  return {
    id,
    kind: 'charge',
    type: 'charge',
    reference: `sbx_pi_${id}`,
    currency: 'USD',
    amount: 10_639,
    fee: 339,
    created: new Date(created),
    ...overrides,
  };
}

/** One contract for the sandbox's record of its balance: the in-memory fake and the database on PGlite and PostgreSQL. */
export function sandboxBalanceContract(name: string, factory: () => Promise<SandboxBalance>): void {
  describe(`sandbox balance: ${name}`, () => {
    let balance: SandboxBalance;
    beforeEach(async () => {
      balance = await factory();
    });

    it('keeps each movement once, to the cent beyond 32 bits, and lists those of a range oldest first', async () => {
      const charge = aTransaction('txn_a', '2026-11-24T10:00:00Z');
      const refund = aTransaction('txn_b', '2026-11-24T09:00:00Z', { kind: 'refund', type: 'refund', amount: -10_639, fee: 0 });
      const transfer = aTransaction('txn_c', '2026-11-24T23:59:59.999Z', {
        kind: 'transfer',
        type: 'transfer',
        reference: 'tr_sbx_1',
        currency: 'CAD',
        amount: -9_999_999_999,
        fee: 0,
      });
      const nextDay = aTransaction('txn_d', '2026-11-25T00:00:00Z');
      for (const transaction of [charge, refund, transfer, nextDay]) await balance.record(transaction);
      await balance.record({ ...charge, amount: 1 });
      expect(await balance.list({ from: new Date('2026-11-24T00:00:00Z'), to: new Date('2026-11-25T00:00:00Z') })).toEqual([
        refund,
        charge,
        transfer,
      ]);
      expect(await balance.list({ from: new Date('2026-11-26T00:00:00Z'), to: new Date('2026-11-27T00:00:00Z') })).toEqual([]);
    });
  });
}
