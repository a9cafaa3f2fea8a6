import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { refundGift } from '@core/gift/refund-gift';
import { startGift } from '@core/gift/start-gift';
import { balancesFromTables } from '@core/ledger/balances-from-tables';
import {
  CARD_FEES_COLLECTED,
  CARD_FEES_PAID,
  charityPayableAccount,
  familyPayableAccount,
  normalBalance,
  OPENING_DIFFERENCE,
  PLATFORM_FEE_REVENUE,
  PAYOUTS_IN_TRANSIT,
  PROVIDER_CASH,
  REFUNDS_ABSORBED,
  registryGiftsAccount,
} from '@core/ledger/chart-of-accounts';
import { balancedEntry, UnbalancedEntry } from '@core/model/ledger-entry';
import { openingEntries } from '@core/ledger/opening-entries';
import { giftPaidEntry, giftRefundedEntry, latePaymentRefundedEntry } from '@core/ledger/posting-rules';
import { verifyLedger } from '@core/ledger/verify-ledger';
import { adminActor } from '@core/access/admin-access';
import { claimCharityPayout, completeCharityPayout, pendingDistributions } from '@core/payout/charity-payouts';
import { closeRegistry } from '@core/payout/close-registry';
import { claimManualPayout, completeManualPayout } from '@core/payout/manual-payouts';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import { aCheckPayout, aCharity, aNewRegistry, aNewUser } from '../support/builders';

const SUPPORT = 'help@gifts.example.org';

async function world() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock();
  const owner = await repositories.users.create(aNewUser({ username: 'rachel' }));
  const admin = await repositories.users.setAdmin((await repositories.users.create(aNewUser({ username: 'ops' }))).id, true);
  const charities = await Promise.all(['MAZON', 'Hadassah'].map((name) => repositories.charities.create(aCharity({ name }))));
  const registry = await repositories.registries.create(aNewRegistry(owner.id));
  const giving = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: 'https://gifts.example.org',
    supportEmail: SUPPORT,
  };
  const start = async (cents: number, charityId = charities[0]!.id) =>
    (
      await startGift(
        {
          registryId: registry.id,
          charityId,
          giftGiverName: 'Aunt Miriam',
          giftGiverEmail: 'miriam@example.com',
          amount: cents,
          personalMessage: '',
        },
        giving,
      )
    ).gift;
  /** The provider's report of the payment; it says it took `fee` when asked. */
  const confirm = (gift: Gift, fee?: number) => {
    if (fee !== undefined) gateway.fees.set(gift.paymentIntentId!, fee);
    return recordPaymentSucceeded({ paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: 'USD' }, giving);
  };
  const close = async () => {
    await savePayoutInfo(owner, registry.id, aCheckPayout(), { registries: repositories.registries, unitOfWork: repositories });
    return closeRegistry(owner, registry.id, {
      registries: repositories.registries,
      unitOfWork: repositories,
      gateway,
      clock,
      appUrl: 'https://gifts.example.org',
      supportEmail: SUPPORT,
    });
  };
  /** Each account's balance in its normal sign. */
  const balance = async (account: string) =>
    normalBalance(
      account,
      (await repositories.ledger.listBalances()).find((row) => row.account === account && row.currency === 'USD')?.balance ?? 0,
    );
  const entries = () => [...repositories.ledger.rows.values()];
  const agrees = async () => (await verifyLedger(repositories)).flatMap((verdict) => [...verdict.differences, ...verdict.unbalanced]);
  return { repositories, gateway, clock, owner, admin, charities, registry, start, confirm, close, balance, entries, agrees };
}

describe('the posting rules', () => {
  const gift = fc
    .record({
      amount: fc.integer({ min: 100, max: 2_500_000 }),
      cardFee: fc.integer({ min: 0, max: 80_000 }),
      providerFee: fc.option(fc.integer({ min: 0, max: 80_000 })),
    })
    .map(
      ({ amount, cardFee, providerFee }): Gift => ({
        id: 'gift-1',
        registryId: 'registry-1',
        giftGiverName: 'Aunt Miriam',
        giftGiverEmail: 'miriam@example.com',
        currency: 'USD',
        amount,
        childAmount: amount - Math.floor((amount + 5) / 10),
        charityAmount: Math.floor((amount + 5) / 10),
        platformFee: 300,
        cardFee,
        providerFee,
        charityId: 'charity-1',
        personalMessage: null,
        paymentIntentId: 'pi_1',
        paymentStatus: 'succeeded',
        refundedAtPlatformCost: false,
        shareEmailWithCharity: false,
        createdAt: new Date(),
      }),
    );

  it('balances every entry, and a refund leaves only the provider’s fee behind, as refunds absorbed', () => {
    fc.assert(
      fc.property(gift, (g) => {
        const fee = g.providerFee ?? g.cardFee;
        const paid = giftPaidEntry(g, 'USD', fee);
        const refunded = giftRefundedEntry(g, 'USD');
        for (const entry of [paid, refunded, latePaymentRefundedEntry(g, 'USD', fee)]) {
          if (entry) expect(entry.postings.reduce((sum, posting) => sum + posting.amount, 0)).toBe(0);
        }
        const net = new Map<string, number>();
        for (const posting of [...paid.postings, ...refunded.postings])
          net.set(posting.account, (net.get(posting.account) ?? 0) + posting.amount);
        for (const [account, amount] of net) {
          if (account === PROVIDER_CASH) expect(amount + fee).toBe(0);
          else if (account === REFUNDS_ABSORBED) expect(amount).toBe(fee);
          else expect(amount).toBe(0);
        }
        expect(paid.key).toBe('gift:gift-1:paid');
        expect(refunded.key).toBe(latePaymentRefundedEntry(g, 'USD', fee)?.key ?? refunded.key);
      }),
    );
  });

  it('refuses postings that do not add up to zero or are not whole cents, and leaves out what is zero', () => {
    const base = { key: 'k', kind: 'gift.paid' as const, currency: 'USD' as const, reference: null };
    expect(() =>
      balancedEntry(base, [
        { account: 'a', amount: 100 },
        { account: 'b', amount: -99 },
      ]),
    ).toThrow(UnbalancedEntry);
    expect(() =>
      balancedEntry(base, [
        { account: 'a', amount: 0.5 },
        { account: 'b', amount: -0.5 },
      ]),
    ).toThrow(UnbalancedEntry);
    expect(balancedEntry(base, [{ account: 'a', amount: 0 }])).toBeNull();
    expect(
      balancedEntry(base, [
        { account: 'a', amount: 5 },
        { account: 'a', amount: -5 },
        { account: 'b', amount: 7 },
        { account: 'c', amount: -7 },
      ])?.postings,
    ).toEqual([
      { account: 'b', amount: 7 },
      { account: 'c', amount: -7 },
    ]);
  });
});

describe('every change that moves money posts its entry, once', () => {
  it('a gift paid: the provider’s real fee against the card fee the giver paid, and a duplicate report posts nothing more', async () => {
    const w = await world();
    const gift = await w.start(10_000);
    // The giver paid a card fee of 3.39 on a charge of 106.39; the provider took 3.39 - 0.20.
    await w.confirm(gift, 319);
    await w.confirm(gift, 319);
    await w.confirm(gift);
    expect(w.entries().map((entry) => entry.kind)).toEqual(['gift.paid']);
    expect(await w.balance(PROVIDER_CASH)).toBe(10_639 - 319);
    expect(await w.balance(registryGiftsAccount(w.registry.id))).toBe(10_000);
    expect(await w.balance(PLATFORM_FEE_REVENUE)).toBe(300);
    expect(await w.balance(CARD_FEES_COLLECTED)).toBe(339);
    expect(await w.balance(CARD_FEES_PAID)).toBe(319);
    expect((await w.repositories.gifts.findById(gift.id))?.providerFee).toBe(319);
    expect(await w.agrees()).toEqual([]);
  });

  it('a refund while open: the gift leaves the registry, the fees are given back, and the provider’s fee becomes refunds absorbed', async () => {
    const w = await world();
    const gift = await w.start(10_000);
    await w.confirm(gift, 350);
    await refundGift(
      w.admin,
      gift.id,
      { reason: 'Sent twice' },
      {
        unitOfWork: w.repositories,
        gifts: w.repositories.gifts,
        registries: w.repositories.registries,
        gateway: w.gateway,
        clock: w.clock,
        supportEmail: SUPPORT,
      },
    );
    expect(w.entries().map((entry) => entry.kind)).toEqual(['gift.paid', 'gift.refunded']);
    expect(await w.balance(PROVIDER_CASH)).toBe(-350);
    expect(await w.balance(REFUNDS_ABSORBED)).toBe(350);
    for (const account of [registryGiftsAccount(w.registry.id), PLATFORM_FEE_REVENUE, CARD_FEES_COLLECTED, CARD_FEES_PAID])
      expect(await w.balance(account)).toBe(0);
    expect(await w.agrees()).toEqual([]);
  });

  it('a payment after closing is refunded, and only the provider’s fee it kept is posted, once however often it is reported', async () => {
    const w = await world();
    const early = await w.start(5_000);
    await w.confirm(early);
    const late = await w.start(10_000);
    await w.close();
    await Promise.all([w.confirm(late, 330), w.confirm(late, 330)]);
    expect((await w.repositories.gifts.findById(late.id))?.paymentStatus).toBe('refunded');
    expect(
      w
        .entries()
        .filter((entry) => entry.kind === 'gift.late_payment_refunded')
        .map((entry) => entry.postings),
    ).toEqual([
      [
        { account: REFUNDS_ABSORBED, amount: 330 },
        { account: PROVIDER_CASH, amount: -330 },
      ],
    ]);
    expect(await w.agrees()).toEqual([]);
  });

  it('a close owes the family its 90% and each charity its share; a claim puts it in transit, and sending each payout clears it', async () => {
    const w = await world();
    await w.confirm(await w.start(10_000));
    await w.confirm(await w.start(7_200, w.charities[1]!.id));
    const { registry } = await w.close();
    expect(await w.balance(registryGiftsAccount(registry.id))).toBe(0);
    expect(await w.balance(familyPayableAccount(registry.id))).toBe(15_480);
    expect(await w.balance(charityPayableAccount(w.charities[0]!.id))).toBe(1_000);
    expect(await w.balance(charityPayableAccount(w.charities[1]!.id))).toBe(720);
    expect(await w.agrees()).toEqual([]);

    const cashBefore = await w.balance(PROVIDER_CASH);
    const claiming = { unitOfWork: w.repositories, clock: w.clock };
    await claimManualPayout(registry.id, adminActor(w.admin), claiming);
    expect(await w.balance(familyPayableAccount(registry.id))).toBe(0);
    expect(await w.balance(PAYOUTS_IN_TRANSIT)).toBe(15_480);
    expect(await w.agrees()).toEqual([]);
    await completeManualPayout(registry.id, { referenceNumber: 'REF-1' }, adminActor(w.admin), { ...claiming, supportEmail: SUPPORT });
    for (const pending of await pendingDistributions(w.repositories)) {
      await claimCharityPayout(pending.payoutId, adminActor(w.admin), claiming);
      await completeCharityPayout(
        pending.payoutId,
        { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R1' },
        adminActor(w.admin),
        claiming,
      );
    }
    expect(await w.balance(familyPayableAccount(registry.id))).toBe(0);
    expect(await w.balance(charityPayableAccount(w.charities[0]!.id))).toBe(0);
    expect(await w.balance(PAYOUTS_IN_TRANSIT)).toBe(0);
    expect(await w.balance(PROVIDER_CASH)).toBe(cashBefore - 17_200);
    expect(w.entries().map((entry) => entry.kind)).toEqual([
      'gift.paid',
      'gift.paid',
      'registry.closed',
      'family_payout.claimed',
      'family_payout.sent',
      'charity_payout.claimed',
      'charity_payout.sent',
      'charity_payout.claimed',
      'charity_payout.sent',
    ]);
    expect(await w.agrees()).toEqual([]);
  });

  it('verify names each account the tables and the ledger disagree on', async () => {
    const w = await world();
    await w.confirm(await w.start(10_000));
    // A change that went around the rules: the total moved, and no entry says why.
    await w.repositories.registries.addToTotalReceived(w.registry.id, 500);
    expect(await w.agrees()).toEqual([{ account: registryGiftsAccount(w.registry.id), ledger: 10_000, tables: 10_500 }]);
  });
});

describe('opening the ledger on existing books', () => {
  const registry = (id: string, changes: object) => ({
    id,
    currency: 'USD' as const,
    status: 'open' as const,
    totalReceived: 0,
    payoutAmount: null,
    payoutStatus: 'pending' as const,
    ...changes,
  });
  const gift = (registryId: string, changes: object) => ({
    registryId,
    charityId: 'c1',
    currency: 'USD' as const,
    amount: 10_000,
    platformFee: 300,
    cardFee: 339,
    providerFee: 339,
    paymentStatus: 'succeeded' as const,
    refundedAtPlatformCost: false,
    ...changes,
  });

  it('posts one balanced entry per currency that brings every account to what the tables say', () => {
    const tables = {
      registries: [
        registry('open', { totalReceived: 10_000 }),
        registry('closed', { status: 'closed', payoutAmount: 9_000 }),
        registry('paid', { status: 'payout_sent', payoutAmount: 9_000, payoutStatus: 'completed', currency: 'CAD' }),
      ],
      gifts: [gift('open', {}), gift('open', { paymentStatus: 'refunded' }), gift('closed', {}), gift('paid', { currency: 'CAD' })],
      charityPayouts: [
        { charityId: 'c1', currency: 'USD' as const, amount: 1_000, status: 'pending' as const },
        { charityId: 'c1', currency: 'CAD' as const, amount: 1_000, status: 'completed' as const },
      ],
    };
    const entries = openingEntries(balancesFromTables(tables));
    expect(entries.map((entry) => [entry.key, entry.postings.reduce((sum, posting) => sum + posting.amount, 0)])).toEqual([
      ['opening:USD', 0],
      ['opening:CAD', 0],
    ]);
    expect(entries.flatMap((entry) => entry.postings).some((posting) => posting.account === OPENING_DIFFERENCE)).toBe(false);
    const cad = new Map(entries[1]!.postings.map((posting) => [posting.account, posting.amount]));
    // 106.39 arrived less the provider's 3.39; 90 went to the family, 10 to the charity.
    expect(cad.get(PROVIDER_CASH)).toBe(10_639 - 339 - 9_000 - 1_000);
  });

  it('puts what the tables cannot explain in the opening difference, which verify then names', () => {
    const entries = openingEntries(
      balancesFromTables({ registries: [registry('open', { totalReceived: 12_000 })], gifts: [gift('open', {})], charityPayouts: [] }),
    );
    expect(entries[0]!.postings).toContainEqual({ account: OPENING_DIFFERENCE, amount: 2_000 });
  });
});
