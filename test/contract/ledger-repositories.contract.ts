import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@core/model/ledger-entry';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';

function anEntry(key: string, overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    key,
    kind: 'gift.paid',
    currency: 'USD',
    reference: 'pi_123',
    postings: [
      { account: 'provider:cash', amount: 10_320 },
      { account: 'platform:card-fees-paid', amount: 319 },
      { account: 'registry:r1:gifts', amount: -10_000 },
      { account: 'platform:fee-revenue', amount: -300 },
      { account: 'platform:card-fees-collected', amount: -339 },
    ],
    ...overrides,
  };
}

/**
 * The ledger part of the repository contract; repositoryContract runs it against the in-memory
 * fakes, PGlite and PostgreSQL. `current` answers the repositories of the running test.
 */
export function ledgerRepositoryContract(current: () => Repositories & UnitOfWork): void {
  describe('ledger', () => {
    it('posts an entry once per key, and adds up each account per currency', async () => {
      const repos = current();
      expect(await repos.transaction((tx) => tx.ledger.post(anEntry('gift:1:paid')))).toBe(true);
      expect(await repos.transaction((tx) => tx.ledger.post(anEntry('gift:1:paid')))).toBe(false);
      await repos.ledger.post(anEntry('gift:2:paid', { currency: 'CAD' }));
      await repos.ledger.post(anEntry('gift:3:paid'));
      const balances = await repos.ledger.listBalances();
      expect(balances).toHaveLength(10);
      expect(balances).toContainEqual({ currency: 'USD', account: 'provider:cash', balance: 20_640 });
      expect(balances).toContainEqual({ currency: 'USD', account: 'registry:r1:gifts', balance: -20_000 });
      expect(balances).toContainEqual({ currency: 'CAD', account: 'provider:cash', balance: 10_320 });
      expect(await repos.ledger.countEntries()).toEqual(
        new Map([
          ['USD', 2],
          ['CAD', 1],
        ]),
      );
      expect(await repos.ledger.listUnbalancedEntries()).toEqual([]);
    });

    it('holds amounts beyond what 32 bits count, to the cent', async () => {
      const repos = current();
      const big = 9_999_999_999;
      await repos.ledger.post(
        anEntry('big', {
          postings: [
            { account: 'provider:cash', amount: big },
            { account: 'registry:r1:gifts', amount: -big },
          ],
        }),
      );
      await repos.ledger.post(
        anEntry('big-2', {
          postings: [
            { account: 'provider:cash', amount: big },
            { account: 'registry:r1:gifts', amount: -big },
          ],
        }),
      );
      expect(await repos.ledger.listBalances()).toContainEqual({ currency: 'USD', account: 'provider:cash', balance: 2 * big });
    });

    it('lets no entry that does not balance land, nor anything of its transaction', async () => {
      const repos = current();
      const lopsided = anEntry('gift:9:paid', {
        postings: [
          { account: 'provider:cash', amount: 100 },
          { account: 'registry:r1:gifts', amount: -99 },
        ],
      });
      await expect(
        repos.transaction(async (tx) => {
          await tx.ledger.post(anEntry('gift:8:paid'));
          await tx.ledger.post(lopsided);
        }),
      ).rejects.toThrow(/does not balance/);
      expect(await repos.ledger.listBalances()).toEqual([]);
      expect(await repos.ledger.countEntries()).toEqual(new Map());
    });

    it('rolls back with the transaction that posted it', async () => {
      const repos = current();
      await expect(
        repos.transaction(async (tx) => {
          await tx.ledger.post(anEntry('gift:7:paid'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await repos.ledger.countEntries()).toEqual(new Map());
    });

    it('keeps the provider’s fee of a gift, and lists the gifts whose money moved and the registries that hold money or are closed', async () => {
      const repos = current();
      const owner = await repos.users.create(aNewUser());
      const charity = await repos.charities.create(aCharity());
      const holding = await repos.registries.create(aNewRegistry(owner.id));
      const closed = await repos.registries.create(aNewRegistry(owner.id));
      const empty = await repos.registries.create(aNewRegistry(owner.id));
      await repos.registries.addToTotalReceived(holding.id, 10_000);
      await repos.registries.update(closed.id, { status: 'closed' });
      const paid = await repos.gifts.create(aNewGift(holding.id, charity.id, { paymentStatus: 'succeeded' }));
      const refunded = await repos.gifts.create(aNewGift(holding.id, charity.id, { paymentStatus: 'refunded' }));
      await repos.gifts.create(aNewGift(empty.id, charity.id, { paymentStatus: 'pending' }));
      await repos.gifts.create(aNewGift(empty.id, charity.id, { paymentStatus: 'failed' }));
      expect(paid.providerFee).toBeNull();
      await repos.gifts.setProviderFee(paid.id, 321);
      expect((await repos.gifts.findById(paid.id))?.providerFee).toBe(321);
      expect((await repos.gifts.listMoneyMoved()).map((gift) => gift.id).sort()).toEqual([paid.id, refunded.id].sort());
      expect((await repos.registries.listHoldingMoney()).map((registry) => registry.id).sort()).toEqual([holding.id, closed.id].sort());
    });

    it('finds the entries naming provider ids, and those posted in a time range, each with its postings, oldest first', async () => {
      const repos = current();
      const before = new Date(Date.now() - 1_000);
      await repos.ledger.post(anEntry('gift:1:paid', { reference: 'pi_1' }));
      await repos.ledger.post(
        anEntry('gift:1:refunded', {
          kind: 'gift.refunded',
          reference: 'pi_1',
          postings: [
            { account: 'provider:cash', amount: -10_639 },
            { account: 'registry:r1:gifts', amount: 10_639 },
          ],
        }),
      );
      await repos.ledger.post(anEntry('gift:2:paid', { reference: 'pi_2', currency: 'CAD' }));
      await repos.ledger.post(
        anEntry('registry:r1:closed', {
          kind: 'registry.closed',
          reference: null,
          postings: [
            { account: 'registry:r1:gifts', amount: 900 },
            { account: 'family:r1:payable', amount: -900 },
          ],
        }),
      );

      const named = await repos.ledger.listByReferences(['pi_1', 'pi_never']);
      expect(named.map((entry) => entry.key)).toEqual(['gift:1:paid', 'gift:1:refunded']);
      expect(named[0]).toEqual({
        ...anEntry('gift:1:paid', { reference: 'pi_1' }),
        postings: expect.arrayContaining(anEntry('x').postings) as unknown,
        postedAt: expect.any(Date),
      });
      expect(named[0]!.postings).toHaveLength(5);
      expect(await repos.ledger.listByReferences([])).toEqual([]);

      const after = new Date(Date.now() + 1_000);
      expect((await repos.ledger.listPosted({ from: before, to: after })).map((entry) => entry.key)).toEqual([
        'gift:1:paid',
        'gift:1:refunded',
        'gift:2:paid',
        'registry:r1:closed',
      ]);
      expect(await repos.ledger.listPosted({ from: after, to: new Date(after.getTime() + 60_000) })).toEqual([]);
      expect(
        (await repos.ledger.listPosted({ from: before, to: after }, ['gift.refunded', 'registry.closed'])).map((entry) => entry.key),
      ).toEqual(['gift:1:refunded', 'registry:r1:closed']);
      expect(await repos.ledger.listPosted({ from: before, to: after }, [])).toEqual([]);
    });

    it('adds up what each account moved per currency and UTC month, by kind of entry and whether it named a provider id', async () => {
      const repos = current();
      const month = new Date().toISOString().slice(0, 7);
      await repos.ledger.post(anEntry('gift:1:paid'));
      await repos.ledger.post(anEntry('gift:2:paid'));
      await repos.ledger.post(anEntry('gift:3:paid', { currency: 'CAD' }));
      await repos.ledger.post(
        anEntry('registry:r1:payout-sent', {
          kind: 'family_payout.sent',
          reference: null,
          postings: [
            { account: 'family:r1:payable', amount: 900 },
            { account: 'provider:cash', amount: -900 },
          ],
        }),
      );
      const movements = await repos.ledger.listMonthlyMovements();
      expect(movements).toHaveLength(12);
      expect(movements).toContainEqual({
        currency: 'USD',
        month,
        kind: 'gift.paid',
        account: 'provider:cash',
        referenced: true,
        amount: 20_640,
      });
      expect(movements).toContainEqual({
        currency: 'CAD',
        month,
        kind: 'gift.paid',
        account: 'registry:r1:gifts',
        referenced: true,
        amount: -10_000,
      });
      expect(movements).toContainEqual({
        currency: 'USD',
        month,
        kind: 'family_payout.sent',
        account: 'provider:cash',
        referenced: false,
        amount: -900,
      });
    });

    it('reads every figure of a snapshot transaction as of its first read', async () => {
      const repos = current();
      const seen = await repos.transaction(async (tx) => [await tx.ledger.countEntries(), await tx.ledger.listBalances()], {
        snapshot: true,
      });
      expect(seen).toEqual([new Map(), []]);
    });
  });
}
