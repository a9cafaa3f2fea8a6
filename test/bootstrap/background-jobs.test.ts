import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createMailQueue } from '../../adapters/persistence/mail-queue';
import { createTestDatabase, postgresUrl } from '../support/databases';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// The mail worker's pause between passes (mail-worker.ts) and a margin.
const MORE_THAN_A_POLL_MS = 7_000;

const statusOf = async (server: TestServer, dedupeKey: string) =>
  (
    await server.infrastructure.orm.em
      .fork()
      .execute<{ status: string }[]>('select status from mail_outbox where dedupe_key = ?', [dedupeKey])
  )[0]?.status;
const outboxFiles = (dataDir: string) =>
  existsSync(path.join(dataDir, 'outbox')) ? readdirSync(path.join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml')) : [];

describe('BACKGROUND_JOBS=off: a server for restore drills and maintenance', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('keeps queued mail queued, and a restart with background jobs on sends it', async () => {
    const dataDir = tempDataDir();
    // The restored copy: a database both servers open in turn (PostgreSQL when there is one, else
    // the embedded database in the data folder), and the outbox's folder.
    const database = postgresUrl ? await createTestDatabase({ migrated: true }) : undefined;
    onTestFinished(() => database?.drop());
    const env: Record<string, string> = database ? { DATABASE_URL: database.url } : {};
    server = await startTestServer({ dataDir, env: { ...env, BACKGROUND_JOBS: 'off' } });
    expect(server.logs.join('')).toContain('BACKGROUND_JOBS=off');
    await createMailQueue(server.infrastructure.orm.em.fork()).enqueue({
      dedupeKey: 'drill:1',
      kind: 'gift-receipt',
      to: 'guest@example.org',
      subject: 'Your receipt',
      text: 'Thank you',
      html: '<p>Thank you</p>',
    });
    await sleep(MORE_THAN_A_POLL_MS);
    expect(await statusOf(server, 'drill:1')).toBe('queued');
    expect(outboxFiles(dataDir)).toEqual([]);
    await server.close();

    server = await startTestServer({ dataDir, env });
    await expect.poll(() => statusOf(server!, 'drill:1'), { timeout: MORE_THAN_A_POLL_MS, interval: 250 }).toBe('sent');
    expect(outboxFiles(dataDir)).toHaveLength(1);
    await server.close();
    server = undefined;
  }, 120_000);

  it('is on unless told off, and names a value it does not know', async () => {
    const { readConfig, ConfigError } = await import('../../bootstrap/config');
    expect(readConfig({}, '/srv/app').backgroundJobs).toBe(true);
    expect(readConfig({ BACKGROUND_JOBS: 'off' }, '/srv/app').backgroundJobs).toBe(false);
    expect(() => readConfig({ BACKGROUND_JOBS: 'no' }, '/srv/app')).toThrow(ConfigError);
    expect(() => readConfig({ BACKGROUND_JOBS: 'no' }, '/srv/app')).toThrow('BACKGROUND_JOBS must be on or off (got "no")');
  });
});
