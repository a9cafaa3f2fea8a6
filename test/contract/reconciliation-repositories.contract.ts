import { describe, expect, it } from 'vitest';
import type { ReconciliationDifference } from '@core/model/reconciliation';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';

const at = (iso: string) => new Date(iso);

function aDifference(key: string, overrides: Partial<ReconciliationDifference> = {}): ReconciliationDifference {
  return {
    key,
    kind: 'unrecorded',
    currency: 'USD',
    transactionId: 'txn_1',
    reference: 'pi_1',
    provider: 10_639,
    ledger: null,
    description: 'A charge of $106.39 (pi_1) that the ledger never recorded.',
    ...overrides,
  };
}

/** The reconciliation part of the repository contract: the in-memory fakes, PGlite and PostgreSQL alike. */
export function reconciliationRepositoryContract(current: () => Repositories & UnitOfWork): void {
  describe('reconciliation runs', () => {
    it('lets one caller claim a day: not a second, not once it is done; a failed day or one left running an hour is taken over', async () => {
      const { reconciliations } = current();
      const start = at('2026-11-25T01:00:00Z');
      const staleBefore = at('2026-11-25T00:00:00Z');
      const claims = await Promise.all(
        [1, 2, 3].map(() => current().transaction((tx) => tx.reconciliations.claim('2026-11-24', start, { staleBefore, force: false }))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      // Still running, and not for long: nobody else takes it.
      expect(
        await reconciliations.claim('2026-11-24', at('2026-11-25T01:30:00Z'), { staleBefore: at('2026-11-25T00:30:00Z'), force: false }),
      ).toBe(false);
      // Its instance died: an hour later another takes it over.
      expect(
        await reconciliations.claim('2026-11-24', at('2026-11-25T02:30:00Z'), { staleBefore: at('2026-11-25T01:30:00Z'), force: false }),
      ).toBe(true);

      await reconciliations.finish({
        day: '2026-11-24',
        status: 'agreed',
        finishedAt: at('2026-11-25T02:31:00Z'),
        transactions: 4,
        differences: [],
        failure: null,
      });
      expect(
        await reconciliations.claim('2026-11-24', at('2026-11-25T05:00:00Z'), { staleBefore: at('2026-11-25T04:00:00Z'), force: false }),
      ).toBe(false);
      // The operator's command runs it again whatever its state.
      expect(
        await reconciliations.claim('2026-11-24', at('2026-11-25T05:00:00Z'), { staleBefore: at('2026-11-25T04:00:00Z'), force: true }),
      ).toBe(true);

      expect(await reconciliations.claim('2026-11-23', start, { staleBefore, force: false })).toBe(true);
      await reconciliations.finish({
        day: '2026-11-23',
        status: 'failed',
        finishedAt: start,
        transactions: 0,
        differences: [],
        failure: 'The payment provider did not answer.',
      });
      expect(await reconciliations.claim('2026-11-23', at('2026-11-25T01:05:00Z'), { staleBefore, force: false })).toBe(true);
    });

    it('keeps how each run ended, with its differences, and lists the runs of a span of days, oldest first', async () => {
      const { reconciliations } = current();
      const difference = aDifference('unrecorded:txn_1');
      for (const day of ['2026-11-02', '2026-10-31', '2026-11-01', '2026-12-01']) {
        await reconciliations.claim(day, at(`${day}T00:00:00Z`), { staleBefore: at('2000-01-01T00:00:00Z'), force: false });
      }
      await reconciliations.finish({
        day: '2026-11-01',
        status: 'differences',
        finishedAt: at('2026-11-02T01:00:00Z'),
        transactions: 3,
        differences: [difference],
        failure: null,
      });
      const runs = await reconciliations.listRuns('2026-11-01', '2026-11-31');
      expect(runs.map((run) => run.day)).toEqual(['2026-11-01', '2026-11-02']);
      expect(runs[0]).toEqual({
        day: '2026-11-01',
        status: 'differences',
        startedAt: at('2026-11-01T00:00:00Z'),
        finishedAt: at('2026-11-02T01:00:00Z'),
        transactions: 3,
        differences: [difference],
        failure: null,
      });
      expect(runs[1]).toMatchObject({ status: 'running', finishedAt: null, failure: null });
    });

    it('records each difference once: a later run that finds it again gets only the new ones back', async () => {
      const { reconciliations } = current();
      const first = [aDifference('unrecorded:txn_1'), aDifference('unknown_fee:txn_2', { kind: 'unknown_fee' })];
      expect(await reconciliations.recordNew('2026-11-01', first)).toEqual(first);
      const again = [...first, aDifference('missing_at_provider:tr_1', { kind: 'missing_at_provider' })];
      expect(await reconciliations.recordNew('2026-11-02', again)).toEqual([again[2]]);
      expect(await reconciliations.recordNew('2026-11-03', again)).toEqual([]);
      expect(await reconciliations.recordNew('2026-11-03', [])).toEqual([]);
    });
  });
}
