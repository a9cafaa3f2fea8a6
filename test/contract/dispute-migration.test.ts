import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordDispute } from '@core/dispute/record-dispute';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { migrationBefore, openEmptyDatabase, postgresUrl } from '../support/databases';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';

const DISPUTES_MIGRATION = 'Migration20261125181000Disputes';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('the disputes migration on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openEmptyDatabase>>;

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    await database.orm.migrator.up({ to: migrationBefore(DISPUTES_MIGRATION) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('upgrades a database holding paid gifts with its books still agreeing, and then follows a dispute of one of them', async () => {
    const repos = createMikroOrmRepositories(database.orm);
    const gateway = new InMemoryPaymentGateway();
    const mail = { appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
    const giving = { unitOfWork: repos, gifts: repos.gifts, gateway, rates: DEFAULT_PROCESSING_RATES, ...mail };
    const owner = await repos.users.create(aNewUser());
    const charity = await repos.charities.create(aCharity());
    const registry = await repos.registries.create(aNewRegistry(owner.id));
    const { gift } = await startGift({ registryId: registry.id, charityId: charity.id, giftGiverName: 'Aunt Miriam', giftGiverEmail: 'miriam@example.com', amount: 100, personalMessage: '' }, giving);
    await recordPaymentSucceeded({ paymentIntentId: gift.stripePaymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);

    await database.orm.migrator.up();
    expect((await verifyLedger(repos)).flatMap((verdict) => verdict.differences)).toEqual([]);

    await recordDispute(gateway.openDispute(gift.stripePaymentIntentId!), { unitOfWork: repos, clock: new FixedClock(), ...mail });
    expect((await repos.gifts.findById(gift.id))!.paymentStatus).toBe('disputed');
    expect((await verifyLedger(repos)).flatMap((verdict) => verdict.differences)).toEqual([]);
  });
});
