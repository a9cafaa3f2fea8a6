import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import type { User } from '@core/model/user';
import { DEFAULT_PROCESSING_RATES } from '../../bootstrap/config';
import type { Gift } from '@core/model/gift';
import { recordPaymentSucceeded, totalCharged } from '@core/gift/record-payment';
import { startGift } from '@core/gift/start-gift';
import type { Currency } from '@core/money';
import { adminActor } from '@core/access/admin-access';
import { claimCharityPayout, completeCharityPayout, pendingDistributions } from '@core/payout/charity-payouts';
import { closeRegistry } from '@core/payout/close-registry';
import { closingAmounts } from '@core/model/closing-amounts';
import { claimManualPayout, completeManualPayout, listManualPayouts } from '@core/payout/manual-payouts';
import { remindPendingCharityPayouts } from '@core/payout/charity-payout-reminder';
import { STALLED_TRANSFER_RETRY_AFTER_MS } from '@core/payout/bank-transfer';
import { charityBreakdown, payoutStatus } from '@core/payout/payout-status';
import { bankCountryFor, CLOSE_HINTS, isBankAccountReady, isVerified, payoutNotReadyReason } from '@core/payout/payout-readiness';
import { savePayoutInfo } from '@core/payout/save-payout-info';
import { splitGift } from '@core/split';
import { viewGiftList } from '@core/gift/view-gift-list';
import { deleteOfflineGift, updateOfflineGift } from '@core/offline-gift/change-offline-gift';
import { MAX_OFFLINE_GIFTS_PER_REGISTRY, recordOfflineGift } from '@core/offline-gift/record-offline-gift';
import { aCheckPayout, aCharity, aNewRegistry, aNewUser } from '../support/builders';

const PAYPAL = { payoutMethod: 'paypal', paypalEmail: 'family@example.com' };
const CHECK = aCheckPayout();

async function world() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock();
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const admin = await repositories.users.setAdmin(
    (await repositories.users.create(aNewUser({ username: 'ops', email: 'ops@example.com' }))).id,
    true,
  );
  const charities = await Promise.all(['MAZON', 'Hadassah', 'JDC'].map((name) => repositories.charities.create(aCharity({ name }))));
  const giving = {
    unitOfWork: repositories,
    gifts: repositories.gifts,
    gateway,
    rates: DEFAULT_PROCESSING_RATES,
    appUrl: 'https://gifts.example.org',
    supportEmail: 'help@gifts.example.org',
  };
  const openRegistry = (currency: Currency = 'USD', user: User = owner) =>
    repositories.registries.create(aNewRegistry(user.id, { currency }));
  /** A gift as a giver makes it: a payment intent, then the provider's report. */
  const give = async (registryId: string, cents: number, charityId = charities[0]!.id, confirm = true): Promise<Gift> => {
    const started = await startGift(
      { registryId, charityId, giftGiverName: 'Aunt Miriam', giftGiverEmail: 'miriam@example.com', amount: cents, personalMessage: '' },
      giving,
    );
    if (confirm) await confirmGift(started.gift);
    return started.gift;
  };
  const confirmGift = async (gift: Gift) => {
    const registry = await repositories.registries.findById(gift.registryId);
    return recordPaymentSucceeded(
      { paymentIntentId: gift.paymentIntentId!, amount: totalCharged(gift), currency: registry!.currency },
      giving,
    );
  };
  const close = (registryId: string, user: User | null = owner) =>
    closeRegistry(user, registryId, {
      registries: repositories.registries,
      unitOfWork: repositories,
      gateway,
      clock,
      appUrl: 'https://gifts.example.org',
      supportEmail: 'help@gifts.example.org',
    });
  const choose = (registryId: string, details: Record<string, unknown>, user: User | null = owner) =>
    savePayoutInfo(user, registryId, details, { registries: repositories.registries, unitOfWork: repositories });
  /** The owner's bank account, verified on the provider's onboarding page. */
  const verifiedBankAccount = async (country: 'US' | 'CA' = 'US') => {
    const accountId = await gateway.createConnectedAccount({ country, email: owner.email, idempotencyKey: `connect-account-${owner.id}` });
    gateway.verify(accountId);
    Object.assign(owner, await repositories.users.attachPayoutAccount(owner.id, accountId));
    return accountId;
  };
  /** An open registry with one gift, to be paid to the owner's verified bank account. */
  const bankRegistry = async (cents = 10_000) => {
    await verifiedBankAccount();
    const registry = await openRegistry();
    await give(registry.id, cents);
    await choose(registry.id, { payoutMethod: 'bank' });
    return registry;
  };
  const status = (registryId: string) =>
    payoutStatus(owner, registryId, { registries: repositories.registries, disputes: repositories.disputes });
  return {
    repositories,
    gateway,
    clock,
    owner,
    admin,
    charities,
    openRegistry,
    give,
    confirmGift,
    close,
    choose,
    verifiedBankAccount,
    bankRegistry,
    status,
  };
}

describe('closing amounts', () => {
  const aGift = fc.record({
    amount: fc.integer({ min: 100, max: 2_500_000 }),
    charity: fc.constantFrom('a', 'b', 'c', 'd'),
    status: fc.constantFrom('pending', 'succeeded', 'succeeded', 'failed', 'refunded'),
  });

  it('gives the family and the charities together exactly what givers gave in succeeded gifts, to the cent', () => {
    fc.assert(
      fc.property(fc.array(aGift, { maxLength: 60 }), (specs) => {
        const gifts = specs.map(
          (spec, index) =>
            ({
              id: `g${index}`,
              amount: spec.amount,
              ...splitGift(spec.amount),
              charityId: spec.charity,
              paymentStatus: spec.status,
            }) as Gift,
        );
        const succeeded = gifts.filter((gift) => gift.paymentStatus === 'succeeded');
        const given = succeeded.reduce((sum, gift) => sum + gift.amount, 0);
        const amounts = closingAmounts(gifts);
        expect(amounts.payoutAmount + amounts.charityPayoutAmount).toBe(given);
        expect(amounts.shares.reduce((sum, share) => sum + share.amount, 0)).toBe(amounts.charityPayoutAmount);
        expect(amounts.shares.reduce((sum, share) => sum + share.giftCount, 0)).toBe(succeeded.length);
        for (const share of amounts.shares) {
          const own = succeeded.filter((gift) => gift.charityId === share.charityId);
          expect(share).toEqual({
            charityId: share.charityId,
            amount: own.reduce((sum, gift) => sum + gift.charityAmount, 0),
            giftCount: own.length,
          });
        }
        expect(amounts.shares.map((share) => share.charityId)).toEqual([...amounts.shares.map((share) => share.charityId)].sort());
      }),
    );
  });

  it('puts every succeeded gift in exactly one family payout and one charity payout, across registries, charities and currencies, and never a gift given by hand', async () => {
    const registrySpec = fc.record({
      currency: fc.constantFrom<Currency>('USD', 'CAD'),
      method: fc.constantFrom('paypal', 'check'),
      gifts: fc.array(
        fc.record({ cents: fc.integer({ min: 100, max: 500_000 }), charity: fc.nat(2), confirmed: fc.boolean(), afterClose: fc.boolean() }),
        { maxLength: 8 },
      ),
      // Gifts given by hand, recorded before or after closing; some are corrected or removed.
      byHand: fc.array(
        fc.record({
          cents: fc.integer({ min: 1, max: 2_500_000 }),
          method: fc.constantFrom('cash', 'check', 'other'),
          afterClose: fc.boolean(),
          change: fc.constantFrom('keep', 'keep', 'edit', 'delete'),
        }),
        { maxLength: 6 },
      ),
      adminPaysBefore: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(registrySpec, { minLength: 1, maxLength: 5 }), async (specs) => {
        const w = await world();
        const counted: Gift[] = [];
        const keptByHand = new Map<string, number>();
        const day = w.clock.now().toISOString().slice(0, 10);
        const recordByHand = async (registryId: string, gifts: { cents: number; method: string; change: string }[]) => {
          for (const gift of gifts) {
            const details = {
              giftGiverName: 'Uncle Ben',
              giftGiverEmail: null,
              amount: gift.cents,
              method: gift.method,
              receivedOn: day,
              note: null,
            };
            const made = await recordOfflineGift(w.owner, registryId, details, { ...w.repositories, clock: w.clock });
            let kept = gift.cents;
            if (gift.change === 'edit') {
              kept = gift.cents === 1 ? 2 : gift.cents - 1;
              await updateOfflineGift(w.owner, made.id, { ...details, amount: kept }, { ...w.repositories, clock: w.clock });
            }
            if (gift.change === 'delete') await deleteOfflineGift(w.owner, made.id, w.repositories);
            else keptByHand.set(registryId, (keptByHand.get(registryId) ?? 0) + kept);
          }
        };
        for (const spec of specs) {
          const registry = await w.openRegistry(spec.currency);
          await recordByHand(
            registry.id,
            spec.byHand.filter((gift) => !gift.afterClose),
          );
          const late: Gift[] = [];
          for (const gift of spec.gifts) {
            const made = await w.give(registry.id, gift.cents, w.charities[gift.charity]!.id, gift.confirmed && !gift.afterClose);
            if (gift.confirmed && !gift.afterClose) counted.push(made);
            if (gift.confirmed && gift.afterClose) late.push(made);
          }
          if (spec.adminPaysBefore) {
            for (const pending of await pendingDistributions(w.repositories)) {
              await claimCharityPayout(pending.payoutId, adminActor(w.admin), { unitOfWork: w.repositories, clock: w.clock });
              await claimCharityPayout(pending.payoutId, adminActor(w.admin), { unitOfWork: w.repositories, clock: w.clock });
              await completeCharityPayout(
                pending.payoutId,
                { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R1' },
                adminActor(w.admin),
                { unitOfWork: w.repositories, clock: w.clock },
              );
            }
          }
          await w.choose(registry.id, spec.method === 'paypal' ? PAYPAL : CHECK);
          await w.close(registry.id);
          // A payment that lands after the close is refunded, never counted.
          for (const gift of late) expect((await w.confirmGift(gift)).kind).toBe('refunded');
          await recordByHand(
            registry.id,
            spec.byHand.filter((gift) => gift.afterClose),
          );
        }

        const registries = [...w.repositories.registries.rows.values()];
        const payouts = await w.repositories.charityPayouts.list();
        for (const currency of ['USD', 'CAD'] as const) {
          const gifts = counted.filter((gift) => registries.find((registry) => registry.id === gift.registryId)!.currency === currency);
          const given = gifts.reduce((sum, gift) => sum + gift.amount, 0);
          const family = registries
            .filter((registry) => registry.currency === currency)
            .reduce((sum, registry) => sum + (registry.payoutAmount ?? 0), 0);
          const inCurrency = payouts.filter((payout) => payout.currency === currency);
          const charity = inCurrency.reduce((sum, payout) => sum + payout.amount, 0);
          expect(family + charity).toBe(given);
          expect(inCurrency.reduce((sum, payout) => sum + payout.giftCount, 0)).toBe(gifts.length);
          for (const { id: charityId } of w.charities) {
            const own = gifts.filter((gift) => gift.charityId === charityId);
            const ownPayouts = inCurrency.filter((payout) => payout.charityId === charityId);
            expect(ownPayouts.reduce((sum, payout) => sum + payout.amount, 0)).toBe(own.reduce((sum, gift) => sum + gift.charityAmount, 0));
            // Each registry is named in exactly one of the charity's payouts when it gave to it.
            for (const registryId of new Set(own.map((gift) => gift.registryId))) {
              expect(ownPayouts.flatMap((payout) => payout.registryIds).filter((id) => id === registryId)).toHaveLength(1);
            }
          }
        }
        for (const registry of registries) {
          const own = counted.filter((gift) => gift.registryId === registry.id);
          expect(registry.totalReceived).toBe(own.reduce((sum, gift) => sum + gift.amount, 0));
          expect(registry.payoutAmount! + registry.charityPayoutAmount!).toBe(registry.totalReceived);
          // The owner's totals: what came online (the family's and the charities' parts) plus what came by hand.
          const { totals } = await viewGiftList(w.owner, registry.id, {}, w.repositories);
          expect(totals.online).toBe(registry.payoutAmount! + registry.charityPayoutAmount!);
          expect(totals.byHand).toBe(keptByHand.get(registry.id) ?? 0);
          expect(totals.total).toBe(totals.online + totals.byHand);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('closing a registry', () => {
  it('refuses until the chosen method is ready, with the spec’s hints, and changes nothing', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 10_000);
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'payout.not_ready' });
    await w.choose(registry.id, { payoutMethod: 'bank' });
    await expect(w.close(registry.id)).rejects.toMatchObject({
      code: 'payout.not_ready',
      message: 'Complete your bank account setup above to close the registry',
    });
    const accountId = await w.gateway.createConnectedAccount({ country: 'US', email: 'x@example.com', idempotencyKey: 'k' });
    Object.assign(w.owner, await w.repositories.users.attachPayoutAccount(w.owner.id, accountId));
    await expect(w.close(registry.id)).rejects.toMatchObject({ message: 'Complete your bank account setup above to close the registry' });
    w.repositories.registries.rows.set(registry.id, { ...w.repositories.registries.rows.get(registry.id)!, payoutMethod: 'paypal' });
    await expect(w.close(registry.id)).rejects.toMatchObject({ message: 'Enter your PayPal email above to close the registry' });
    w.repositories.registries.rows.set(registry.id, {
      ...w.repositories.registries.rows.get(registry.id)!,
      payoutMethod: 'check',
      mailingName: 'Rachel',
    });
    await expect(w.close(registry.id)).rejects.toMatchObject({ message: 'Fill in your mailing address above to close the registry' });
    expect(await w.repositories.registries.findById(registry.id)).toMatchObject({ status: 'open', closedAt: null, payoutAmount: null });
    expect(await w.repositories.charityPayouts.list()).toEqual([]);
  });

  it('e-mails the owner when the registry closes and again when the payout is sent, once each', async () => {
    const w = await world();
    const registry = await closedByPayPal(w);
    const closedMail = w.repositories.mail.rows.get(`registry-closed-${registry.id}`);
    expect(closedMail).toMatchObject({ to: 'rachel@example.com', subject: "Sarah Cohen's Bar/Bat Mitzvah: registry closed" });
    expect(closedMail?.text).toContain('To your family (90%) at closing: $90.00');
    expect(closedMail?.text).toContain('Your PayPal payment will be sent within 3-5 business days.');
    await claimManualPayout(registry.id, adminActor(w.admin), { unitOfWork: w.repositories, clock: w.clock });
    await completeManualPayout(registry.id, { referenceNumber: 'REF-1' }, adminActor(w.admin), {
      unitOfWork: w.repositories,
      clock: w.clock,
      supportEmail: 'help@gifts.example.org',
    });
    // The family's address, taken apart so no mail program links it (docs/product.md#validation-rules).
    expect(w.repositories.mail.rows.get(`payout-sent-${registry.id}`)?.text).toContain('Sent by: PayPal to family@\u200Bexample.\u200Bcom');
  });

  it('lets only the owner close, and only once', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    const stranger = await w.repositories.users.create(aNewUser({ username: 'stranger', email: 'stranger@example.com' }));
    await w.choose(registry.id, PAYPAL);
    await expect(w.close(registry.id, null)).rejects.toMatchObject({ code: 'auth.required' });
    await expect(w.close(registry.id, stranger)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(w.close(registry.id, w.admin)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(w.close('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ code: 'registry.not_found' });
    await w.give(registry.id, 3_600);
    const closed = await w.close(registry.id);
    expect(closed).toMatchObject({
      transferResult: null,
      registry: { status: 'closed', payoutAmount: 3_240, charityPayoutAmount: 360, payoutStatus: 'pending' },
    });
    expect(closed.registry.closedAt).toEqual(w.clock.now());
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'registry.closed', message: 'This registry is already closed' });
    await expect(w.choose(registry.id, CHECK)).rejects.toMatchObject({ code: 'registry.closed' });
    expect(await w.repositories.charityPayouts.list()).toHaveLength(1);
  });

  it('closes once when asked twice at the same moment', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 10_000);
    await w.choose(registry.id, CHECK);
    const results = await Promise.allSettled([w.close(registry.id), w.close(registry.id), w.close(registry.id)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [payout] = await w.repositories.charityPayouts.list();
    expect(payout).toMatchObject({ amount: 1_000, giftCount: 1, registryIds: [registry.id] });
  });

  it('pays nothing and is done at once when nobody gave', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.choose(registry.id, PAYPAL);
    const { registry: closed } = await w.close(registry.id);
    expect(closed).toMatchObject({ status: 'payout_sent', payoutAmount: 0, charityPayoutAmount: 0, payoutStatus: 'completed' });
    expect(await w.repositories.charityPayouts.list()).toEqual([]);
    expect((await listManualPayouts(w.repositories)).pending).toEqual([]);
  });

  it('sends one bank transfer of the family’s 90% to the owner’s verified account', async () => {
    const w = await world();
    const accountId = await w.verifiedBankAccount();
    const registry = await w.openRegistry();
    await w.give(registry.id, 10_000);
    await w.give(registry.id, 7_200, w.charities[1]!.id);
    await w.choose(registry.id, { payoutMethod: 'bank' });
    const result = await w.close(registry.id);
    expect(result.transferResult).toEqual({ success: true });
    expect(result.registry).toMatchObject({
      status: 'payout_sent',
      payoutStatus: 'completed',
      payoutAmount: 15_480,
      payoutSentAt: w.clock.now(),
    });
    expect(result.registry.stripePayoutId).toMatch(/^tr_test_/);
    expect(w.gateway.transfers).toEqual([
      {
        destinationAccountId: accountId,
        amount: 15_480,
        currency: 'USD',
        transferGroup: `registry_${registry.id}`,
        idempotencyKey: `registry-payout-${registry.id}-1`,
      },
    ]);
  });

  it('closes with the payout pending when the transfer is refused, and a later close tries again with a fresh key', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    w.gateway.transferOutcome = { reason: 'balance_insufficient', message: 'Insufficient funds in the platform balance.' };
    const refused = await w.close(registry.id);
    expect(refused.transferResult).toEqual({
      success: false,
      reason: 'balance_insufficient',
      message: 'Insufficient funds in the platform balance.',
    });
    expect(refused.registry).toMatchObject({ status: 'closed', payoutStatus: 'pending', transferFailureReason: 'balance_insufficient' });
    expect(await w.repositories.charityPayouts.list()).toHaveLength(1);
    // A refusal may be tried again at once: since closing.
    expect((await w.status(registry.id)).retryAvailableAt).toEqual(refused.registry.closedAt);

    w.gateway.transferOutcome = 'unknown';
    expect((await w.close(registry.id)).transferResult).toMatchObject({ success: false, reason: 'provider_unavailable' });

    w.gateway.transferOutcome = 'success';
    const retried = await w.close(registry.id);
    expect(retried.transferResult).toEqual({ success: true });
    expect(retried.registry).toMatchObject({ status: 'payout_sent', transferFailureReason: null, transferFailureMessage: null });
    // A provider replays a key's first answer for a day: each try after a refusal needs its own key.
    expect(w.gateway.transfers.map((transfer) => transfer.idempotencyKey)).toEqual(
      [1, 2, 3].map((n) => `registry-payout-${registry.id}-${n}`),
    );
    expect(retried.registry.transferAttempts).toBe(2);
    expect(w.gateway.transfersMade.size).toBe(1);
    // The charities' share was added once, however many times closing was asked for.
    expect((await w.repositories.charityPayouts.list()).map((payout) => payout.amount)).toEqual([1_000]);
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'registry.closed' });
    // The trail says who claimed each try, that the refused one was released, and that one was sent;
    // the unanswered try stayed claimed, and the last claimed it again.
    const trail = (await w.repositories.audit.list(50)).filter((event) => event.subjectId === registry.id);
    expect(trail.map((event) => event.action).sort()).toEqual([
      'bank_payout.claimed',
      'bank_payout.claimed',
      'bank_payout.claimed',
      'bank_payout.completed',
      'bank_payout.released',
    ]);
    expect(new Set(trail.map((event) => event.actorLabel))).toEqual(new Set([`owner:${w.owner.username}`]));
    const sent = trail.find((event) => event.action === 'bank_payout.completed')!;
    expect(sent.before).toMatchObject({ payoutStatus: 'sending', payoutMethod: 'bank', payoutAmount: '90.00' });
    expect(sent.after).toMatchObject({ status: 'payout_sent', payoutStatus: 'completed', payoutAmount: '90.00' });
    expect(trail.find((event) => event.action === 'bank_payout.released')!.after).toMatchObject({
      payoutStatus: 'pending',
      claimedBy: null,
    });
  });

  it('finds a transfer whose answer was lost instead of paying the family twice', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    w.gateway.transferOutcome = 'lost';
    const lost = await w.close(registry.id);
    expect(lost.transferResult).toMatchObject({ success: false, reason: 'provider_unavailable' });
    // The money may have gone: the payout stays claimed by the try, and nothing (a refund, a switch) can change it.
    expect(lost.registry).toMatchObject({ status: 'closed', payoutStatus: 'sending', payoutClaimedBy: 'owner:rachel' });

    w.gateway.transferOutcome = 'success';
    const found = await w.close(registry.id);
    expect(found.transferResult).toEqual({ success: true });
    expect(found.registry).toMatchObject({ status: 'payout_sent', stripePayoutId: [...w.gateway.transfersMade.values()][0]!.transferId });
    expect(w.gateway.transfers).toHaveLength(1);
  });

  it('tries a transfer whose answer was never recorded again only five minutes after closing, and says so before', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    w.gateway.transferOutcome = 'lost';
    const closed = await w.close(registry.id);
    // The server stopped before it recorded the answer: closed, claimed by the try, nothing known of it.
    w.repositories.registries.rows.set(registry.id, {
      ...w.repositories.registries.rows.get(registry.id)!,
      transferFailureReason: null,
      transferFailureMessage: null,
    });
    const stuck = await w.status(registry.id);
    expect(stuck).toMatchObject({ transferResult: null, registry: { status: 'closed', payoutStatus: 'sending' } });
    expect(STALLED_TRANSFER_RETRY_AFTER_MS).toBe(5 * 60 * 1000);
    expect(stuck.retryAvailableAt).toEqual(new Date(closed.registry.closedAt!.getTime() + STALLED_TRANSFER_RETRY_AFTER_MS));

    w.gateway.transferOutcome = 'success';
    w.clock.advance(STALLED_TRANSFER_RETRY_AFTER_MS - 60_000);
    await expect(w.close(registry.id)).rejects.toMatchObject({
      code: 'payout.retry_not_yet',
      message: 'Your bank transfer is still being processed. If it has not gone through, you can try again in 1 minute.',
    });
    w.clock.advance(59_999);
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'payout.retry_not_yet' });
    expect(await w.repositories.registries.findById(registry.id)).toMatchObject({
      status: 'closed',
      payoutStatus: 'sending',
      transferAttempts: 1,
    });

    w.clock.advance(1);
    const retried = await w.close(registry.id);
    expect(retried.transferResult).toEqual({ success: true });
    // The lost transfer was found, not sent twice.
    expect(w.gateway.transfers).toHaveLength(1);
    expect((await w.status(registry.id)).retryAvailableAt).toBeNull();
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'registry.closed' });
  });

  it('offers no retry for PayPal, a check, an open registry or a paid one', async () => {
    const w = await world();
    const open = await w.openRegistry();
    expect((await w.status(open.id)).retryAvailableAt).toBeNull();
    await w.give(open.id, 10_000);
    await w.choose(open.id, PAYPAL);
    await w.close(open.id);
    expect((await w.status(open.id)).retryAvailableAt).toBeNull();
    await w.verifiedBankAccount();
    const bank = await w.openRegistry();
    await w.give(bank.id, 10_000);
    await w.choose(bank.id, { payoutMethod: 'bank' });
    await w.close(bank.id);
    expect((await w.status(bank.id)).retryAvailableAt).toBeNull();
  });

  it('keeps a closed registry’s payout method when a save races the close', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 10_000);
    await w.choose(registry.id, PAYPAL);
    const [closed, saved] = await Promise.allSettled([w.close(registry.id), w.choose(registry.id, CHECK)]);
    const after = (await w.repositories.registries.findById(registry.id))!;
    if (closed.status === 'fulfilled')
      expect(after).toMatchObject({
        status: 'closed',
        payoutMethod: closed.value.registry.payoutMethod,
        paypalEmail: closed.value.registry.paypalEmail,
      });
    if (saved.status === 'rejected') expect(saved.reason).toMatchObject({ code: 'registry.closed' });
    expect(after.status).toBe('closed');
  });

  it('refuses a bank payout into an account in the other currency’s country', async () => {
    const w = await world();
    await w.verifiedBankAccount('US');
    const registry = await w.openRegistry('CAD');
    await w.choose(registry.id, { payoutMethod: 'bank' });
    await expect(w.close(registry.id)).rejects.toMatchObject({
      code: 'payout.not_ready',
      message: expect.stringContaining('Choose PayPal or a check instead'),
    });
  });

  it('answers a clear error and closes nothing when the provider cannot be asked about the account', async () => {
    const w = await world();
    await w.verifiedBankAccount();
    const registry = await w.openRegistry();
    await w.choose(registry.id, { payoutMethod: 'bank' });
    w.gateway.down = true;
    await expect(w.close(registry.id)).rejects.toMatchObject({ code: 'payment.unavailable' });
    expect((await w.repositories.registries.findById(registry.id))?.status).toBe('open');
  });
});

describe('payout details', () => {
  it('keeps only the chosen method’s details and refuses bad ones with a message per field', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.choose(registry.id, CHECK);
    const paypal = await w.choose(registry.id, PAYPAL);
    expect(paypal).toMatchObject({
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
      mailingName: null,
      mailingAddress: null,
      mailingCountry: 'US',
    });
    await expect(w.choose(registry.id, { payoutMethod: 'paypal', paypalEmail: 'not-an-email' })).rejects.toMatchObject({
      code: 'validation.failed',
      fields: { paypalEmail: 'Enter a valid PayPal email' },
    });
    await expect(w.choose(registry.id, { payoutMethod: 'check', mailingName: 'Rachel' })).rejects.toMatchObject({
      fields: {
        mailingAddress: 'Street address is required',
        mailingCity: 'City is required',
        mailingState: 'State or province is required',
        mailingZip: 'ZIP or postal code is required',
      },
    });
    await expect(w.choose(registry.id, { ...CHECK, mailingCountry: 'FR' })).rejects.toMatchObject({
      fields: { mailingCountry: 'Checks can be mailed to the US or Canada' },
    });
    await expect(w.choose(registry.id, { ...CHECK, mailingAddress: '12 Elm St\r\nBcc: x' })).rejects.toMatchObject({
      code: 'validation.failed',
    });
    await expect(w.choose(registry.id, { payoutMethod: 'wire' })).rejects.toMatchObject({
      fields: { payoutMethod: 'Choose bank transfer, PayPal or check' },
    });
    await expect(w.choose(registry.id, { ...PAYPAL, bankAccountNumber: '123' })).rejects.toMatchObject({
      message: 'Unknown field: bankAccountNumber',
    });
    await expect(w.choose(registry.id, { payoutMethod: 'paypal', paypalEmail: 42 })).rejects.toMatchObject({ code: 'validation.failed' });
    expect(await w.repositories.registries.findById(registry.id)).toMatchObject({
      payoutMethod: 'paypal',
      paypalEmail: 'family@example.com',
    });
  });
});

/** A registry closed with one $100 gift and paid by PayPal: its family and charity payouts wait for an administrator. */
async function closedByPayPal(w: Awaited<ReturnType<typeof world>>) {
  const registry = await w.openRegistry();
  await w.give(registry.id, 10_000);
  await w.choose(registry.id, PAYPAL);
  await w.close(registry.id);
  return registry;
}

describe('administration', () => {
  it('completes a charity payout once, with the audit trail’s before and after, and refuses a changed amount', async () => {
    const w = await world();
    await closedByPayPal(w);
    const [pending] = await pendingDistributions(w.repositories);
    expect(pending).toMatchObject({ charityName: 'MAZON', currency: 'USD', totalAmount: 1_000, giftCount: 1 });
    const ports = { unitOfWork: w.repositories, clock: w.clock, supportEmail: 'help@gifts.example.org' };
    const input = { status: 'completed', paymentMethod: 'Check', referenceNumber: 'CHK-1001', notes: 'Mailed Monday' };
    await claimCharityPayout(pending!.payoutId, adminActor(w.admin), ports);
    await expect(
      completeCharityPayout(pending!.payoutId, { ...input, expectedAmount: 999 }, adminActor(w.admin), ports),
    ).rejects.toMatchObject({ code: 'payout.changed' });
    await expect(
      completeCharityPayout(pending!.payoutId, { ...input, status: 'pending' }, adminActor(w.admin), ports),
    ).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(
      completeCharityPayout(pending!.payoutId, { status: 'completed', paymentMethod: 'Check' }, adminActor(w.admin), ports),
    ).rejects.toMatchObject({
      fields: { referenceNumber: 'Reference number is required' },
    });
    expect((await w.repositories.audit.list(10)).map((event) => event.action)).toEqual(['charity_payout.claimed']);

    const results = await Promise.allSettled([
      completeCharityPayout(pending!.payoutId, { ...input, expectedAmount: 1_000 }, adminActor(w.admin), ports),
      completeCharityPayout(pending!.payoutId, { ...input, expectedAmount: 1_000 }, adminActor(w.admin), ports),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((results.find((result) => result.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({
      code: 'payout.already_completed',
    });
    expect(await w.repositories.charityPayouts.findById(pending!.payoutId)).toMatchObject({
      status: 'completed',
      referenceNumber: 'CHK-1001',
      completedAt: w.clock.now(),
    });
    const events = (await w.repositories.audit.list(10)).filter((event) => event.action === 'charity_payout.completed');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: w.admin.id,
      actorLabel: 'admin:ops',
      action: 'charity_payout.completed',
      subjectId: pending!.payoutId,
      before: { status: 'sending', referenceNumber: null, claimedBy: 'admin:ops' },
      after: { status: 'completed', referenceNumber: 'CHK-1001', paymentMethod: 'Check', notes: 'Mailed Monday' },
    });
    expect(await pendingDistributions(w.repositories)).toEqual([]);
  });

  it('lists manual payouts and completes one once, moving the registry to payout_sent', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 18_000);
    await w.choose(registry.id, CHECK);
    await w.close(registry.id);
    const listed = await listManualPayouts(w.repositories);
    expect(listed.pending.map((payout) => [payout.registry.id, payout.ownerEmail])).toEqual([[registry.id, 'rachel@example.com']]);
    w.clock.advance(60_000);
    const ports = { unitOfWork: w.repositories, clock: w.clock, supportEmail: 'help@gifts.example.org' };
    // A reference that is no line of text, or a field the call does not take, changes nothing.
    await expect(completeManualPayout(registry.id, { referenceNumber: '1042\n' + 'x' }, adminActor(w.admin), ports)).rejects.toMatchObject({
      code: 'validation.failed',
    });
    await expect(
      completeManualPayout(registry.id, { referenceNumber: '1042', sentAt: 'now' }, adminActor(w.admin), ports),
    ).rejects.toMatchObject({ code: 'validation.failed' });
    expect(await w.repositories.registries.findById(registry.id)).toMatchObject({ payoutStatus: 'pending', payoutReference: null });
    // Nobody holds it: the one call claims it for the caller and marks it sent.
    const done = await completeManualPayout(registry.id, { referenceNumber: ' 1042 ' }, adminActor(w.admin), ports);
    expect(done.registry).toMatchObject({
      status: 'payout_sent',
      payoutStatus: 'completed',
      payoutSentAt: w.clock.now(),
      payoutClaimedBy: 'admin:ops',
      payoutReference: '1042',
    });
    await expect(completeManualPayout(registry.id, { referenceNumber: 'REF-1' }, adminActor(w.admin), ports)).rejects.toMatchObject({
      code: 'payout.already_completed',
    });
    await expect(completeManualPayout('nope', { referenceNumber: 'REF-1' }, adminActor(w.admin), ports)).rejects.toMatchObject({
      code: 'payout.not_found',
    });
    const open = await w.openRegistry();
    await expect(completeManualPayout(open.id, { referenceNumber: 'REF-1' }, adminActor(w.admin), ports)).rejects.toMatchObject({
      code: 'payout.not_found',
    });
    expect(await listManualPayouts(w.repositories)).toMatchObject({ pending: [], completed: [{ registry: { id: registry.id } }] });
    expect(
      (await w.repositories.audit.list(10)).map((event) => [event.action, event.before?.payoutStatus, event.after?.payoutStatus]).sort(),
    ).toEqual([
      ['manual_payout.claimed', 'pending', 'sending'],
      ['manual_payout.completed', 'sending', 'completed'],
    ]);
    expect((await w.repositories.audit.list(10)).find((event) => event.action === 'manual_payout.completed')).toMatchObject({
      before: { referenceNumber: null },
      after: { referenceNumber: '1042' },
    });
  });

  it("records a PayPal payout's transaction id", async () => {
    const w = await world();
    const registry = await closedByPayPal(w);
    const ports = { unitOfWork: w.repositories, clock: w.clock, supportEmail: 'help@gifts.example.org' };
    await expect(completeManualPayout(registry.id, { referenceNumber: 'x'.repeat(256) }, adminActor(w.admin), ports)).rejects.toMatchObject(
      { fields: { referenceNumber: 'PayPal transaction ID must be at most 255 characters' } },
    );
    expect(
      (await completeManualPayout(registry.id, { referenceNumber: '5TY05013RG002845M' }, adminActor(w.admin), ports)).registry
        .payoutReference,
    ).toBe('5TY05013RG002845M');
  });

  it("completes a manual payout through the spec's call with no body, recording no reference", async () => {
    const w = await world();
    const ports = { unitOfWork: w.repositories, clock: w.clock, supportEmail: 'help@gifts.example.org' };
    for (const bare of [undefined, {}, { referenceNumber: '  ' }]) {
      const registry = await closedByPayPal(w);
      expect((await completeManualPayout(registry.id, bare, adminActor(w.admin), ports)).registry).toMatchObject({
        payoutStatus: 'completed',
        payoutReference: null,
      });
    }
  });

  it('completes a charity payout nobody holds in one call, claimed for the caller', async () => {
    const w = await world();
    await closedByPayPal(w);
    const [pending] = await pendingDistributions(w.repositories);
    const ports = { unitOfWork: w.repositories, clock: w.clock };
    const completed = await completeCharityPayout(
      pending!.payoutId,
      { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'ACH-1042' },
      adminActor(w.admin),
      ports,
    );
    expect(completed).toMatchObject({ status: 'completed', claimedBy: 'admin:ops', referenceNumber: 'ACH-1042' });
    expect((await w.repositories.audit.list(10)).map((event) => event.action).sort()).toEqual([
      'charity_payout.claimed',
      'charity_payout.completed',
    ]);
  });

  it('breaks a registry’s charity share down per charity, for the owner only', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 10_000, w.charities[0]!.id);
    await w.give(registry.id, 5_000, w.charities[0]!.id);
    await w.give(registry.id, 36_000, w.charities[2]!.id);
    await w.give(registry.id, 99_900, w.charities[1]!.id, false);
    const lines = await charityBreakdown(w.owner, registry.id, w.repositories);
    expect(lines).toEqual([
      { charityId: w.charities[2]!.id, charityName: 'JDC', giftCount: 1, totalAmount: 3_600 },
      { charityId: w.charities[0]!.id, charityName: 'MAZON', giftCount: 2, totalAmount: 1_500 },
    ]);
    await expect(charityBreakdown(w.admin, registry.id, w.repositories)).rejects.toMatchObject({ code: 'registry.forbidden' });
  });
});

describe('the payout e-mails tell each outcome as it is', () => {
  const SUPPORT = 'help@gifts.example.org';
  /** What was queued for one address, by dedupe key. */
  const mailTo = (w: Awaited<ReturnType<typeof world>>, address: string) =>
    Object.fromEntries(w.repositories.mail.queued.filter((mail) => mail.to === address).map((mail) => [mail.dedupeKey, mail]));
  const registryUrl = (id: string) => `https://gifts.example.org/registry/${id}`;

  it('PayPal: the closing e-mail gives the spec’s timing, and every administrator is told a payout is waiting', async () => {
    const w = await world();
    const second = await w.repositories.users.setAdmin(
      (await w.repositories.users.create(aNewUser({ username: 'avi', email: 'avi@example.com', firstName: 'Avi' }))).id,
      true,
    );
    const registry = await closedByPayPal(w);
    const owner = mailTo(w, 'rachel@example.com');
    const closed = owner[`registry-closed-${registry.id}`]!;
    expect(closed).toMatchObject({ replyTo: SUPPORT, subject: "Sarah Cohen's Bar/Bat Mitzvah: registry closed" });
    expect(closed.text).toContain('Your PayPal payment will be sent within 3-5 business days.');
    expect(closed.text).toContain(registryUrl(registry.id));
    expect(closed.text).not.toContain('bank account');
    for (const admin of [w.admin, second]) {
      const waiting = mailTo(w, admin.email)[`manual-payout-waiting-${registry.id}-${admin.id}`]!;
      expect(waiting).toMatchObject({ replyTo: SUPPORT, subject: "PayPal payout to send for Sarah Cohen's Bar/Bat Mitzvah" });
      expect(waiting.text).toContain('Amount to send to the family: On the Manual Payouts page, once you claim it');
      // No amount a refund could still lower: nothing but the page says how much.
      expect(waiting.text).not.toContain('$90.00');
      expect(waiting.text).toContain('Send: PayPal to family@\u200Bexample.\u200Bcom');
      expect(waiting.text).toContain('Registry owner: rachel@\u200Bexample.\u200Bcom');
      expect(waiting.text).toContain('https://gifts.example.org/admin/manual-payouts');
    }
    expect(mailTo(w, 'avi@example.com')[`manual-payout-waiting-${registry.id}-${second.id}`]!.text).toMatch(/^Hello Avi,/);
    await claimManualPayout(registry.id, adminActor(w.admin), { unitOfWork: w.repositories, clock: w.clock });
    await completeManualPayout(registry.id, { referenceNumber: 'REF-1' }, adminActor(w.admin), {
      unitOfWork: w.repositories,
      clock: w.clock,
      supportEmail: SUPPORT,
    });
    expect(mailTo(w, 'rachel@example.com')[`payout-sent-${registry.id}`]).toMatchObject({
      replyTo: SUPPORT,
      subject: "Sarah Cohen's Bar/Bat Mitzvah: your payout was sent",
    });
  });

  it('check: the closing e-mail says when it is mailed, and the administrators are asked to mail it', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.give(registry.id, 18_000);
    await w.choose(registry.id, CHECK);
    await w.close(registry.id);
    expect(mailTo(w, 'rachel@example.com')[`registry-closed-${registry.id}`]!.text).toContain(
      'Your check will be mailed within 5-7 business days after closing.',
    );
    const waiting = mailTo(w, 'ops@example.com')[`manual-payout-waiting-${registry.id}-${w.admin.id}`]!;
    expect(waiting.subject).toBe("Check to mail for Sarah Cohen's Bar/Bat Mitzvah");
    expect(waiting.text).toContain('Send: Check to Rachel Cohen, 12 Elm St, Teaneck, NJ 07666, US');
  });

  it('nothing given: the closing e-mail says there is nothing to pay, and no administrator is asked for anything', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    await w.choose(registry.id, CHECK);
    await w.close(registry.id);
    const closed = mailTo(w, 'rachel@example.com')[`registry-closed-${registry.id}`]!;
    expect(closed.text).toContain('There were no gifts, so there is nothing to pay out.');
    expect(closed.text).not.toContain('To your family');
    expect(closed.text).not.toContain('mailed within');
    expect(w.repositories.mail.queued.map((mail) => mail.dedupeKey)).toEqual([`registry-closed-${registry.id}`]);
  });

  it('bank transfer sent: one closing e-mail that says the payout was sent, and nothing for the administrators', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    await w.close(registry.id);
    const ownMail = w.repositories.mail.queued.filter((mail) => !mail.dedupeKey.startsWith('gift-'));
    expect(ownMail.map((mail) => mail.dedupeKey)).toEqual([`registry-closed-${registry.id}`]);
    expect(ownMail[0]).toMatchObject({ to: 'rachel@example.com', replyTo: SUPPORT });
    expect(ownMail[0]!.text).toContain(
      'Your payout of $90.00 was sent to your verified bank account; banks usually show it within 2 business days.',
    );
  });

  it('bank transfer refused: the closing e-mail says the payout is pending, and each failed try sends a payout issue e-mail with the page to try again', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    w.gateway.transferOutcome = { reason: 'balance_insufficient', message: 'Insufficient funds in the platform balance.' };
    await w.close(registry.id);
    let owner = mailTo(w, 'rachel@example.com');
    const closed = owner[`registry-closed-${registry.id}`]!;
    expect(closed.text).not.toContain('The transfer goes to your verified bank account');
    expect(closed.text).not.toContain('was sent');
    expect(closed.text).toContain('The transfer of $90.00 to your bank account did not go through, so your payout is pending.');
    const issue = owner[`payout-issue-${registry.id}-1`]!;
    expect(issue).toMatchObject({ replyTo: SUPPORT, subject: "Sarah Cohen's Bar/Bat Mitzvah: payout issue" });
    expect(issue.text).toContain('There was an issue processing your payout.');
    expect(issue.text).toContain('Your bank did not accept the transfer of $90.00.');
    expect(issue.text).toContain('Details: Insufficient funds in the platform balance.');
    expect(issue.text).toContain(`To try again, open your registry page and choose Try again: ${registryUrl(registry.id)}`);
    expect(issue.html).toContain(`<a href="${registryUrl(registry.id)}"`);

    // Try again at once, on an account the family has not reopened: no second e-mail within the hour.
    await w.close(registry.id);
    expect(Object.keys(mailTo(w, 'rachel@example.com')).filter((key) => key.startsWith('payout-issue-'))).toEqual([
      `payout-issue-${registry.id}-1`,
    ]);

    w.clock.advance(60 * 60 * 1000);
    w.gateway.transferOutcome = 'unknown';
    await w.close(registry.id);
    owner = mailTo(w, 'rachel@example.com');
    expect(owner[`payout-issue-${registry.id}-3`]!.text).toContain(
      'The payment provider did not answer, so the transfer of $90.00 to your bank account has not been confirmed.',
    );
    // The closing e-mail is sent once; the first answer it told stays told.
    expect(Object.keys(owner).filter((key) => key.startsWith('registry-closed-'))).toHaveLength(1);

    w.gateway.transferOutcome = 'success';
    await w.close(registry.id);
    owner = mailTo(w, 'rachel@example.com');
    expect(owner[`payout-sent-${registry.id}`]!.text).toContain('Sent by: Bank transfer');
    expect(
      Object.keys(owner)
        .filter((key) => key.startsWith('payout-issue-'))
        .sort(),
    ).toEqual([1, 3].map((n) => `payout-issue-${registry.id}-${n}`));
    expect(w.repositories.mail.queued.filter((mail) => mail.to === 'ops@example.com')).toEqual([]);
  });

  it('bank transfer unanswered: the closing e-mail says the transfer is not confirmed, never that it went', async () => {
    const w = await world();
    const registry = await w.bankRegistry();
    w.gateway.transferOutcome = 'lost';
    await w.close(registry.id);
    const owner = mailTo(w, 'rachel@example.com');
    expect(owner[`registry-closed-${registry.id}`]!.text).toContain(
      'The payment provider did not confirm the transfer of $90.00 to your bank account, so your payout is pending.',
    );
    expect(owner[`payout-issue-${registry.id}-1`]!.text).toContain('has not been confirmed');
    // The transfer had in fact gone: trying again finds it, and the family is told it was sent.
    w.gateway.transferOutcome = 'success';
    await w.close(registry.id);
    expect(mailTo(w, 'rachel@example.com')[`payout-sent-${registry.id}`]).toBeDefined();
  });
});

describe('the administrators’ daily line about charity payouts', () => {
  const remind = (w: Awaited<ReturnType<typeof world>>) =>
    remindPendingCharityPayouts({
      unitOfWork: w.repositories,
      clock: w.clock,
      appUrl: 'https://gifts.example.org',
      supportEmail: 'help@gifts.example.org',
    });
  const reminders = (w: Awaited<ReturnType<typeof world>>) =>
    w.repositories.mail.queued.filter((mail) => mail.dedupeKey.startsWith('charity-payouts-pending-'));

  it('sends nothing while no charity payout is pending', async () => {
    const w = await world();
    expect(await remind(w)).toBe(0);
    expect(w.repositories.mail.queued).toEqual([]);
  });

  it('e-mails every administrator once a day, however often it runs, while any is pending', async () => {
    const w = await world();
    const second = await w.repositories.users.setAdmin(
      (await w.repositories.users.create(aNewUser({ username: 'avi', email: 'avi@example.com' }))).id,
      true,
    );
    const usd = await w.openRegistry();
    await w.give(usd.id, 10_000, w.charities[0]!.id);
    await w.give(usd.id, 5_000, w.charities[0]!.id);
    await w.give(usd.id, 36_000, w.charities[2]!.id);
    await w.choose(usd.id, PAYPAL);
    await w.close(usd.id);
    const cad = await w.openRegistry('CAD');
    await w.give(cad.id, 18_000, w.charities[1]!.id);
    await w.choose(cad.id, CHECK);
    await w.close(cad.id);

    expect(await remind(w)).toBe(2);
    await remind(w);
    w.clock.advance(6 * 60 * 60 * 1000);
    await remind(w);
    expect(reminders(w).map((mail) => [mail.to, mail.dedupeKey])).toEqual([
      ['avi@example.com', `charity-payouts-pending-2026-06-01-${second.id}`],
      ['ops@example.com', `charity-payouts-pending-2026-06-01-${w.admin.id}`],
    ]);
    const line = reminders(w)[1]!;
    expect(line).toMatchObject({ replyTo: 'help@gifts.example.org', subject: 'Charity payouts pending on 2026-06-01: 3 charity payouts' });
    for (const row of [
      'JDC: In USD, 1 gift so far',
      'MAZON: In USD, 2 gifts so far',
      'Hadassah: In CAD, 1 gift so far',
      'https://gifts.example.org/admin/charity-payouts',
    ])
      expect(line.text).toContain(row);
    // A closing adds to them and a refund takes from them until they are claimed: the page has the amounts.
    expect(line.text).not.toMatch(/\$\d/);

    w.clock.advance(24 * 60 * 60 * 1000);
    await remind(w);
    expect(reminders(w).filter((mail) => mail.dedupeKey.includes('2026-06-02'))).toHaveLength(2);

    for (const pending of await pendingDistributions(w.repositories)) {
      await claimCharityPayout(pending.payoutId, adminActor(w.admin), { unitOfWork: w.repositories, clock: w.clock });
      await completeCharityPayout(
        pending.payoutId,
        { status: 'completed', paymentMethod: 'ACH', referenceNumber: 'R1' },
        adminActor(w.admin),
        { unitOfWork: w.repositories, clock: w.clock },
      );
    }
    w.clock.advance(24 * 60 * 60 * 1000);
    expect(await remind(w)).toBe(0);
    expect(reminders(w).filter((mail) => mail.dedupeKey.includes('2026-06-03'))).toEqual([]);
  });
});

describe('payout readiness, one rule for the server and the close screen', () => {
  const noAccount = { accountId: null, payoutsEnabled: false, requirementsDue: [], country: null };
  const verified = { accountId: 'acct_1', payoutsEnabled: true, requirementsDue: [], country: 'US' as const };
  const details = {
    payoutMethod: 'bank' as const,
    currency: 'USD' as const,
    paypalEmail: '',
    mailingName: '',
    mailingAddress: '',
    mailingCity: '',
    mailingState: '',
    mailingZip: '',
  };

  it('pays a bank account in the country of the registry’s currency, once verified', () => {
    expect(bankCountryFor('USD')).toBe('US');
    expect(bankCountryFor('CAD')).toBe('CA');
    // The owner's view of the account (no account yet: no country) reads the same as the provider's answer.
    expect(isVerified(noAccount)).toBe(false);
    expect(isVerified(undefined)).toBe(false);
    expect(isVerified({ ...verified, requirementsDue: ['external_account'] })).toBe(false);
    expect(isVerified(verified)).toBe(true);
    expect(isBankAccountReady(verified, 'USD')).toBe(true);
    expect(isBankAccountReady(verified, 'CAD')).toBe(false);
    expect(payoutNotReadyReason(details, noAccount)).toBe(CLOSE_HINTS.bank);
    expect(payoutNotReadyReason(details, verified)).toBeNull();
    expect(payoutNotReadyReason({ ...details, currency: 'CAD' }, verified)).toContain('Choose PayPal or a check instead');
  });

  it('takes PayPal and a check when their details are filled, blanks not counting', () => {
    expect(payoutNotReadyReason({ ...details, payoutMethod: 'paypal', paypalEmail: '  ' }, null)).toBe(CLOSE_HINTS.paypal);
    expect(payoutNotReadyReason({ ...details, payoutMethod: 'paypal', paypalEmail: 'family@example.com' }, null)).toBeNull();
    const address = {
      mailingName: 'Rachel Cohen',
      mailingAddress: '12 Elm St',
      mailingCity: 'Teaneck',
      mailingState: 'NJ',
      mailingZip: '07666',
    };
    expect(payoutNotReadyReason({ ...details, payoutMethod: 'check', ...address, mailingZip: ' ' }, null)).toBe(CLOSE_HINTS.check);
    expect(payoutNotReadyReason({ ...details, payoutMethod: 'check', ...address }, null)).toBeNull();
  });
});

describe('gifts given by hand', () => {
  it('holds at most MAX_OFFLINE_GIFTS_PER_REGISTRY per registry, since each may name an address a card goes to', async () => {
    const w = await world();
    const registry = await w.openRegistry();
    const day = w.clock.now().toISOString().slice(0, 10);
    const details = {
      giftGiverName: 'Guest',
      giftGiverEmail: 'guest@example.com',
      amount: 100,
      method: 'cash',
      receivedOn: day,
      note: null,
    };
    for (let index = 0; index < MAX_OFFLINE_GIFTS_PER_REGISTRY; index += 1) {
      await recordOfflineGift(w.owner, registry.id, details, { ...w.repositories, clock: w.clock });
    }
    const refused = await recordOfflineGift(w.owner, registry.id, details, { ...w.repositories, clock: w.clock }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'validation.failed', message: 'A registry can hold at most 1,000 gifts given by hand' });
    expect(await w.repositories.offlineGifts.listByRegistry(registry.id)).toHaveLength(MAX_OFFLINE_GIFTS_PER_REGISTRY);
  });
});
