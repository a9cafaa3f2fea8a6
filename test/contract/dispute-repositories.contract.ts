import { describe, expect, it } from 'vitest';
import type { NewDispute } from '@core/model/dispute';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

async function aDisputedGift(repos: Repositories) {
  const owner = await repos.users.create(aNewUser());
  const charity = await repos.charities.create(aCharity());
  const registry = await repos.registries.create(aNewRegistry(owner.id));
  const gift = await repos.gifts.create(
    aNewGift(registry.id, charity.id, { paymentIntentId: `pi_${crypto.randomUUID()}`, paymentStatus: 'succeeded' }),
  );
  return { registry, gift };
}

function aNewDispute(giftId: string, registryId: string, overrides: Partial<NewDispute> = {}): NewDispute {
  return {
    providerDisputeId: `du_${crypto.randomUUID()}`,
    giftId,
    registryId,
    paymentIntentId: 'pi_1',
    currency: 'USD',
    amount: 10_639,
    reason: 'fraudulent',
    status: 'needs_response',
    evidenceDueBy: new Date('2030-01-08T23:59:59.000Z'),
    phase: 'held',
    heldAmount: 10_000,
    withdrawnAmount: null,
    withdrawnFee: null,
    reinstatedAmount: null,
    evidenceSubmittedAt: null,
    evidenceText: null,
    transferReversalId: null,
    reversedAmount: null,
    followUp: null,
    createdAt: new Date('2026-11-25T10:00:00.000Z'),
    closedAt: null,
    ...overrides,
  };
}

/** The disputes part of the repository contract, run against the in-memory fakes, PGlite and PostgreSQL. */
export function disputeRepositoryContract(current: () => Repositories & UnitOfWork): void {
  describe('disputes', () => {
    it('records a dispute once per provider id, and reads it back to the cent', async () => {
      const repos = current();
      const { registry, gift } = await aDisputedGift(repos);
      const made = await repos.transaction((tx) => tx.disputes.create(aNewDispute(gift.id, registry.id, { providerDisputeId: 'du_once' })));
      expect(made).toMatchObject({
        providerDisputeId: 'du_once',
        amount: 10_639,
        heldAmount: 10_000,
        withdrawnAmount: null,
        status: 'needs_response',
      });
      expect(await repos.disputes.findById(made.id)).toEqual(made);
      expect(await repos.transaction((tx) => tx.disputes.findByProviderIdForUpdate('du_once'))).toEqual(made);
      expect(await repos.transaction((tx) => tx.disputes.findByProviderIdForUpdate('du_never'))).toBeNull();
      expect(await repos.disputes.findById('not-a-uuid')).toBeNull();
      await expect(
        repos.transaction((tx) => tx.disputes.create(aNewDispute(gift.id, registry.id, { providerDisputeId: 'du_once' }))),
      ).rejects.toMatchObject({ code: 'dispute.exists' });
    });

    it('changes what a report or an administrator changed, money to the cent, and knows which registries wait for a decision', async () => {
      const repos = current();
      const { registry, gift } = await aDisputedGift(repos);
      const made = await repos.disputes.create(aNewDispute(gift.id, registry.id));
      expect(await repos.disputes.hasUndecided(registry.id)).toBe(true);
      const closedAt = new Date('2026-12-01T12:00:00.000Z');
      const updated = await repos.transaction((tx) =>
        tx.disputes.update(made.id, {
          status: 'won',
          withdrawnAmount: 10_639,
          withdrawnFee: 1_500,
          reinstatedAmount: 10_639,
          closedAt,
          evidenceText: 'winning_evidence',
        }),
      );
      expect(updated).toEqual({
        ...made,
        status: 'won',
        withdrawnAmount: 10_639,
        withdrawnFee: 1_500,
        reinstatedAmount: 10_639,
        closedAt,
        evidenceText: 'winning_evidence',
      });
      expect(await repos.disputes.hasUndecided(registry.id)).toBe(false);
      const later = await repos.disputes.create(
        aNewDispute(gift.id, registry.id, { createdAt: new Date('2026-11-26T10:00:00.000Z'), status: 'warning_needs_response' }),
      );
      expect((await repos.disputes.list()).map((each) => each.id)).toEqual([later.id, made.id]);
      expect(await repos.disputes.hasUndecided(registry.id)).toBe(true);
      await expect(repos.disputes.update(crypto.randomUUID(), { status: 'lost' })).rejects.toMatchObject({ code: 'dispute.not_found' });
    });

    it('keeps a won dispute’s follow-up payout to the cent, lists the pending ones oldest first, and names the gifts still undecided', async () => {
      const repos = current();
      const { registry, gift } = await aDisputedGift(repos);
      const made = await repos.disputes.create(aNewDispute(gift.id, registry.id));
      expect(await repos.disputes.listUndecidedGiftIds(registry.id)).toEqual(new Set([gift.id]));
      expect(await repos.disputes.listUndecidedGiftIds('not-a-uuid')).toEqual(new Set());
      const followUp = {
        method: 'paypal' as const,
        amount: 9_001,
        status: 'pending' as const,
        claim: null,
        claims: 0,
        charityPayoutId: crypto.randomUUID(),
        reference: null,
        failureMessage: null,
        sentAt: null,
        sentBy: null,
      };
      const won = await repos.transaction((tx) => tx.disputes.update(made.id, { status: 'won', followUp }));
      expect(won.followUp).toEqual(followUp);
      expect(await repos.disputes.findById(made.id)).toEqual(won);
      expect(await repos.disputes.listUndecidedGiftIds(registry.id)).toEqual(new Set());
      expect((await repos.disputes.listFollowUpsPending()).map((each) => each.id)).toEqual([made.id]);
      // Claimed by an administrator: still not sent, so still listed.
      const claim = { claimedBy: 'admin:ops', claimedByUserId: registry.userId, claimedAt: new Date('2026-12-01T11:00:00.000Z') };
      const claimed = await repos.transaction((tx) =>
        tx.disputes.update(made.id, { followUp: { ...followUp, status: 'sending', claim, claims: 1 } }),
      );
      expect(claimed.followUp).toEqual({ ...followUp, status: 'sending', claim, claims: 1 });
      expect((await repos.disputes.listFollowUpsPending()).map((each) => each.id)).toEqual([made.id]);
      const sentAt = new Date('2026-12-01T12:00:00.000Z');
      const sent = await repos.transaction((tx) =>
        tx.disputes.update(made.id, {
          followUp: { ...claimed.followUp!, status: 'completed', reference: 'PAYPAL-7', sentAt, sentBy: 'admin:ops' },
        }),
      );
      expect(sent.followUp).toEqual({
        ...followUp,
        status: 'completed',
        claim,
        claims: 1,
        reference: 'PAYPAL-7',
        sentAt,
        sentBy: 'admin:ops',
      });
      expect(await repos.disputes.listFollowUpsPending()).toEqual([]);
      // Sent or not, the registry's follow-ups are listed with it, and no other registry's.
      expect(await repos.disputes.listFollowUpsOfRegistry(registry.id)).toEqual([sent]);
      const other = await aDisputedGift(repos);
      await repos.disputes.create(aNewDispute(other.gift.id, other.registry.id));
      expect(await repos.disputes.listFollowUpsOfRegistry(other.registry.id)).toEqual([]);
      expect(await repos.disputes.listFollowUpsOfRegistry('not-a-uuid')).toEqual([]);
      const cancelled = await repos.transaction((tx) =>
        tx.disputes.update(made.id, { followUp: { ...sent.followUp!, status: 'cancelled' } }),
      );
      expect(await repos.disputes.listFollowUpsOfRegistry(registry.id)).toEqual([cancelled]);
    });

    it('finds a gift’s dispute that may take or took its money, and holds a gift it had found being refunded', async () => {
      const repos = current();
      const { registry, gift } = await aDisputedGift(repos);
      const notWon = () => repos.transaction((tx) => tx.disputes.findNotWonByGiftIdForUpdate(gift.id));
      expect(await notWon()).toBeNull();
      const made = await repos.disputes.create(aNewDispute(gift.id, registry.id, { phase: 'paid', heldAmount: 0 }));
      expect(await notWon()).toEqual(made);
      expect(await repos.transaction((tx) => tx.disputes.findNotWonByGiftIdForUpdate(crypto.randomUUID()))).toBeNull();
      expect(await repos.transaction((tx) => tx.disputes.findNotWonByGiftIdForUpdate('not-a-uuid'))).toBeNull();
      const held = await repos.transaction((tx) => tx.disputes.update(made.id, { phase: 'held', heldAmount: 10_001 }));
      expect(held).toEqual({ ...made, phase: 'held', heldAmount: 10_001 });
      expect(await repos.disputes.findById(made.id)).toEqual(held);
      const lost = await repos.transaction((tx) => tx.disputes.update(made.id, { status: 'lost' }));
      expect(await notWon()).toEqual(lost);
      for (const status of ['won', 'warning_closed'] as const) {
        await repos.transaction((tx) => tx.disputes.update(made.id, { status }));
        expect(await notWon(), status).toBeNull();
      }
    });
  });
}
