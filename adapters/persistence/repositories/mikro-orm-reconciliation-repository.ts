import type { ReconciliationDifference, ReconciliationRun, ReconciliationStatus } from '@core/model/reconciliation';
import type { ReconciliationRepository } from '@core/ports/reconciliation-repository';
import type { EntityManagerSource } from './entity-manager-source';

// One statement: the row is the day's claim. A new day is inserted; a day that failed, or whose run
// was left running since before staleBefore, is taken over; anything else is someone else's.
const CLAIM = `
  insert into "reconciliation_runs" ("day", "status", "started_at") values (?, 'running', ?)
  on conflict ("day") do update set "status" = 'running', "started_at" = excluded."started_at", "finished_at" = null, "failure" = null
  where ?::boolean or "reconciliation_runs"."status" = 'failed' or ("reconciliation_runs"."status" = 'running' and "reconciliation_runs"."started_at" < ?)
  returning "day"`;

type RunRow = {
  day: string;
  status: ReconciliationStatus;
  started_at: Date | string;
  finished_at: Date | string | null;
  transactions: number;
  differences: ReconciliationDifference[] | string;
  failure: string | null;
};

export class MikroOrmReconciliationRepository implements ReconciliationRepository {
  constructor(private readonly em: EntityManagerSource) {}

  async claim(day: string, startedAt: Date, options: { staleBefore: Date; force: boolean }): Promise<boolean> {
    const rows = await this.em().execute<{ day: string }[]>(CLAIM, [day, startedAt, options.force, options.staleBefore]);
    return rows.length === 1;
  }

  async finish(run: Omit<ReconciliationRun, 'startedAt'>): Promise<void> {
    await this.em().execute(
      `update "reconciliation_runs" set "status" = ?, "finished_at" = ?, "transactions" = ?, "differences" = ?::jsonb, "failure" = ? where "day" = ?`,
      [run.status, run.finishedAt, run.transactions, JSON.stringify(run.differences), run.failure, run.day],
      'run',
    );
  }

  async recordNew(day: string, differences: readonly ReconciliationDifference[]): Promise<ReconciliationDifference[]> {
    if (differences.length === 0) return [];
    const values = differences.map(() => '(?, ?, ?, now())').join(', ');
    const inserted = await this.em().execute<{ key: string }[]>(
      `insert into "reconciliation_differences" ("key", "kind", "first_day", "recorded_at") values ${values} on conflict ("key") do nothing returning "key"`,
      differences.flatMap((difference) => [difference.key, difference.kind, day]),
    );
    const fresh = new Set(inserted.map((row) => row.key));
    return differences.filter((difference) => fresh.has(difference.key));
  }

  async listRuns(from: string, to: string): Promise<ReconciliationRun[]> {
    const rows = await this.em().execute<RunRow[]>(`select * from "reconciliation_runs" where "day" >= ? and "day" <= ? order by "day"`, [
      from,
      to,
    ]);
    return rows.map((row) => ({
      day: row.day,
      status: row.status,
      startedAt: new Date(row.started_at),
      finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
      transactions: Number(row.transactions),
      differences: typeof row.differences === 'string' ? (JSON.parse(row.differences) as ReconciliationDifference[]) : row.differences,
      failure: row.failure,
    }));
  }
}
