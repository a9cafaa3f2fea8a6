import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('a server that cannot start', () => {
  it('says why in one JSON line at level fatal, as a log collector reads every other line, and exits 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'bootstrap/server.ts'], {
      cwd: projectRoot,
      env: { ...process.env, SHUTDOWN_DELAY_S: 'soon', DATABASE_POOL_MAX: 'many', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 60,
      problems: [
        'DATABASE_POOL_MAX must be how many database connections each instance may hold, a whole number from 1 to 100 (got "many")',
        'SHUTDOWN_DELAY_S must be the seconds an instance keeps serving after SIGTERM while its readiness fails, a whole number from 0 to 60 (got "soon")',
      ],
    });
    expect(line.msg).toContain('The configuration is not usable');
    expect(typeof line.time).toBe('number');
  });
});
