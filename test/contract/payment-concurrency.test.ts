import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';
import { openTestDatabase, postgresUrl } from '../support/databases';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('payments landing at once on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function registryWithGifts(count: number) {
    const repositories = createMikroOrmRepositories(database.orm);
    const gateway = new InMemoryPaymentGateway();
    const user = await repositories.users.create(aNewUser());
    const charity = await repositories.charities.create(aCharity());
    const registry = await repositories.registries.create(aNewRegistry(user.id));
    const ports = { unitOfWork: repositories, gifts: repositories.gifts, gateway, rates: DEFAULT_PROCESSING_RATES, appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
    const gifts = [];
    for (let index = 0; index < count; index += 1) {
      const amount = (36 + index) * 100 + (index % 7);
      gifts.push(
        await startGift({ registryId: registry.id, charityId: charity.id, giftGiverName: `Guest ${index}`, giftGiverEmail: `guest${index}@example.com`, amount, personalMessage: '' }, ports),
      );
    }
    return { repositories, registry, ports, gifts };
  }

  it('50 distinct gifts confirmed in parallel leave totalReceived equal to their sum', async () => {
    const { repositories, registry, ports, gifts } = await registryWithGifts(50);
    const outcomes = await Promise.all(
      gifts.map(({ gift }) => recordPaymentSucceeded({ paymentIntentId: gift.stripePaymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, ports)),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'credited')).toBe(true);
    const expected = gifts.reduce((sum, { gift }) => sum + gift.amount, 0);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(expected);
  });

  it('20 parallel deliveries of one success credit it once', async () => {
    const { repositories, registry, ports, gifts } = await registryWithGifts(1);
    const { gift } = gifts[0]!;
    const report = { paymentIntentId: gift.stripePaymentIntentId!, amount: totalCharged(gift), currency: 'USD' as const };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => recordPaymentSucceeded(report, ports)));
    expect(outcomes.filter((outcome) => outcome.kind === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'already-settled')).toHaveLength(19);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(gift.amount);
    expect((await repositories.gifts.findById(gift.id))?.paymentStatus).toBe('succeeded');
  });
});
