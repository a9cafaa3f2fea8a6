import type { Logger } from '../adapters/http/logger';
import type { Metrics } from '../adapters/http/metrics';

/**
 * When a job runs on its own: a while after start, then on an interval; or in the same turn as
 * another job, once that one has succeeded (guest data is purged right after account deletion).
 */
export type JobTiming = { firstMs: number; everyMs: number } | { rightAfter: string };

export interface RepeatingJob<Name extends string = string, Result = unknown> {
  /** Its name in docs/operations.md and in registry_job_last_success_timestamp_seconds{job}. */
  name: Name;
  timing: JobTiming;
  run: () => Promise<Result>;
  /** Whether a result counts as a success for the metric (a reconciliation that found differences does not); every result unless told. */
  clean?: (result: Result) => boolean;
  /** Where a failed turn is told, as `failure`. */
  log: Logger;
  failure: string;
}

/** One job of a list, keeping its name and its result's type for runNow. */
export function repeatingJob<const Name extends string, Result>(job: RepeatingJob<Name, Result>): RepeatingJob<Name, Result> {
  return job;
}

// `any`: a list holds jobs of every result type, each kept apart by its name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JobList = readonly RepeatingJob<string, any>[];
export type JobName<Jobs extends JobList> = Jobs[number]['name'];
type JobResult<Jobs extends JobList, Name> = Awaited<ReturnType<Extract<Jobs[number], { name: Name }>['run']>>;

export interface RunningJobs<Jobs extends JobList> {
  /** Runs one job now rather than at its next turn, as its timer would (the metric too), and answers its result or its error. */
  runNow<Name extends JobName<Jobs>>(name: Name): Promise<JobResult<Jobs, Name>>;
  /** No turn starts from now on; a run under way finishes on its own. */
  stop(): void;
}

export interface SchedulingOptions<Jobs extends JobList> {
  metrics: Metrics;
  /** false (BACKGROUND_JOBS=off): no job runs on its own; runNow still runs them. */
  scheduled: boolean;
  /** Jobs that run only when runNow asks: tests that set rows up for a sweep run it themselves, so the timer cannot take them first. */
  held?: readonly JobName<Jobs>[];
}

/** Starts every job of the list on its timing, together, and answers how to run one now and how to stop them all. */
export function startRepeatingJobs<const Jobs extends JobList>(jobs: Jobs, options: SchedulingOptions<Jobs>): RunningJobs<Jobs> {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  for (const job of jobs) {
    if ('rightAfter' in job.timing && !byName.has(job.timing.rightAfter))
      throw new Error(`The job ${job.name} runs right after ${job.timing.rightAfter}, which is no job of the list`);
  }
  const runs = new Map(jobs.map((job) => [job.name, measured(options.metrics, job)]));
  const runNow = (name: string) => {
    const run = runs.get(name);
    if (!run) return Promise.reject(new Error(`No repeating job is called ${name}`));
    return run();
  };
  const followers = (job: RepeatingJob): RepeatingJob[] =>
    jobs.filter((next) => 'rightAfter' in next.timing && next.timing.rightAfter === job.name).flatMap((next) => [next, ...followers(next)]);
  // A turn stops at its first failure: what follows a job needs it done.
  const turn = (job: RepeatingJob) => async () => {
    for (const step of [job, ...followers(job)]) {
      try {
        await runNow(step.name);
      } catch (error) {
        step.log.warn({ err: error }, step.failure);
        return;
      }
    }
  };
  const held = new Set<string>(options.held ?? []);
  const timers = options.scheduled
    ? jobs.flatMap((job) => ('everyMs' in job.timing && !held.has(job.name) ? [repeat(turn(job), job.timing)] : []))
    : [];
  return {
    runNow: runNow as RunningJobs<Jobs>['runNow'],
    stop: () => {
      for (const stop of timers) stop();
    },
  };
}

/** A job's run that records when it last succeeded (each result its `clean` accepts), and counts its database failures by class. */
function measured<Result>(metrics: Metrics, job: RepeatingJob<string, Result>): () => Promise<Result> {
  const clean = job.clean ?? (() => true);
  return async () => {
    try {
      const result = await job.run();
      if (clean(result)) metrics.jobSucceeded(job.name);
      return result;
    } catch (error) {
      metrics.failed(error);
      throw error;
    }
  };
}

/** Runs a turn once after firstMs and then every everyMs, never holding the process open; answers how to stop it. */
function repeat(turn: () => Promise<void>, timing: { firstMs: number; everyMs: number }): () => void {
  const run = () => void turn();
  const first = setTimeout(run, timing.firstMs);
  first.unref();
  const every = setInterval(run, timing.everyMs);
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
