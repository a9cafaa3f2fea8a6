import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import { formatMoney } from '@core/money';
import { recordPaymentFailed, recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';

async function world(options: { registryStatus?: 'open' | 'closed' } = {}) {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const user = await repositories.users.create(aNewUser());
  const charity = await repositories.charities.create(aCharity());
  const registry = await repositories.registries.create(aNewRegistry(user.id));
  const ports = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  };
  /** The use case takes cents: the wire's amount is read before it (test/http/giving.test.ts). */
  const giveCents = (amount: unknown) =>
    startGift(
      {
        registryId: registry.id,
        charityId: charity.id,
        giftGiverName: 'Aunt Miriam',
        giftGiverEmail: 'Miriam@Example.com',
        amount,
        personalMessage: '',
      },
      ports,
    );
  const give = (dollars: number) => giveCents(dollars * 100);
  const closeRegistry = async () => {
    repositories.registries.rows.set(registry.id, { ...repositories.registries.rows.get(registry.id)!, status: 'closed' });
  };
  if (options.registryStatus === 'closed') await closeRegistry();
  return { repositories, gateway, registry, charity, ports, give, giveCents, closeRegistry };
}

type Event = { gift: number; kind: 'succeeded' | 'failed' | 'wrong-amount' | 'wrong-currency' };

describe('a gift’s money lands exactly once', () => {
  it('starts a pending gift with its payment attached and the giver charged the grossed-up total', async () => {
    const { give, repositories, gateway } = await world();
    const started = await give(100);
    expect(started.breakdown).toMatchObject({ baseAmount: 10_000, totalAmount: 10_639, cardFee: 339, platformFee: 300 });
    const stored = await repositories.gifts.findById(started.gift.id);
    expect(stored).toMatchObject({
      paymentStatus: 'pending',
      amount: 10_000,
      childAmount: 9_000,
      charityAmount: 1_000,
      giftGiverEmail: 'miriam@example.com',
    });
    expect(stored?.paymentIntentId).toBeTruthy();
    expect(gateway.intents.get(stored!.paymentIntentId!)).toMatchObject({
      amount: 10_639,
      currency: 'USD',
      idempotencyKey: `gift-${started.gift.id}`,
    });
  });

  it('marks the gift failed when the provider cannot open a payment, so it holds nothing open', async () => {
    const { give, repositories, gateway } = await world();
    gateway.down = true;
    const refused = await give(50).catch((error: unknown) => error);
    // The guest reads a plain "try again"; the log, the provider's own error (its cause).
    expect(refused).toMatchObject({
      code: 'payment.unavailable',
      message: 'Failed to process gift. Please try again.',
      cause: { message: 'provider unavailable' },
    });
    expect([...repositories.gifts.rows.values()].map((gift) => gift.paymentStatus)).toEqual(['failed']);
  });

  it('leaves a failure of its own database as it is, not as the provider’s, and cancels the payment it opened', async () => {
    const { give, repositories, gateway } = await world();
    const lost = new Error('Connection terminated unexpectedly');
    repositories.gifts.attachPaymentIntent = () => Promise.reject(lost);
    // The server tells the guest to try again in a moment (503), not that the provider failed (502).
    await expect(give(50)).rejects.toBe(lost);
    expect([...repositories.gifts.rows.values()].map((gift) => gift.paymentStatus)).toEqual(['failed']);
    expect([...gateway.canceled]).toEqual([...gateway.intents.keys()]);
  });

  // In cents; what the wire carries (10.555, "36") is refused as it is read, in test/http/giving.test.ts.
  it.each([
    [0, 'Amount must be a positive number'],
    [-500, 'Amount must be a positive number'],
    [50, 'The smallest gift is 1.00'],
    [1055.5, 'Amount can have at most two decimals'],
    [1e11, 'The largest gift is 25,000.00'],
    ['3600', 'amount: Must be a number'],
    [Number.NaN, 'Amount must be a positive number'],
  ])('refuses an amount of %s cents and records nothing', async (amount, message) => {
    const { giveCents, repositories } = await world();
    await expect(giveCents(amount)).rejects.toMatchObject({ code: 'validation.failed', message });
    expect(repositories.gifts.rows.size).toBe(0);
  });

  it('refuses gifts to a closed registry', async () => {
    const { give, repositories } = await world({ registryStatus: 'closed' });
    await expect(give(36)).rejects.toMatchObject({ code: 'registry.closed' });
    expect(repositories.gifts.rows.size).toBe(0);
  });

  it('credits, for any sequence of duplicated, late and out-of-order reports, exactly the gifts that succeeded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 2_500_000 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ gift: fc.nat(5), kind: fc.constantFrom('succeeded', 'failed', 'wrong-amount', 'wrong-currency') }), {
          maxLength: 30,
        }),
        async (amounts, events: Event[]) => {
          const { giveCents, repositories, registry, ports } = await world();
          const gifts = await Promise.all(amounts.map((cents) => giveCents(cents)));
          const credited = new Map<string, number>();
          for (const event of events) {
            const started = gifts[event.gift % gifts.length]!;
            const paymentIntentId = started.gift.paymentIntentId!;
            const amount = totalCharged(started.gift) + (event.kind === 'wrong-amount' ? 1 : 0);
            const currency = event.kind === 'wrong-currency' ? 'CAD' : 'USD';
            const outcome =
              event.kind === 'failed'
                ? await recordPaymentFailed({ paymentIntentId }, ports)
                : await recordPaymentSucceeded({ paymentIntentId, amount, currency }, ports);
            if (outcome.kind === 'credited') credited.set(started.gift.id, (credited.get(started.gift.id) ?? 0) + 1);
            if (event.kind !== 'succeeded') expect(outcome.kind).not.toBe('credited');
          }
          const stored = await repositories.gifts.listByRegistry(registry.id);
          const succeeded = stored.filter((gift) => gift.paymentStatus === 'succeeded');
          expect([...credited.values()].every((count) => count === 1)).toBe(true);
          expect(succeeded.map((gift) => gift.id).sort()).toEqual([...credited.keys()].sort());
          expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(
            succeeded.reduce((sum, gift) => sum + gift.amount, 0),
          );
          // A success that arrives after a failure still lands; a failure after a success changes nothing.
          for (const gift of stored) {
            const own = events.filter((event) => gifts[event.gift % gifts.length]!.gift.id === gift.id);
            expect(gift.paymentStatus === 'succeeded').toBe(own.some((event) => event.kind === 'succeeded'));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refunds a payment that succeeds after its registry closed, once, and never credits it', async () => {
    const { give, repositories, registry, ports, gateway, closeRegistry } = await world();
    const started = await give(180);
    await closeRegistry();
    const report = { paymentIntentId: started.gift.paymentIntentId!, amount: totalCharged(started.gift), currency: 'USD' as const };
    expect((await recordPaymentSucceeded(report, ports)).kind).toBe('refunded');
    expect((await recordPaymentSucceeded(report, ports)).kind).toBe('already-settled');
    expect(gateway.refunds).toEqual([{ paymentIntentId: report.paymentIntentId, idempotencyKey: `refund-${started.gift.id}` }]);
    expect((await repositories.gifts.findById(started.gift.id))?.paymentStatus).toBe('refunded');
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(0);
    // The giver is told, once, and gets no receipt for a gift that did not land.
    const mail = repositories.mail.queued;
    expect(mail.map((message) => message.dedupeKey)).toEqual([`gift-refund-${started.gift.id}`]);
    expect(mail[0]).toMatchObject({ to: 'miriam@example.com', subject: "Your payment to Sarah Cohen's Bar/Bat Mitzvah was refunded" });
    expect(mail[0]!.text).toContain(`refunded the full ${formatMoney(totalCharged(started.gift), 'USD')}`);
  });

  it('queues one receipt and one notice per credited gift, whatever else is reported', async () => {
    const { give, repositories, ports } = await world();
    const started = await give(36);
    const report = { paymentIntentId: started.gift.paymentIntentId!, amount: totalCharged(started.gift), currency: 'USD' as const };
    await recordPaymentSucceeded(report, ports);
    await recordPaymentSucceeded(report, ports);
    await recordPaymentFailed({ paymentIntentId: report.paymentIntentId }, ports);
    expect(repositories.mail.queued.map((message) => message.dedupeKey).sort()).toEqual([
      `gift-notice-${started.gift.id}`,
      `gift-receipt-${started.gift.id}`,
    ]);
  });

  it('has replies to the receipt, the family’s notice and a refund notice reach support, not the no-reply sender', async () => {
    const { give, repositories, ports, closeRegistry } = await world();
    const credited = await give(36);
    await recordPaymentSucceeded(
      { paymentIntentId: credited.gift.paymentIntentId!, amount: totalCharged(credited.gift), currency: 'USD' },
      ports,
    );
    const late = await give(18);
    await closeRegistry();
    await recordPaymentSucceeded({ paymentIntentId: late.gift.paymentIntentId!, amount: totalCharged(late.gift), currency: 'USD' }, ports);
    const replyTo = Object.fromEntries(repositories.mail.queued.map((message) => [message.dedupeKey, message.replyTo]));
    expect(replyTo).toEqual({
      [`gift-receipt-${credited.gift.id}`]: 'help@gifts.example.org',
      [`gift-notice-${credited.gift.id}`]: 'help@gifts.example.org',
      [`gift-refund-${late.gift.id}`]: 'help@gifts.example.org',
    });
  });

  it('keeps the gift unsettled when the refund cannot be made yet, so the provider’s retry refunds it', async () => {
    const { give, repositories, ports, gateway, closeRegistry } = await world();
    const started = await give(72);
    await closeRegistry();
    gateway.down = true;
    const report = { paymentIntentId: started.gift.paymentIntentId!, amount: totalCharged(started.gift), currency: 'USD' as const };
    await expect(recordPaymentSucceeded(report, ports)).rejects.toThrow('provider unavailable');
    expect((await repositories.gifts.findById(started.gift.id))?.paymentStatus).toBe('pending');
    gateway.down = false;
    expect((await recordPaymentSucceeded(report, ports)).kind).toBe('refunded');
  });

  it('ignores reports about payments it never started', async () => {
    const { ports } = await world();
    expect((await recordPaymentSucceeded({ paymentIntentId: 'pi_elsewhere', amount: 100, currency: 'USD' }, ports)).kind).toBe(
      'unknown-payment',
    );
    expect((await recordPaymentFailed({ paymentIntentId: 'pi_elsewhere' }, ports)).kind).toBe('unknown-payment');
  });
});
