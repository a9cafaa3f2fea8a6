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

  async function registryWithGifts(count: number, options: { base?: number; charity?: Parameters<typeof aCharity>[0] } = {}) {
    const repositories = createMikroOrmRepositories(database.orm);
    const gateway = new InMemoryPaymentGateway();
    const user = await repositories.users.create(aNewUser());
    const charity = await repositories.charities.create(aCharity(options.charity));
    const registry = await repositories.registries.create(aNewRegistry(user.id));
    const ports = {
      unitOfWork: repositories,
      gifts: repositories.gifts,
      gateway,
      rates: DEFAULT_PROCESSING_RATES,
      appUrl: 'https://gifts.example.org',
      supportEmail: 'help@gifts.example.org',
    };
    const gifts = [];
    for (let index = 0; index < count; index += 1) {
      const amount = ((options.base ?? 36) + index) * 100 + (index % 7);
      gifts.push(
        await startGift(
          {
            registryId: registry.id,
            charityId: charity.id,
            giftGiverName: `Guest ${index}`,
            giftGiverEmail: `guest${index}@example.com`,
            amount,
            personalMessage: '',
          },
          ports,
        ),
      );
    }
    return { repositories, registry, ports, gifts };
  }

  it('50 distinct gifts confirmed in parallel leave totalReceived equal to their sum', async () => {
    const { repositories, registry, ports, gifts } = await registryWithGifts(50);
    const outcomes = await Promise.all(
      gifts.map(({ gift }) =>
        recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, ports),
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'credited')).toBe(true);
    const expected = gifts.reduce((sum, { gift }) => sum + gift.amount, 0);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(expected);
  });

  it('20 parallel deliveries of one success credit it once', async () => {
    const { repositories, registry, ports, gifts } = await registryWithGifts(1);
    const { gift } = gifts[0]!;
    const report = { paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' as const };
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => recordPaymentSucceeded(report, ports)));
    expect(outcomes.filter((outcome) => outcome.kind === 'credited')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.kind === 'already-settled')).toHaveLength(19);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(gift.amount);
    expect((await repositories.gifts.findById(gift.id))?.paymentStatus).toBe('succeeded');
  });

  it('numbers the receipts of gifts confirmed in parallel, each reported three times, once each and without a gap', async () => {
    const details = {
      legalName: 'Chai Lifeline, Inc.',
      country: 'US' as const,
      taxId: '11-2345678',
      address: '151 West 30th Street\nNew York, NY 10001',
      agreementDate: '2026-11-01',
    };
    const { repositories, ports, gifts } = await registryWithGifts(12, { base: 250, charity: { details } });
    const reports = gifts.flatMap(({ gift }) =>
      Array.from({ length: 3 }, () => ({
        paymentIntentId: gift.paymentIntentId!,
        amount: totalCharged(gift),
        currency: 'USD' as const,
      })),
    );
    await Promise.all(reports.map((report) => recordPaymentSucceeded(report, ports)));
    const receipts = await repositories.receipts.listByGiftIds(gifts.map(({ gift }) => gift.id));
    expect(receipts).toHaveLength(12);
    const sequence = receipts.map((receipt) => Number(receipt.number.slice(-6))).sort((a, b) => a - b);
    expect(new Set(receipts.map((receipt) => receipt.number)).size).toBe(12);
    expect(sequence.at(-1)! - sequence[0]!).toBe(11);
  });
});
