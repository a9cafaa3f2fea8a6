import type { ReconciliationDifference, ReconciliationRun } from '../model/reconciliation';

/** Each UTC day's reconciliation with the provider, and every difference it ever found. */
export interface ReconciliationRepository {
  /**
   * Takes the day's run for the caller, in one statement, so that of all the instances looking at
   * once exactly one runs it: creates the day's row, or takes over a run that failed or was left
   * running since before staleBefore (its instance died). With force (an operator's command), takes
   * it whatever its state. Answers whether the caller holds it.
   */
  claim(day: string, startedAt: Date, options: { staleBefore: Date; force: boolean }): Promise<boolean>;
  /** Records how the day's run ended. */
  finish(run: Omit<ReconciliationRun, 'startedAt'>): Promise<void>;
  /** Records the differences never recorded before, and answers those alone: each is told to administrators once. */
  recordNew(day: string, differences: readonly ReconciliationDifference[]): Promise<ReconciliationDifference[]>;
  /** The runs of the days from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
  listRuns(from: string, to: string): Promise<ReconciliationRun[]>;
}
