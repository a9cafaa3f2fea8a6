import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { MikroOrmAuditTrail } from '../../adapters/persistence/repositories/mikro-orm-audit-trail';
import type { Currency } from '@core/money';
import type { NewAuditEvent } from '@core/model/audit-event';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';
import { openTestDatabase, postgresUrl } from '../support/databases';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('closings and the audit trail on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function charityWithRegistries(count: number) {
    const repositories = createMikroOrmRepositories(database.orm);
    const user = await repositories.users.create(aNewUser());
    const charity = await repositories.charities.create(aCharity());
    const registries = [];
    for (let index = 0; index < count; index += 1) registries.push(await repositories.registries.create(aNewRegistry(user.id)));
    return { repositories, charity, registries };
  }

  it('20 closings adding to one charity’s pending payout at once leave one payout with the exact sum and count', async () => {
    const { repositories, charity, registries } = await charityWithRegistries(20);
    const shares = registries.map((registry, index) => ({
      charityId: charity.id,
      currency: 'USD' as Currency,
      amount: 1_001 + index * 37,
      giftCount: 1 + (index % 4),
      registryId: registry.id,
    }));
    await Promise.all(shares.map((share) => repositories.transaction((tx) => tx.charityPayouts.addToPending(share))));

    const pending = (await repositories.charityPayouts.listUnsent()).filter((payout) => payout.charityId === charity.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      currency: 'USD',
      amount: shares.reduce((sum, share) => sum + share.amount, 0),
      giftCount: shares.reduce((sum, share) => sum + share.giftCount, 0),
    });
    expect([...pending[0]!.registryIds].sort()).toEqual(registries.map((registry) => registry.id).sort());
  });

  it('closings in two currencies at once leave one pending payout per currency', async () => {
    const { repositories, charity, registries } = await charityWithRegistries(12);
    const currencyOf = (index: number): Currency => (index % 2 === 0 ? 'USD' : 'CAD');
    await Promise.all(
      registries.map((registry, index) =>
        repositories.transaction((tx) =>
          tx.charityPayouts.addToPending({
            charityId: charity.id,
            currency: currencyOf(index),
            amount: 100,
            giftCount: 1,
            registryId: registry.id,
          }),
        ),
      ),
    );
    const pending = (await repositories.charityPayouts.listUnsent()).filter((payout) => payout.charityId === charity.id);
    expect(pending.map((payout) => [payout.currency, payout.amount, payout.giftCount]).sort()).toEqual([
      ['CAD', 600, 6],
      ['USD', 600, 6],
    ]);
  });

  it('a closing that lands while an admin completes the pending payout goes to a new pending one, never the completed one', async () => {
    const { repositories, charity, registries } = await charityWithRegistries(2);
    const share = (registryId: string, amount: number) => ({
      charityId: charity.id,
      currency: 'USD' as Currency,
      amount,
      giftCount: 1,
      registryId,
    });
    const first = await repositories.charityPayouts.addToPending(share(registries[0]!.id, 1_000));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const completing = repositories.transaction(async (tx) => {
      await tx.charityPayouts.findByIdForUpdate(first.id);
      await gate;
      return tx.charityPayouts.markCompleted(first.id, {
        paymentMethod: 'ACH',
        referenceNumber: 'REF-1',
        notes: null,
        completedAt: new Date(),
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // On PostgreSQL this waits on the locked row, then finds it no longer pending and opens a new one.
    const adding = repositories.transaction((tx) => tx.charityPayouts.addToPending(share(registries[1]!.id, 250)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const [completed, added] = await Promise.all([completing, adding]);

    expect(completed).toMatchObject({ id: first.id, status: 'completed', amount: 1_000, registryIds: [registries[0]!.id] });
    expect(added).toMatchObject({ status: 'pending', amount: 250, registryIds: [registries[1]!.id] });
    expect(added.id).not.toBe(first.id);
    expect(await repositories.charityPayouts.findById(first.id)).toMatchObject({ status: 'completed', amount: 1_000 });
  });

  describe('the audit trail, refused any change by the database itself', () => {
    const event = (actorUserId: string | null): NewAuditEvent => ({
      actorUserId,
      actorLabel: 'admin:miriam',
      action: 'charity_payout.completed',
      subjectType: 'charity_payout',
      subjectId: crypto.randomUUID(),
      before: { status: 'pending' },
      after: { status: 'completed' },
      createdAt: new Date(),
    });
    const sql = (statement: string, params: unknown[] = []) => database.orm.em.fork().execute(statement, params);

    it('refuses UPDATE and DELETE of an event, whatever the statement, and the event stays as it was', async () => {
      const repositories = createMikroOrmRepositories(database.orm);
      const actor = await repositories.users.create(aNewUser());
      const appended = await repositories.audit.append(event(actor.id));
      const attempts = [
        'update "audit_events" set "actor_label" = \'someone else\' where "id" = ?',
        'update "audit_events" set "after" = \'{"status":"pending"}\'::jsonb where "id" = ?',
        // Looks like the foreign key's own set null, but changes more than the actor.
        'update "audit_events" set "actor_user_id" = null, "subject_id" = \'other\' where "id" = ?',
        // Exactly what the foreign key does, but typed by hand rather than run by the key itself.
        'update "audit_events" set "actor_user_id" = null where "id" = ?',
        'delete from "audit_events" where "id" = ?',
      ];
      for (const statement of attempts) {
        await expect(sql(statement, [appended.id]), statement).rejects.toThrow(/append-only/);
      }
      await expect(sql('delete from "audit_events"')).rejects.toThrow(/append-only/);
      // Not even the transaction that appended an event can take it back.
      const sameTransaction = database.orm.em.fork().transactional(async (em) => {
        const own = await new MikroOrmAuditTrail(() => em).append(event(null));
        await em.execute('delete from "audit_events" where "id" = ?', [own.id]);
      });
      await expect(sameTransaction).rejects.toThrow(/append-only/);
      expect((await repositories.audit.list(100)).find((stored) => stored.id === appended.id)).toEqual(appended);
    });

    it('keeps an event, and who it says acted, when the acting user is deleted', async () => {
      const repositories = createMikroOrmRepositories(database.orm);
      const admin = await repositories.users.create(aNewUser());
      const appended = await repositories.audit.append(event(admin.id));
      await sql('delete from "users" where "id" = ?', [admin.id]);
      const stored = (await repositories.audit.list(100)).find((candidate) => candidate.id === appended.id);
      expect(stored).toEqual({ ...appended, actorUserId: null });
    });
  });
});
