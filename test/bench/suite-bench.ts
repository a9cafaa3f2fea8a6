import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { atMost, record, say } from './report';

/** What Vitest's JSON reporter writes, as far as the figures below need it. */
interface VitestReport {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[];
}

const allCores = Array.from({ length: availableParallelism() }, (_, core) => core).join(',');

/** Runs a command on every core (the bench itself is pinned to one, and children inherit that). */
function timed(command: string, args: string[]): { seconds: number; ok: boolean } {
  const started = performance.now();
  const run = existsSync('/usr/bin/taskset')
    ? spawnSync('taskset', ['-c', allCores, command, ...args], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env })
    : spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: process.env });
  return { seconds: Math.round((performance.now() - started) / 100) / 10, ok: run.status === 0 };
}

/** The Vitest project a file belongs to, as vitest.config.ts sorts them. */
function projectOf(file: string): string {
  const folder = path.relative(process.cwd(), file).split(path.sep)[1] ?? '';
  return folder === 'bootstrap' ? 'adapters' : folder;
}

/**
 * The suite as CI runs it (npm test: lint, type check and web build side by side, then every Vitest
 * project), with each step's time and each project's; then the two subsets a developer runs while
 * working.
 */
export async function suiteBench(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL)
    say("(TEST_DATABASE_URL is not set: the PostgreSQL half of the suite is skipped, so the times are lower than CI's)");
  for (const [step, script] of [
    ['lint', 'lint'],
    ['type check', 'typecheck'],
    ['web build', 'build:web'],
  ] as const) {
    const { seconds, ok } = timed('npm', ['run', '--silent', script]);
    record(`${step}, alone`, seconds, 's', null, ok ? '' : 'FAILED');
  }
  // npm test runs the three side by side (npm run checks), then Vitest.
  const checks = timed('npm', ['run', '--silent', 'checks']);
  let total = checks.seconds;
  record('npm test: lint, type check and web build side by side', checks.seconds, 's', null, checks.ok ? '' : 'FAILED');
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'suite-bench-')), 'vitest.json');
  const vitest = timed('npx', ['vitest', 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`]);
  total += vitest.seconds;
  record('npm test: vitest', vitest.seconds, 's', null, vitest.ok ? '' : 'FAILED');
  const results = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  const projects = new Map<string, { files: number; tests: number; busy: number; start: number; end: number }>();
  for (const file of results.testResults) {
    const name = projectOf(file.name);
    const project = projects.get(name) ?? { files: 0, tests: 0, busy: 0, start: Infinity, end: 0 };
    project.files += 1;
    project.tests += file.assertionResults.length;
    project.busy += file.endTime - file.startTime;
    project.start = Math.min(project.start, file.startTime);
    project.end = Math.max(project.end, file.endTime);
    projects.set(name, project);
  }
  for (const [name, project] of [...projects].sort(([a], [b]) => a.localeCompare(b))) {
    record(
      `vitest project ${name}`,
      Math.round((project.end - project.start) / 100) / 10,
      's from its first file to its last',
      null,
      `(${project.files} files, ${project.tests} tests, files busy ${Math.round(project.busy / 1000)} s in all)`,
    );
  }
  record('npm test, all of it', Math.round(total), 's', atMost(600), `${results.numTotalTests} tests, ${results.numFailedTests} failed`);

  const unit = timed('npm', ['run', '--silent', 'test:unit', '--', '--reporter=dot']);
  record('npm run test:unit', unit.seconds, 's', atMost(120), unit.ok ? '' : 'FAILED');
  const core = timed('npx', ['vitest', 'run', '--project', 'core', '--reporter=dot']);
  record('npx vitest run --project core', core.seconds, 's', atMost(15), core.ok ? '' : 'FAILED');
}
