import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../adapters/http/logger';
import type { Metrics } from '../../adapters/http/metrics';
import { repeatingJob, startRepeatingJobs } from '../../bootstrap/repeating-jobs';
import { serverJobs, type ServerJobPorts } from '../../bootstrap/server-jobs';

const MINUTE_MS = 60_000;

function recorder() {
  const ran: string[] = [];
  const warnings: { message: string; error: unknown }[] = [];
  const succeeded: string[] = [];
  const failures: unknown[] = [];
  const log = { warn: (fields: { err: unknown }, message: string) => warnings.push({ message, error: fields.err }) } as unknown as Logger;
  const metrics = {
    jobSucceeded: (job: string) => succeeded.push(job),
    failed: (error: unknown) => failures.push(error),
  } as unknown as Metrics;
  const job = <const Name extends string, Result>(
    name: Name,
    result: () => Result,
    timing: { firstMs: number; everyMs: number } | { rightAfter: string },
  ) =>
    repeatingJob({
      name,
      timing,
      log,
      failure: `${name} failed`,
      run: async () => {
        ran.push(name);
        return result();
      },
    });
  return { ran, warnings, succeeded, failures, metrics, job };
}

describe('the repeating jobs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('run first after their delay and then on their interval, each recorded as a success, until stopped', async () => {
    const { ran, succeeded, metrics, job } = recorder();
    const jobs = startRepeatingJobs(
      [
        job('sweep', () => 1, { firstMs: 1000, everyMs: 10 * MINUTE_MS }),
        job('purge', () => 2, { firstMs: MINUTE_MS, everyMs: 60 * MINUTE_MS }),
      ],
      { metrics, scheduled: true },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ran).toEqual(['sweep']);
    await vi.advanceTimersByTimeAsync(MINUTE_MS);
    expect(ran).toEqual(['sweep', 'purge']);
    await vi.advanceTimersByTimeAsync(10 * MINUTE_MS);
    expect(ran).toEqual(['sweep', 'purge', 'sweep']);
    expect(succeeded).toEqual(ran);
    jobs.stop();
    await vi.advanceTimersByTimeAsync(120 * MINUTE_MS);
    expect(ran).toHaveLength(3);
  });

  it('run a job timed right after another in the same turn, and not when that one failed', async () => {
    const { ran, warnings, failures, metrics, job } = recorder();
    let failing = false;
    const trouble = new Error('the database went away');
    startRepeatingJobs(
      [
        job(
          'deletion',
          () => {
            if (failing) throw trouble;
            return 0;
          },
          { firstMs: 5 * MINUTE_MS, everyMs: 60 * MINUTE_MS },
        ),
        job('purge', () => 0, { rightAfter: 'deletion' }),
      ],
      { metrics, scheduled: true },
    );
    await vi.advanceTimersByTimeAsync(5 * MINUTE_MS);
    expect(ran).toEqual(['deletion', 'purge']);
    failing = true;
    await vi.advanceTimersByTimeAsync(60 * MINUTE_MS);
    expect(ran).toEqual(['deletion', 'purge', 'deletion']);
    expect(warnings).toEqual([{ message: 'deletion failed', error: trouble }]);
    expect(failures).toEqual([trouble]);
  });

  it('run nothing on their own when not scheduled or held, and still run when asked, answering the result', async () => {
    const { ran, succeeded, metrics, job } = recorder();
    const off = startRepeatingJobs([job('sweep', () => ({ expired: 2 }), { firstMs: 1000, everyMs: 1000 })], { metrics, scheduled: false });
    const held = startRepeatingJobs(
      [job('refunds', () => 3, { firstMs: 1000, everyMs: 1000 }), job('reminder', () => 4, { firstMs: 1000, everyMs: MINUTE_MS })],
      { metrics, scheduled: true, held: ['refunds'] },
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(ran).toEqual(['reminder']);
    expect(await off.runNow('sweep')).toEqual({ expired: 2 });
    expect(await held.runNow('refunds')).toBe(3);
    expect(succeeded).toEqual(['reminder', 'sweep', 'refunds']);
    off.stop();
    held.stop();
  });

  it('count a result their clean check refuses as no success', async () => {
    const { succeeded, metrics } = recorder();
    const log = { warn: () => undefined } as unknown as Logger;
    let differences = 1;
    const jobs = startRepeatingJobs(
      [
        repeatingJob({
          name: 'reconciliation',
          timing: { firstMs: MINUTE_MS, everyMs: MINUTE_MS },
          log,
          failure: 'failed',
          run: async () => differences,
          clean: (found) => found === 0,
        }),
      ],
      { metrics, scheduled: false },
    );
    expect(await jobs.runNow('reconciliation')).toBe(1);
    differences = 0;
    await jobs.runNow('reconciliation');
    expect(succeeded).toEqual(['reconciliation']);
  });

  it('refuse a job timed after one that is not in the list', () => {
    const { metrics, job } = recorder();
    expect(() => startRepeatingJobs([job('purge', () => 0, { rightAfter: 'deletion' })], { metrics, scheduled: true })).toThrow(
      'The job purge runs right after deletion, which is no job of the list',
    );
  });
});

describe("the server's repeating jobs", () => {
  it('are each in the background jobs table of docs/operations.md, and it names no other', () => {
    const logger = { child: () => logger } as unknown as Logger;
    const ports = {
      config: { publicUrl: 'http://localhost', support: { email: 'help@example.org' } },
      infrastructure: { repositories: {} },
      logger,
    } as unknown as ServerJobPorts;
    const names = serverJobs(ports).map((job) => job.name);
    const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
    const table = operations.slice(operations.indexOf('## Background jobs'), operations.indexOf('## Reconciliation with the provider'));
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map(([, name]) => name);
    expect(documented.sort()).toEqual([...names].sort());
  });
});
