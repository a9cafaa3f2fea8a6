import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { refundGift } from '@core/gift/refund-gift';
import { startGift } from '@core/gift/start-gift';
import { recordDispute } from '@core/dispute/record-dispute';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { closeRegistry } from '@core/payout/close-registry';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';
import { openTestDatabase, postgresUrl } from '../support/databases';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)(
  'disputes racing closings, refunds and each other on %s',
  (kind) => {
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });

    it('a dispute reported three times at once while the family closes and refunds: held and counted once, or after the payout, never both; the books agree', async () => {
      const repositories = createMikroOrmRepositories(database.orm);
      const gateway = new InMemoryPaymentGateway();
      const clock = new FixedClock();
      const mail = { appUrl: 'https://gifts.example.org', supportEmail: 'help@gifts.example.org' };
      const charity = await repositories.charities.create(aCharity());
      const owner = await repositories.users.create(aNewUser());
      const registry = await repositories.registries.create(aNewRegistry(owner.id));
      await repositories.registries.update(registry.id, { payoutMethod: 'paypal', paypalEmail: 'family@example.com' });
      const giving = { unitOfWork: repositories, gifts: repositories.gifts, gateway, rates: DEFAULT_PROCESSING_RATES, ...mail };
      const gifts: Gift[] = [];
      for (let index = 0; index < 4; index += 1) {
        const { gift } = await startGift(
          {
            registryId: registry.id,
            charityId: charity.id,
            giftGiverName: `Guest ${index}`,
            giftGiverEmail: `g${index}@example.com`,
            amount: (36 + index) * 100,
            personalMessage: '',
          },
          giving,
        );
        await recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);
        gifts.push(gift);
      }
      const disputed = gateway.openDispute(gifts[0]!.paymentIntentId!);
      const report = () => recordDispute(disputed, { unitOfWork: repositories, clock, ...mail });
      const close = () =>
        closeRegistry(owner, registry.id, { registries: repositories.registries, unitOfWork: repositories, gateway, clock, ...mail });
      const refund = (gift: Gift) =>
        refundGift(
          owner,
          gift.id,
          { reason: 'Asked' },
          {
            unitOfWork: repositories,
            gifts: repositories.gifts,
            registries: repositories.registries,
            gateway,
            clock,
            supportEmail: mail.supportEmail,
          },
        );

      const [closed, ...others] = await Promise.allSettled([close(), report(), report(), refund(gifts[0]!), refund(gifts[1]!), report()]);
      // A refund begun before the dispute was recorded may be refused by the provider, which refunds no disputed charge.
      for (const result of others) {
        if (result.status === 'rejected')
          expect(['gift.not_refundable', 'registry.refund_under_way', 'dispute.exists', 'payment.unavailable']).toContain(
            (result.reason as { code?: string }).code,
          );
      }
      const [dispute, ...more] = await repositories.disputes.list();
      expect(more).toEqual([]);
      expect(dispute).toBeDefined();
      const now = (await repositories.registries.findById(registry.id))!;
      const stored = await Promise.all(gifts.map((gift) => repositories.gifts.findById(gift.id).then((found) => found!)));
      // The closing never waits for the bank: it goes through whichever came first.
      expect(closed.status).toBe('fulfilled');
      if (dispute!.phase === 'held') {
        // The dispute came first: the gift is held out, and the closing held it back from both payouts.
        expect(stored[0]!.paymentStatus).toBe('disputed');
        expect(now.payoutAmount).toBe(
          stored.filter((gift) => gift.paymentStatus === 'succeeded').reduce((sum, gift) => sum + gift.childAmount, 0),
        );
      } else {
        // The money had gone (closed, or the gift refunded first): the gift was not touched.
        expect(stored[0]!.paymentStatus).not.toBe('disputed');
      }
      const counted = stored.filter((gift) => gift.paymentStatus === 'succeeded');
      if (now.status === 'open') expect(now.totalReceived).toBe(counted.reduce((sum, gift) => sum + gift.amount, 0));
      else expect(now.payoutAmount! + now.charityPayoutAmount!).toBe(counted.reduce((sum, gift) => sum + gift.amount, 0));
      const disputeEntries = (await repositories.ledger.countEntries()).get('USD')!;
      expect(disputeEntries).toBeGreaterThan(0);
      expect((await verifyLedger(repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced])).toEqual([]);

      // The bank decides for the gift, reported three times at once: a held gift's parts are released once, in one follow-up payout.
      const won = gateway.decideDispute(disputed.disputeId, 'won');
      await Promise.allSettled([1, 2, 3].map(() => recordDispute(won, { unitOfWork: repositories, clock, ...mail })));
      const decided = (await repositories.disputes.findById(dispute!.id))!;
      expect(decided.status).toBe('won');
      if (dispute!.phase === 'held')
        expect(decided.followUp).toMatchObject({ method: 'paypal', amount: stored[0]!.childAmount, status: 'pending' });
      else expect(decided.followUp).toBeNull();
      expect(await repositories.disputes.listFollowUpsPending()).toHaveLength(dispute!.phase === 'held' ? 1 : 0);
      expect((await verifyLedger(repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced])).toEqual([]);
    });
  },
);
