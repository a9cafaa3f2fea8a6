import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { createMikroOrmRepositories } from '../../adapters/persistence/repositories';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import { refundGift } from '@core/gift/refund-gift';
import { adminActor } from '@core/access/admin-access';
import { claimCharityPayout, completeCharityPayout } from '@core/payout/charity-payouts';
import { closeRegistry } from '@core/payout/close-registry';
import { claimManualPayout, completeManualPayout } from '@core/payout/manual-payouts';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import { aCheckPayout, aCharity, aNewRegistry, aNewUser } from '../support/builders';
import { openTestDatabase, postgresUrl } from '../support/databases';

describe.each(['pglite', ...(postgresUrl ? ['postgresql' as const] : [])] as const)('closing, gifts and admins at once on %s', (kind) => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function world() {
    const repositories = createMikroOrmRepositories(database.orm);
    const gateway = new InMemoryPaymentGateway();
    const clock = new FixedClock();
    const charities = [
      await repositories.charities.create(aCharity({ name: 'MAZON' })),
      await repositories.charities.create(aCharity({ name: 'Hadassah' })),
    ];
    const admin = await repositories.users.create(aNewUser());
    const giving = {
      unitOfWork: repositories,
      gifts: repositories.gifts,
      gateway,
      rates: DEFAULT_PROCESSING_RATES,
      appUrl: 'https://gifts.example.org',
      supportEmail: 'help@gifts.example.org',
    };
    const familyWithGifts = async (count: number) => {
      const owner = await repositories.users.create(aNewUser());
      const registry = await repositories.registries.create(aNewRegistry(owner.id));
      await repositories.registries.update(registry.id, { payoutMethod: 'paypal', paypalEmail: 'family@example.com' });
      const gifts: Gift[] = [];
      for (let index = 0; index < count; index += 1) {
        const { gift } = await startGift(
          {
            registryId: registry.id,
            charityId: charities[index % 2]!.id,
            giftGiverName: `Guest ${index}`,
            giftGiverEmail: `g${index}@example.com`,
            amount: (18 + index) * 100 + (index % 5),
            personalMessage: '',
          },
          giving,
        );
        gifts.push(gift);
      }
      const confirm = (gift: Gift) =>
        recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);
      const close = () =>
        closeRegistry(owner, registry.id, {
          registries: repositories.registries,
          unitOfWork: repositories,
          gateway,
          clock,
          appUrl: 'https://gifts.example.org',
          supportEmail: 'help@gifts.example.org',
        });
      const refund = (gift: Gift) =>
        refundGift(
          owner,
          gift.id,
          { reason: 'Asked by the giver' },
          {
            unitOfWork: repositories,
            gifts: repositories.gifts,
            registries: repositories.registries,
            gateway,
            clock,
            supportEmail: 'help@gifts.example.org',
          },
        );
      return { owner, registry, gifts, confirm, close, refund };
    };
    return { repositories, charities, admin, clock, gateway, familyWithGifts };
  }

  it('refunds racing each other, a close and late webhooks count each gift once: refunded, or in the payouts', async () => {
    const { repositories, gateway, familyWithGifts } = await world();
    const family = await familyWithGifts(12);
    for (const gift of family.gifts) await family.confirm(gift);
    const refunds = family.gifts.flatMap((gift, index) => (index % 2 === 0 ? [family.refund(gift), family.refund(gift)] : []));
    const [closed, ...settled] = await Promise.allSettled([
      family.close(),
      ...refunds,
      ...family.gifts.map((gift) => family.confirm(gift)),
    ]);
    for (const result of settled) {
      if (result.status === 'rejected') expect(['gift.not_refundable', 'registry.refund_under_way']).toContain(result.reason.code);
    }
    const stored = await Promise.all(family.gifts.map((gift) => repositories.gifts.findById(gift.id).then((found) => found!)));
    expect(stored.every((gift) => gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunded')).toBe(true);
    const paid = stored.filter((gift) => gift.paymentStatus === 'succeeded');
    const refunded = stored.filter((gift) => gift.paymentStatus === 'refunded');
    expect(gateway.refunds.map((call) => call.idempotencyKey).sort()).toEqual(refunded.map((gift) => `refund-${gift.id}`).sort());
    const registry = (await repositories.registries.findById(family.registry.id))!;
    expect(registry.totalReceived).toBe(paid.reduce((sum, gift) => sum + gift.amount, 0));
    if (closed.status === 'fulfilled') {
      expect(registry.payoutAmount! + registry.charityPayoutAmount!).toBe(registry.totalReceived);
      const named = (await repositories.charityPayouts.list()).filter((payout) => payout.registryIds.includes(family.registry.id));
      expect(named.reduce((sum, payout) => sum + payout.giftCount, 0)).toBe(paid.length);
      expect(named.reduce((sum, payout) => sum + payout.amount, 0)).toBe(paid.reduce((sum, gift) => sum + gift.charityAmount, 0));
    } else {
      expect(closed.reason).toMatchObject({ code: 'registry.refund_under_way' });
      expect(registry.status).toBe('open');
    }
  });

  it('ten closes at once close the registry once and add its shares once', async () => {
    const { repositories, familyWithGifts } = await world();
    const family = await familyWithGifts(4);
    for (const gift of family.gifts) await family.confirm(gift);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => family.close()));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'registry.closed' });
    const named = (await repositories.charityPayouts.list()).filter((payout) => payout.registryIds.includes(family.registry.id));
    expect(named.reduce((sum, payout) => sum + payout.giftCount, 0)).toBe(4);
    expect(named.reduce((sum, payout) => sum + payout.amount, 0)).toBe(family.gifts.reduce((sum, gift) => sum + gift.charityAmount, 0));
  });

  it('a close racing gift confirmations counts each gift exactly once: in the payout, or refunded', async () => {
    const { repositories, familyWithGifts } = await world();
    const family = await familyWithGifts(24);
    const confirmations = family.gifts.map((gift) => family.confirm(gift));
    const [closed] = await Promise.all([family.close(), ...confirmations]);
    const outcomes = await Promise.all(confirmations);
    const credited = family.gifts.filter((_, index) => outcomes[index]!.kind === 'credited');
    expect(outcomes.every((outcome) => outcome.kind === 'credited' || outcome.kind === 'refunded')).toBe(true);
    const registry = (await repositories.registries.findById(family.registry.id))!;
    const given = credited.reduce((sum, gift) => sum + gift.amount, 0);
    expect(registry.totalReceived).toBe(given);
    expect(registry.payoutAmount! + registry.charityPayoutAmount!).toBe(given);
    expect(closed.registry.payoutAmount).toBe(registry.payoutAmount);
    const named = (await repositories.charityPayouts.list()).filter((payout) => payout.registryIds.includes(family.registry.id));
    expect(named.reduce((sum, payout) => sum + payout.giftCount, 0)).toBe(credited.length);
    for (const [index, outcome] of outcomes.entries()) {
      expect((await repositories.gifts.findById(family.gifts[index]!.id))?.paymentStatus).toBe(
        outcome.kind === 'credited' ? 'succeeded' : 'refunded',
      );
    }
  });

  it('a payout-details save racing the close never rewrites how a closed registry is paid', async () => {
    const { repositories, familyWithGifts } = await world();
    for (let round = 0; round < 6; round += 1) {
      const family = await familyWithGifts(1);
      await family.confirm(family.gifts[0]!);
      const check = aCheckPayout();
      const [closed, saved] = await Promise.allSettled([
        family.close(),
        savePayoutInfo(family.owner, family.registry.id, check, { registries: repositories.registries, unitOfWork: repositories }),
      ]);
      const after = (await repositories.registries.findById(family.registry.id))!;
      expect(closed.status).toBe('fulfilled');
      if (closed.status === 'fulfilled') expect(after.payoutMethod).toBe(closed.value.registry.payoutMethod);
      if (saved.status === 'rejected') expect(saved.reason).toMatchObject({ code: 'registry.closed' });
      const manual = await repositories.registries.listManualPayouts();
      expect(manual.map((registry) => registry.id)).toContain(family.registry.id);
    }
  });

  it('registries closing together add to each charity’s one pending payout without losing a cent', async () => {
    const { repositories, charities, familyWithGifts } = await world();
    const families = [];
    for (let index = 0; index < 8; index += 1) families.push(await familyWithGifts(3));
    for (const family of families) for (const gift of family.gifts) await family.confirm(gift);
    await Promise.all(families.map((family) => family.close()));
    const pending = await repositories.charityPayouts.listUnsent();
    for (const charity of charities) {
      const mine = pending.filter((payout) => payout.charityId === charity.id);
      expect(mine).toHaveLength(1);
      const gifts = families.flatMap((family) => family.gifts).filter((gift) => gift.charityId === charity.id);
      expect(mine[0]).toMatchObject({ amount: gifts.reduce((sum, gift) => sum + gift.charityAmount, 0), giftCount: gifts.length });
      expect([...mine[0]!.registryIds].sort()).toEqual(families.map((family) => family.registry.id).sort());
    }
  });

  it('refunds after closing racing the payouts’ claims: each gift is refunded out of both waiting payouts, or stays in the claimed ones, to the cent', async () => {
    const { repositories, admin, clock, familyWithGifts } = await world();
    const family = await familyWithGifts(8);
    for (const gift of family.gifts) await family.confirm(gift);
    await family.close();
    const ports = { unitOfWork: repositories, clock };
    const payouts = (await repositories.charityPayouts.listUnsent()).filter((candidate) =>
      candidate.registryIds.includes(family.registry.id),
    );
    const settled = await Promise.allSettled([
      ...family.gifts.map((gift) => family.refund(gift)),
      claimManualPayout(family.registry.id, adminActor(admin), ports),
      ...payouts.map((payout) => claimCharityPayout(payout.id, adminActor(admin), ports)),
    ]);
    for (const result of settled) {
      if (result.status === 'rejected') expect(['gift.not_refundable', 'registry.refund_under_way']).toContain(result.reason.code);
    }
    const stored = await Promise.all(family.gifts.map((gift) => repositories.gifts.findById(gift.id).then((found) => found!)));
    const kept = stored.filter((gift) => gift.paymentStatus === 'succeeded');
    expect(stored.every((gift) => gift.paymentStatus === 'succeeded' || gift.paymentStatus === 'refunded')).toBe(true);
    const registry = (await repositories.registries.findById(family.registry.id))!;
    expect(registry.payoutAmount).toBe(kept.reduce((sum, gift) => sum + gift.childAmount, 0));
    const named = (await repositories.charityPayouts.list()).filter((payout) => payout.registryIds.includes(family.registry.id));
    expect(named.reduce((sum, payout) => sum + payout.amount, 0)).toBe(kept.reduce((sum, gift) => sum + gift.charityAmount, 0));
    // Whatever was claimed, no refund came out of it afterwards: what is in transit is what the claimed payouts hold.
    const inTransit = [
      registry.payoutStatus === 'sending' ? registry.payoutAmount! : 0,
      ...named.filter((payout) => payout.status === 'sending').map((payout) => payout.amount),
    ];
    const balance = (await repositories.ledger.listBalances()).find((row) => row.account === 'payouts:in-transit')?.balance ?? 0;
    expect(-balance).toBe(inTransit.reduce((sum, amount) => sum + amount, 0));
    expect((await verifyLedger(repositories)).flatMap((verdict) => verdict.differences)).toEqual([]);
  });

  it('administrators claiming and completing the same payouts at once: one holds each, and completes it once, with one audit event per step', async () => {
    const { repositories, admin, clock, familyWithGifts } = await world();
    const other = await repositories.users.setAdmin((await repositories.users.create(aNewUser({ username: 'dana' }))).id, true);
    const family = await familyWithGifts(2);
    for (const gift of family.gifts) await family.confirm(gift);
    await family.close();
    const ports = { unitOfWork: repositories, clock, supportEmail: 'help@gifts.example.org' };
    const [payout] = (await repositories.charityPayouts.listUnsent()).filter((candidate) =>
      candidate.registryIds.includes(family.registry.id),
    );
    const body = { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-9' };
    const actors = Array.from({ length: 8 }, (_, index) => adminActor(index % 2 === 0 ? admin : other));
    const claims = await Promise.allSettled([
      ...actors.map((actor) => claimCharityPayout(payout!.id, actor, ports)),
      ...actors.map((actor) => claimManualPayout(family.registry.id, actor, ports)),
    ]);
    for (const result of claims)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'payout.claimed_by_another' });
    // Whoever won each claim completes it; the other's tries are refused.
    const holderOf = async () => {
      const [charityPayout, registry] = [
        await repositories.charityPayouts.findById(payout!.id),
        await repositories.registries.findById(family.registry.id),
      ];
      return {
        charity: charityPayout!.claimedBy === 'admin:dana' ? other : admin,
        family: registry!.payoutClaimedBy === 'admin:dana' ? other : admin,
      };
    };
    const holders = await holderOf();
    await expect(
      completeManualPayout(family.registry.id, { referenceNumber: 'REF-1' }, adminActor(holders.family === admin ? other : admin), ports),
    ).rejects.toMatchObject({ code: 'payout.claimed_by_another' });
    const charityResults = await Promise.allSettled(
      Array.from({ length: 8 }, () => completeCharityPayout(payout!.id, body, adminActor(holders.charity), ports)),
    );
    const manualResults = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        completeManualPayout(family.registry.id, { referenceNumber: 'REF-1' }, adminActor(holders.family), ports),
      ),
    );
    for (const results of [charityResults, manualResults]) {
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'payout.already_completed' });
    }
    const events = await repositories.audit.list(100);
    expect(
      events
        .filter((event) => event.subjectId === payout!.id)
        .map((event) => event.action)
        .sort(),
    ).toEqual(['charity_payout.claimed', 'charity_payout.completed']);
    expect(
      events
        .filter((event) => event.subjectId === family.registry.id)
        .map((event) => event.action)
        .sort(),
    ).toEqual(['manual_payout.claimed', 'manual_payout.completed']);
    expect((await verifyLedger(repositories)).flatMap((verdict) => verdict.differences)).toEqual([]);
  });
});
