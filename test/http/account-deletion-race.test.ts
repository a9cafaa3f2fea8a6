import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresUrl } from '../support/databases';
import { HttpClient } from '../support/http-client';
import { aRegistration } from '../support/builders';
import { aRegistryBody } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

const ACCOUNTS = 12;

describe.skipIf(!postgresUrl)('deleting accounts due on PostgreSQL, two instances at once', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: TestServer[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    instances = await Promise.all([0, 1].map(() => startTestServer({ env: { DATABASE_URL: database.url } })));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('deletes each account once between them, with one last e-mail each, and fails neither', async () => {
    const ids: string[] = [];
    for (let n = 0; n < ACCOUNTS; n += 1) {
      const client = new HttpClient(instances[n % 2]!.url);
      const registration = aRegistration();
      const user = (await client.post('/api/register', registration)).json as unknown as { id: string };
      expect((await client.post('/api/registries', aRegistryBody({ childName: `Child ${n}` }))).status).toBe(201);
      expect((await client.call('DELETE', '/api/account', { password: registration.password })).status).toBe(200);
      ids.push(user.id);
    }
    const em = instances[0]!.infrastructure.orm.em.fork();
    await em.execute(`update "users" set "deletion_due_at" = now() - interval '1 minute' where "deletion_due_at" is not null`);
    const runs = await Promise.all(instances.map((instance) => instance.runJob('account-deletion')));
    expect(runs.reduce((sum, run) => sum + run.deleted, 0)).toBe(ACCOUNTS);
    expect(runs.reduce((sum, run) => sum + run.kept, 0)).toBe(0);
    const left = await em.execute<{ deleted: number; registries: number; farewells: number }[]>(
      `select (select count(*) from "users" where "id" = any(?::uuid[]) and "deleted_at" is not null)::int as "deleted",
              (select count(*) from "registries" where "user_id" = any(?::uuid[]))::int as "registries",
              (select count(*) from "mail_outbox" where "dedupe_key" like 'account-deleted-%')::int as "farewells"`,
      [`{${ids.join(',')}}`, `{${ids.join(',')}}`],
    );
    expect(left).toEqual([{ deleted: ACCOUNTS, registries: 0, farewells: ACCOUNTS }]);
    expect((await instances[1]!.runJob('account-deletion')).deleted).toBe(0);
  });
});
