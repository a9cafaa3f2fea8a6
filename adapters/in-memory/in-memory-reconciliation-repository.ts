import type { ReconciliationDifference, ReconciliationRun } from '@core/model/reconciliation';
import type { ReconciliationRepository } from '@core/ports/reconciliation-repository';

type Row = { run: ReconciliationRun } | { difference: { key: string; firstDay: string } };

/** For tests only; the same rules as the database's (the repository contract proves it). */
export class InMemoryReconciliationRepository implements ReconciliationRepository {
  /** Runs under `run:<day>`, differences ever found under `difference:<key>`. */
  rows = new Map<string, Row>();

  async claim(day: string, startedAt: Date, options: { staleBefore: Date; force: boolean }): Promise<boolean> {
    const held = this.runOf(day);
    const free = !held || options.force || held.status === 'failed' || (held.status === 'running' && held.startedAt < options.staleBefore);
    if (!free) return false;
    this.rows.set(`run:${day}`, {
      run: {
        day,
        status: 'running',
        startedAt,
        finishedAt: null,
        transactions: held?.transactions ?? 0,
        differences: held?.differences ?? [],
        failure: null,
      },
    });
    return true;
  }

  async finish(run: Omit<ReconciliationRun, 'startedAt'>): Promise<void> {
    const held = this.runOf(run.day);
    if (!held) return;
    this.rows.set(`run:${run.day}`, { run: structuredClone({ ...run, startedAt: held.startedAt }) });
  }

  async recordNew(day: string, differences: readonly ReconciliationDifference[]): Promise<ReconciliationDifference[]> {
    const fresh = differences.filter((difference) => !this.rows.has(`difference:${difference.key}`));
    for (const difference of fresh) this.rows.set(`difference:${difference.key}`, { difference: { key: difference.key, firstDay: day } });
    return fresh;
  }

  async listRuns(from: string, to: string): Promise<ReconciliationRun[]> {
    return [...this.rows.values()]
      .flatMap((row) => ('run' in row ? [structuredClone(row.run)] : []))
      .filter((run) => run.day >= from && run.day <= to)
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  private runOf(day: string): ReconciliationRun | null {
    const row = this.rows.get(`run:${day}`);
    return row && 'run' in row ? row.run : null;
  }
}
