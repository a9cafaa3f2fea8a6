import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const RULES = 'docs/alerts.yml';

function promtool(): string | null {
  try {
    execFileSync('promtool', ['--version'], { stdio: 'ignore' });
    return 'promtool';
  } catch {
    return null;
  }
}
const found = promtool();

describe('the alert rules in docs/alerts.yml', () => {
  // CI installs Debian's prometheus package (.ci/run); a machine without it skips, saying so.
  it.skipIf(!found)('pass promtool check rules (skipped: promtool is not installed; apt-get install prometheus)', () => {
    const run = spawnSync(found!, ['check', 'rules', RULES], { cwd: projectRoot, encoding: 'utf8' });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('name only metrics the server exposes', () => {
    const rules = readFileSync(`${projectRoot}/${RULES}`, 'utf8');
    const exposed = readFileSync(`${projectRoot}/adapters/http/metrics.ts`, 'utf8');
    const named = new Set([...rules.matchAll(/\b(registry_[a-z_]+)/g)].map(([, name]) => name!));
    expect(named.size).toBeGreaterThan(5);
    for (const name of named) expect(exposed, name).toContain(`'${name}'`);
    for (const covered of [
      'status=~"5.."',
      'registry_payment_outcomes_total',
      'registry_mail_outbox_oldest_unsent_age_seconds',
      '/api/webhooks/stripe',
      'registry_reconciliation_differences_total',
      'registry_payouts',
      'registry_metrics_database_read_ok',
    ]) {
      expect(rules, covered).toContain(covered);
    }
  });
});
