import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { ABANDONED_AFTER_MS, UNSTARTED_AFTER_MS, expireAbandonedGifts } from '@core/gift/expire-abandoned-gifts';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { changeCurrency } from '@core/registry/change-currency';
import { deleteRegistry } from '@core/registry/delete-registry';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

const HOUR = 60 * 60 * 1000;

async function world() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const owner = await repositories.users.create(aNewUser());
  const charity = await repositories.charities.create(aCharity());
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const ports = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  };
  const give = (dollars: number) => giveCents(dollars * 100);
  const giveCents = (amount: number) =>
    startGift(
      {
        registryId: registry.id,
        charityId: charity.id,
        giftGiverName: 'A stranger',
        giftGiverEmail: 'stranger@example.com',
        amount,
        personalMessage: '',
      },
      ports,
    );
  /** The sweep as it runs the given time after now. */
  const sweepAfter = (ms: number) => expireAbandonedGifts({ ...ports, clock: new FixedClock(new Date(Date.now() + ms)) });
  const statusOf = async (giftId: string) => (await repositories.gifts.findById(giftId))?.paymentStatus;
  /** What the family's delete and currency change are given, beside the one who acts. */
  const family = { ...ports, registries: repositories.registries };
  return { repositories, gateway, owner, charity, registry, ports, give, giveCents, sweepAfter, statusOf, family };
}

describe('a stranger’s unpaid gift when the family acts', () => {
  it('is given up on the spot, cancelled at the provider, so the currency changes and the registry is deleted at once', async () => {
    const { repositories, gateway, registry, give, statusOf, family, owner } = await world();
    const { gift } = await give(36);
    await expect(changeCurrency(owner, registry.id, { currency: 'CAD' }, family)).resolves.toMatchObject({ currency: 'CAD' });
    expect(await statusOf(gift.id)).toBe('expired');
    expect(gateway.canceled.has(gift.paymentIntentId!)).toBe(true);

    await give(18);
    await expect(deleteRegistry(owner, registry.id, family)).resolves.toEqual({ message: 'Registry deleted' });
    expect(await repositories.registries.findById(registry.id)).toBeNull();
  });

  it('is credited, and then holds the registry, when it was paid after all', async () => {
    const { repositories, gateway, registry, give, statusOf, family, owner } = await world();
    const { gift } = await give(50);
    gateway.intents.get(gift.paymentIntentId!)!.status = 'succeeded';
    await expect(deleteRegistry(owner, registry.id, family)).rejects.toMatchObject({ code: 'registry.has_gifts' });
    expect(await statusOf(gift.id)).toBe('succeeded');
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(5_000);
  });

  it('leaves the other guests paying once one payment turns out paid, as the change is refused anyway', async () => {
    const { repositories, gateway, registry, give, statusOf, family, owner } = await world();
    await give(50);
    await give(20);
    await give(36);
    const [paid, ...others] = (await repositories.gifts.listByRegistry(registry.id)).map((gift) => gift.id);
    gateway.intents.get((await repositories.gifts.findById(paid!))!.paymentIntentId!)!.status = 'succeeded';
    await expect(changeCurrency(owner, registry.id, { currency: 'CAD' }, family)).rejects.toMatchObject({ code: 'registry.has_gifts' });
    expect(await statusOf(paid!)).toBe('succeeded');
    for (const other of others) expect(await statusOf(other)).toBe('pending');
    expect(gateway.canceled.size).toBe(0);
  });

  it('holds the registry, with a plain message, while the provider cannot say how its payment stands', async () => {
    const { gateway, registry, give, statusOf, family, owner } = await world();
    const { gift } = await give(18);
    gateway.down = true;
    await expect(changeCurrency(owner, registry.id, { currency: 'CAD' }, family)).rejects.toMatchObject({
      code: 'registry.payment_under_way',
    });
    expect(await statusOf(gift.id)).toBe('pending');
  });

  it('is given up only for the registry’s own family: a stranger’s delete or change touches nothing', async () => {
    const { repositories, registry, give, statusOf, family } = await world();
    const { gift } = await give(18);
    const stranger = await repositories.users.create(aNewUser({ username: 'someone-else', email: 'else@example.com' }));
    await expect(deleteRegistry(stranger, registry.id, family)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(changeCurrency(stranger, registry.id, { currency: 'CAD' }, family)).rejects.toMatchObject({
      code: 'registry.forbidden',
    });
    expect(await statusOf(gift.id)).toBe('pending');
  });
});

describe('a registry whose only gift was refunded', () => {
  it('can change its currency, the refunded gift keeping its own, and be deleted: gone for everyone, while the refunded gift and its registry stay on record', async () => {
    const { repositories, registry, charity, family, owner } = await world();
    const refunded = await repositories.gifts.create(
      aNewGift(registry.id, charity.id, { paymentStatus: 'refunded', paymentIntentId: 'pi_refunded' }),
    );
    await expect(changeCurrency(owner, registry.id, { currency: 'CAD' }, family)).resolves.toEqual({
      message: 'Currency updated to CAD',
      currency: 'CAD',
    });
    expect(await repositories.gifts.findById(refunded.id)).toMatchObject({ currency: 'USD' });

    await expect(deleteRegistry(owner, registry.id, family)).resolves.toEqual({ message: 'Registry deleted' });
    expect(await repositories.gifts.findById(refunded.id)).toMatchObject({
      paymentStatus: 'refunded',
      paymentIntentId: 'pi_refunded',
    });
    expect(await repositories.registries.findById(registry.id)).toMatchObject({ isActive: false, currency: 'CAD' });
    expect(await repositories.registries.listByOwner(owner.id)).toEqual([]);
    await expect(deleteRegistry(owner, registry.id, family)).rejects.toMatchObject({ code: 'registry.not_found' });
    await expect(changeCurrency(owner, registry.id, { currency: 'CAD' }, family)).rejects.toMatchObject({ code: 'registry.not_found' });
  });
});

describe('abandoned gifts', () => {
  it('cancels an unpaid payment a day old and marks its gift expired, freeing the currency and deletion', async () => {
    const { gateway, registry, give, sweepAfter, statusOf, family, owner } = await world();
    const { gift } = await give(36);
    const change = () => changeCurrency(owner, registry.id, { currency: 'CAD' }, family);

    expect(await sweepAfter(ABANDONED_AFTER_MS - HOUR)).toEqual({ expired: 0, failed: 0, credited: 0, undecided: 0 });
    expect(await statusOf(gift.id)).toBe('pending');

    expect(await sweepAfter(ABANDONED_AFTER_MS + HOUR)).toEqual({ expired: 1, failed: 0, credited: 0, undecided: 0 });
    expect(await statusOf(gift.id)).toBe('expired');
    expect(gateway.canceled.has(gift.paymentIntentId!)).toBe(true);
    await expect(change()).resolves.toMatchObject({ currency: 'CAD' });
    await expect(deleteRegistry(owner, registry.id, family)).resolves.toEqual({ message: 'Registry deleted' });
  });

  it('credits a payment that went through after all, once, instead of expiring it', async () => {
    const { repositories, gateway, registry, give, sweepAfter, statusOf } = await world();
    const { gift } = await give(50);
    gateway.intents.get(gift.paymentIntentId!)!.status = 'succeeded';
    expect(await sweepAfter(ABANDONED_AFTER_MS + HOUR)).toMatchObject({ credited: 1, expired: 0 });
    expect(await statusOf(gift.id)).toBe('succeeded');
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(5_000);
    expect(await sweepAfter(ABANDONED_AFTER_MS + 2 * HOUR)).toMatchObject({ credited: 0 });
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(5_000);
  });

  it('leaves a gift pending while the provider cannot say how its payment stands', async () => {
    const { gateway, give, sweepAfter, statusOf } = await world();
    const { gift } = await give(18);
    gateway.down = true;
    expect(await sweepAfter(ABANDONED_AFTER_MS + HOUR)).toMatchObject({ undecided: 1, expired: 0 });
    expect(await statusOf(gift.id)).toBe('pending');
  });

  it('marks a gift whose start was cut off (no payment attached) failed after minutes, not a day', async () => {
    const { repositories, registry, charity, sweepAfter, statusOf } = await world();
    const cutOff = await repositories.gifts.create(aNewGift(registry.id, charity.id, { paymentStatus: 'pending', paymentIntentId: null }));
    expect(await sweepAfter(UNSTARTED_AFTER_MS - 60_000)).toMatchObject({ failed: 0 });
    expect(await statusOf(cutOff.id)).toBe('pending');
    expect(await sweepAfter(UNSTARTED_AFTER_MS + 60_000)).toMatchObject({ failed: 1 });
    expect(await statusOf(cutOff.id)).toBe('failed');
  });

  it('refunds, never credits, a success reported for a gift that expired', async () => {
    const { repositories, gateway, registry, ports, give, sweepAfter, statusOf } = await world();
    const { gift } = await give(72);
    await sweepAfter(ABANDONED_AFTER_MS + HOUR);
    const outcome = await recordPaymentSucceeded(
      { paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' },
      ports,
    );
    expect(outcome.kind).toBe('refunded');
    expect(await statusOf(gift.id)).toBe('refunded');
    expect(gateway.refunds).toHaveLength(1);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(0);
  });

  it('whatever the givers did, the registry total is exactly its paid gifts, each counted once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            cents: fc.integer({ min: 100, max: 2_500_000 }),
            paid: fc.constantFrom('never', 'before-sweep', 'late'),
            sweeps: fc.integer({ min: 1, max: 3 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        async (givers) => {
          const { repositories, gateway, registry, ports, giveCents, sweepAfter } = await world();
          const started = await Promise.all(givers.map((giver) => giveCents(giver.cents)));
          for (const [index, { gift }] of started.entries()) {
            if (givers[index]!.paid === 'before-sweep') gateway.intents.get(gift.paymentIntentId!)!.status = 'succeeded';
          }
          for (let sweep = 0; sweep < Math.max(...givers.map((giver) => giver.sweeps)); sweep += 1)
            await sweepAfter(ABANDONED_AFTER_MS + (sweep + 1) * HOUR);
          // A late success (a webhook after the cancel) is never credited.
          for (const [index, { gift }] of started.entries()) {
            if (givers[index]!.paid === 'late')
              await recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, ports);
          }
          const gifts = [...repositories.gifts.rows.values()];
          const paid = gifts.filter((gift) => gift.paymentStatus === 'succeeded');
          expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(
            paid.reduce((sum, gift) => sum + gift.amount, 0),
          );
          expect(paid).toHaveLength(givers.filter((giver) => giver.paid === 'before-sweep').length);
          expect(gifts.filter((gift) => gift.paymentStatus === 'pending')).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
