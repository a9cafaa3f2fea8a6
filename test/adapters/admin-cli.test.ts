import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeFailure, runAdminCommand } from '../../adapters/cli/admin-commands';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { aCharity, aNewUser } from '../support/builders';
import { startTestServer, tempDataDir } from '../support/test-server';

async function run(argv: string[], repositories = createInMemoryRepositories()) {
  const lines: string[] = [];
  try {
    await runAdminCommand(argv, repositories, { out: (line) => lines.push(line) });
    return { ok: true, lines, repositories };
  } catch (error) {
    return { ok: false, lines, error: describeFailure(error) ?? String(error), repositories };
  }
}

describe('admin commands', () => {
  it('promotes a user to administrator', async () => {
    const repositories = createInMemoryRepositories();
    const user = await repositories.users.create(aNewUser({ username: 'rachel' }));
    const result = await run(['users', 'promote', 'Rachel'], repositories);
    expect(result.ok).toBe(true);
    expect((await repositories.users.findById(user.id))?.isAdmin).toBe(true);
  });

  it('says so when the user does not exist', async () => {
    const result = await run(['users', 'promote', 'nobody']);
    expect(result).toMatchObject({ ok: false, error: 'No user named "nobody"' });
  });

  it('lists, adds, deactivates and reactivates charities', async () => {
    const repositories = createInMemoryRepositories();
    const added = await run(['charities', 'add', '--name', 'Tzedakah Box', '--description', 'Small gifts, big help.', '--category', 'community', '--website', 'https://tzedakah.example'], repositories);
    expect(added.ok).toBe(true);
    const [charity] = await repositories.charities.listAll();
    expect(charity).toMatchObject({ name: 'Tzedakah Box', category: 'community', website: 'https://tzedakah.example', isActive: true });
    await run(['charities', 'deactivate', charity!.id], repositories);
    expect(await repositories.charities.listActive()).toHaveLength(0);
    const listed = await run(['charities', 'list'], repositories);
    expect(listed.lines.join('\n')).toContain('inactive');
    await run(['charities', 'activate', charity!.id], repositories);
    expect(await repositories.charities.listActive()).toHaveLength(1);
  });

  it.each([
    [['charities', 'add', '--name', 'X', '--description', 'Y', '--category', 'food'], /Category must be one of/],
    [['charities', 'add', '--name', 'X', '--category', 'other'], /Description is required/],
    [['charities', 'add', '--name', 'X', '--description', 'Y', '--category', 'other', '--website', 'javascript:alert(1)'], /Website must be an http\(s\) address/],
    [['charities', 'add', '--colour', 'red'], /Unknown option/],
    [['charities', 'deactivate', 'not-an-id'], /is not a charity id/],
    [['charities', 'deactivate', '00000000-0000-4000-8000-000000000000'], /Charity not found/],
    [['users', 'promote'], /exactly one username/],
    [['payouts', 'run'], /Unknown command/],
  ])('refuses %j with a clear message and changes nothing', async (argv, message) => {
    const repositories = createInMemoryRepositories();
    await repositories.charities.create(aCharity({ name: 'Existing' }));
    const result = await run(argv, repositories);
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(message);
    expect((await repositories.charities.listAll()).map((c) => [c.name, c.isActive])).toEqual([['Existing', true]]);
  });
});

const exec = promisify(execFile);

async function cli(args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await exec('npx', ['tsx', 'bootstrap/cli.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin, as a process', () => {
  it('exits non-zero with a plain message while the server holds the embedded database, and works once it stops', async () => {
    const dataDir = tempDataDir();
    const server = await startTestServer({ dataDir });
    const busy = await cli(['charities', 'list'], dataDir);
    await server.close();
    expect(busy.code).not.toBe(0);
    expect(busy.stderr).toContain('in use by another process');

    const free = await cli(['charities', 'list'], dataDir);
    expect(free.code).toBe(0);
    expect(free.stdout).toMatch(/active\s+healthcare/);

    const bad = await cli(['users', 'promote', 'nobody'], dataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('No user named "nobody"');
  });
});
