import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl } from '../support/databases';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

const GUESTS = 40;
const DAY_MS = 86_400_000;

describe.skipIf(!postgresUrl)('the invitation reminder on PostgreSQL, two instances running it at once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: TestServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    instances = await Promise.all([0, 1].map(() => startTestServer({ env: { DATABASE_URL: database.url, MIGRATE_ON_START: 'true' } })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('queues one reminder per guest between them, whatever runs at once', async () => {
    const [first, second] = instances as [TestServer, TestServer];
    const inFiveDays = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + 5 * DAY_MS).toISOString().slice(0, 10);
    const { owner, registry } = await openRegistry(first, { celebrationDate: inFiveDays });
    const csv = [
      'name,email',
      ...Array.from({ length: GUESTS }, (_, index) => `Guest ${index},guest${index}.${registry.id.slice(0, 8)}@example.com`),
    ].join('\n');
    expect((await owner.client.call('POST', `/api/registries/${registry.id}/guests`, csv, { 'Content-Type': 'text/csv' })).status).toBe(
      201,
    );
    expect((await owner.client.post(`/api/registries/${registry.id}/invitations`, {})).json).toMatchObject({ queued: GUESTS });
    const em = () => first.infrastructure.orm.em.fork();
    await em().execute(`update "guests" set "invited_at" = now() - interval '10 days' where "registry_id" = ?`, [registry.id]);

    const runs = await Promise.all([first, second, first, second].map((instance) => instance.runJob('invitation-reminder')));
    expect(runs.reduce((sum, queued) => sum + queued, 0)).toBe(GUESTS);
    expect(await Promise.all([first.runJob('invitation-reminder'), second.runJob('invitation-reminder')])).toEqual([0, 0]);

    const perGuest = await em().execute<{ to: string; reminders: string }[]>(
      `select "to", count(*) as "reminders" from "mail_outbox" where "kind" = 'guest-reminder' and "to" like ? group by "to"`,
      [`%.${registry.id.slice(0, 8)}@example.com`],
    );
    expect(perGuest).toHaveLength(GUESTS);
    expect(perGuest.every((row) => Number(row.reminders) === 1)).toBe(true);
    const reminded = await em().execute<{ count: string }[]>(
      `select count(*) as "count" from "guests" where "registry_id" = ? and "reminded_at" is not null`,
      [registry.id],
    );
    expect(Number(reminded[0]!.count)).toBe(GUESTS);
  });
});
