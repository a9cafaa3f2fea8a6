import { describe, expect, it } from 'vitest';
import type { NewAuditEvent } from '@core/model/audit-event';
import type { CharityShare } from '@core/ports/charity-payout-repository';
import type { RegistryChanges } from '@core/ports/registry-repository';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aCharity, aNewRegistry, aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';
import { stopSystemTimeAt } from '../support/system-time';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function aCompletion(overrides: Partial<{ paymentMethod: string; referenceNumber: string; notes: string | null; completedAt: Date }> = {}) {
  return {
    paymentMethod: 'ACH',
    referenceNumber: 'REF-2027-001',
    notes: 'Paid with the June batch',
    completedAt: new Date('2027-06-02T09:30:00.000Z'),
    ...overrides,
  };
}

function anAuditEvent(overrides: Partial<NewAuditEvent> = {}): NewAuditEvent {
  return {
    actorUserId: null,
    actorLabel: 'cli:operator',
    action: 'charity_payout.completed',
    subjectType: 'charity_payout',
    subjectId: crypto.randomUUID(),
    before: { status: 'pending' },
    after: { status: 'completed' },
    createdAt: new Date('2027-06-02T09:30:00.000Z'),
    ...overrides,
  };
}

/**
 * The closing-and-payouts part of the repository contract; repositoryContract runs it against the
 * in-memory fakes, PGlite and PostgreSQL. `current` answers the repositories of the running test.
 */
export function payoutRepositoryContract(current: () => Repositories & UnitOfWork): void {
  describe('connected accounts', () => {
    it('records the first account and keeps it when another one comes, also from a racing caller', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      expect(user.payoutAccountId).toBeNull();
      expect((await repos.users.attachPayoutAccount(user.id, 'acct_first')).payoutAccountId).toBe('acct_first');
      expect((await repos.users.attachPayoutAccount(user.id, 'acct_second')).payoutAccountId).toBe('acct_first');
      expect((await repos.users.findById(user.id))?.payoutAccountId).toBe('acct_first');

      const racer = await repos.users.create(aNewUser());
      const answers = await Promise.all(
        ['acct_a', 'acct_b', 'acct_c'].map((account) => repos.transaction((tx) => tx.users.attachPayoutAccount(racer.id, account))),
      );
      const stored = (await repos.users.findById(racer.id))?.payoutAccountId;
      expect(['acct_a', 'acct_b', 'acct_c']).toContain(stored);
      expect(answers.map((answer) => answer.payoutAccountId)).toEqual([stored, stored, stored]);
      expect(await codeOf(repos.users.attachPayoutAccount(UNKNOWN_ID, 'acct_x'))).toBe('user.not_found');
      expect(await codeOf(repos.users.attachPayoutAccount('not-a-uuid', 'acct_x'))).toBe('user.not_found');

      // Inside a transaction that read the user first, later reads see the account too.
      const reader = await repos.users.create(aNewUser());
      const seen = await repos.transaction(async (tx) => {
        await tx.users.findById(reader.id);
        await tx.users.attachPayoutAccount(reader.id, 'acct_seen');
        await tx.users.setPayoutAccountStatus(reader.id, 'pending', null);
        return tx.users.findById(reader.id);
      });
      expect(seen).toMatchObject({ payoutAccountId: 'acct_seen', payoutAccountStatus: 'pending' });
    });

    it('records the verification state as last seen, and keeps the date it was first verified', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      await repos.users.attachPayoutAccount(user.id, 'acct_1');
      expect(await repos.users.setPayoutAccountStatus(user.id, 'pending', null)).toMatchObject({
        payoutAccountStatus: 'pending',
        payoutAccountOnboardedAt: null,
      });
      const verifiedAt = new Date('2027-05-01T12:00:00.000Z');
      expect(await repos.users.setPayoutAccountStatus(user.id, 'verified', verifiedAt)).toMatchObject({
        payoutAccountStatus: 'verified',
        payoutAccountOnboardedAt: verifiedAt,
      });
      // New requirements due later: pending again, but it was onboarded then.
      await repos.users.setPayoutAccountStatus(user.id, 'pending', null);
      await repos.users.setPayoutAccountStatus(user.id, 'verified', new Date('2027-06-01T12:00:00.000Z'));
      expect(await repos.users.findById(user.id)).toMatchObject({
        payoutAccountId: 'acct_1',
        payoutAccountStatus: 'verified',
        payoutAccountOnboardedAt: verifiedAt,
      });
      expect(await codeOf(repos.users.setPayoutAccountStatus(UNKNOWN_ID, 'verified', verifiedAt))).toBe('user.not_found');
    });
  });

  describe('registry payouts', () => {
    it('records closing and payout fields, money to the cent, and clears them again', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      const registry = await repos.registries.create(aNewRegistry(user.id));
      expect(registry).toMatchObject({ transferFailureReason: null, transferFailureMessage: null, closedAt: null, payoutSentAt: null });
      const closedAt = new Date('2027-06-01T10:00:00.000Z');
      const changes = {
        status: 'closed' as const,
        payoutMethod: 'check' as const,
        mailingName: 'Sarah Cohen',
        mailingAddress: '12 Elm St',
        mailingCity: 'Toronto',
        mailingState: 'ON',
        mailingZip: 'M5V 2T6',
        mailingCountry: 'CA',
        closedAt,
        payoutAmount: 9_001,
        charityPayoutAmount: 1_000,
        payoutStatus: 'sending' as const,
        payoutClaimedBy: 'admin:ops',
        payoutClaimedByUserId: user.id,
        payoutClaimedAt: closedAt,
        payoutClaims: 2,
        stripePayoutId: 'tr_123',
        transferFailureReason: 'account_closed',
        transferFailureMessage: 'The bank account was closed. “Try another” — 🏦',
      };
      const updated = await repos.registries.update(registry.id, changes);
      expect(updated).toMatchObject(changes);
      expect(await repos.registries.findById(registry.id)).toEqual(updated);

      const sentAt = new Date('2027-06-03T10:00:00.000Z');
      const cleared = await repos.registries.update(registry.id, {
        status: 'payout_sent',
        payoutStatus: 'completed',
        payoutSentAt: sentAt,
        transferFailureReason: null,
        transferFailureMessage: null,
        payoutAmount: null,
      });
      expect(cleared).toMatchObject({
        status: 'payout_sent',
        payoutStatus: 'completed',
        payoutSentAt: sentAt,
        transferFailureReason: null,
        transferFailureMessage: null,
        payoutAmount: null,
        charityPayoutAmount: 1_000,
      });
      expect(await repos.registries.findById(registry.id)).toEqual(cleared);
    });

    it('lists closed PayPal and check registries only, most recently closed first', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      const at = (day: number) => new Date(`2027-06-0${day}T10:00:00.000Z`);
      const make = async (changes: RegistryChanges) => {
        const registry = await repos.registries.create(aNewRegistry(user.id));
        return repos.registries.update(registry.id, changes);
      };
      const paypalClosed = await make({ status: 'closed', payoutMethod: 'paypal', paypalEmail: 'family@example.com', closedAt: at(1) });
      const checkSent = await make({ status: 'payout_sent', payoutMethod: 'check', closedAt: at(3), payoutStatus: 'completed' });
      const checkClosed = await make({ status: 'closed', payoutMethod: 'check', closedAt: at(2) });
      await make({ status: 'closed', payoutMethod: 'bank', closedAt: at(4) });
      await make({ payoutMethod: 'paypal', paypalEmail: 'open@example.com' });
      await make({ payoutMethod: 'check' });
      await repos.registries.create(aNewRegistry(user.id));
      expect((await repos.registries.listManualPayouts()).map((registry) => registry.id)).toEqual([
        checkSent.id,
        checkClosed.id,
        paypalClosed.id,
      ]);
    });

    it('lists closed bank payouts not gone through (tried or not: core picks the failed and stuck), most recently closed first, and keeps when the family was last told', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      const at = (day: number) => new Date(`2027-06-0${day}T10:00:00.000Z`);
      const make = async (changes: RegistryChanges) => {
        const registry = await repos.registries.create(aNewRegistry(user.id));
        return repos.registries.update(registry.id, changes);
      };
      const failed = {
        status: 'closed',
        payoutMethod: 'bank',
        payoutStatus: 'pending',
        transferAttempts: 1,
        transferFailureReason: 'account_closed',
      } as const;
      const older = await make({ ...failed, closedAt: at(1), payoutIssueEmailedAt: at(1) });
      const newer = await make({ ...failed, closedAt: at(3), transferAttempts: 4 });
      // Cut off between its claim and the provider's answer: nothing recorded but the claim.
      const cutOff = await make({
        ...failed,
        closedAt: at(4),
        payoutStatus: 'sending',
        transferAttempts: 0,
        transferFailureReason: null,
        payoutClaimedBy: 'owner:sarah',
        payoutClaimedAt: at(4),
      });
      await make({ ...failed, closedAt: at(5), status: 'payout_sent', payoutStatus: 'completed' });
      await make({ ...failed, closedAt: at(6), payoutMethod: 'check' });
      await make({ payoutMethod: 'bank' });
      expect((await repos.registries.listFailedBankPayouts()).map((registry) => registry.id)).toEqual([cutOff.id, newer.id, older.id]);
      expect(await repos.registries.findById(older.id)).toMatchObject({ payoutIssueEmailedAt: at(1) });
      expect(await repos.registries.findById(newer.id)).toMatchObject({ payoutIssueEmailedAt: null });
      expect(await repos.registries.update(older.id, { payoutIssueEmailedAt: null })).toMatchObject({ payoutIssueEmailedAt: null });
    });
  });

  describe('charity payouts', () => {
    async function setting() {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      const charity = await repos.charities.create(aCharity());
      const registries = [await repos.registries.create(aNewRegistry(user.id)), await repos.registries.create(aNewRegistry(user.id))];
      const share = (overrides: Partial<CharityShare> = {}): CharityShare => ({
        charityId: charity.id,
        currency: 'USD',
        amount: 1_000,
        giftCount: 1,
        registryId: registries[0]!.id,
        ...overrides,
      });
      return { repos, charity, registries, share };
    }

    it('opens a pending payout, then adds amount, gift count and registry to it, to the cent', async () => {
      const { repos, charity, registries, share } = await setting();
      const [a, b] = registries.map((registry) => registry.id);
      const opened = await repos.charityPayouts.addToPending(share({ amount: 1_001, giftCount: 2, registryId: a }));
      expect(opened).toMatchObject({
        charityId: charity.id,
        currency: 'USD',
        amount: 1_001,
        giftCount: 2,
        registryIds: [a],
        status: 'pending',
        paymentMethod: null,
        referenceNumber: null,
        notes: null,
        completedAt: null,
      });
      expect(opened.createdAt).toBeInstanceOf(Date);
      const added = await repos.charityPayouts.addToPending(share({ amount: 2_599, giftCount: 3, registryId: b }));
      expect(added).toMatchObject({ id: opened.id, amount: 3_600, giftCount: 5, registryIds: [a, b], status: 'pending' });
      const tiny = await repos.charityPayouts.addToPending(share({ amount: 1, giftCount: 0, registryId: a }));
      expect(tiny).toMatchObject({ id: opened.id, amount: 3_601, giftCount: 5 });
      expect(await repos.charityPayouts.findById(opened.id)).toEqual(tiny);
      expect(await repos.charityPayouts.listUnsent()).toHaveLength(1);
    });

    it('keeps one pending payout per charity and currency', async () => {
      const { repos, share } = await setting();
      const other = await repos.charities.create(aCharity());
      const usd = await repos.charityPayouts.addToPending(share({ currency: 'USD', amount: 500 }));
      const cad = await repos.charityPayouts.addToPending(share({ currency: 'CAD', amount: 700 }));
      const otherUsd = await repos.charityPayouts.addToPending(share({ charityId: other.id, amount: 900 }));
      expect(new Set([usd.id, cad.id, otherUsd.id]).size).toBe(3);
      expect(await repos.charityPayouts.addToPending(share({ currency: 'CAD', amount: 50 }))).toMatchObject({
        id: cad.id,
        currency: 'CAD',
        amount: 750,
      });
      expect(await repos.charityPayouts.findById(usd.id)).toMatchObject({ amount: 500 });
      expect(await repos.charityPayouts.findById(otherUsd.id)).toMatchObject({ amount: 900 });
    });

    it('marks a payout completed with how it was paid, and the next closing opens a new pending one', async () => {
      const { repos, registries, share } = await setting();
      const first = await repos.charityPayouts.addToPending(share({ amount: 1_200, giftCount: 4 }));
      const completion = aCompletion();
      const completed = await repos.charityPayouts.markCompleted(first.id, completion);
      expect(completed).toMatchObject({ id: first.id, amount: 1_200, giftCount: 4, status: 'completed', ...completion });
      expect(await repos.charityPayouts.findById(first.id)).toEqual(completed);

      const next = await repos.charityPayouts.addToPending(share({ amount: 300, registryId: registries[1]!.id }));
      expect(next.id).not.toBe(first.id);
      expect(next).toMatchObject({ amount: 300, giftCount: 1, registryIds: [registries[1]!.id], status: 'pending' });
      expect(await repos.charityPayouts.findById(first.id)).toMatchObject({ amount: 1_200, status: 'completed' });
      expect((await repos.charityPayouts.listUnsent()).map((payout) => payout.id)).toEqual([next.id]);

      const withoutNotes = await repos.charityPayouts.markCompleted(next.id, aCompletion({ notes: null }));
      expect(withoutNotes.notes).toBeNull();
    });

    it('claims a payout (closings then open a new pending one), takes a refunded gift out, and on release folds the new one back in', async () => {
      const { repos, registries, share } = await setting();
      const [a, b] = [registries[0]!.id, registries[1]!.id];
      const first = await repos.charityPayouts.addToPending(share({ amount: 1_000, giftCount: 2, registryId: a }));
      const at = new Date('2026-06-01T12:00:00.000Z');
      const claimed = await repos.charityPayouts.claim(first.id, { claimedBy: 'admin:ops', claimedByUserId: null, claimedAt: at });
      expect(claimed).toMatchObject({
        id: first.id,
        status: 'sending',
        claimedBy: 'admin:ops',
        claimedByUserId: null,
        claimedAt: at,
        claims: 1,
        amount: 1_000,
      });
      const opened = await repos.charityPayouts.addToPending(share({ amount: 300, giftCount: 1, registryId: b }));
      expect(opened.id).not.toBe(first.id);
      expect((await repos.charityPayouts.listUnsent()).map((payout) => payout.id).sort()).toEqual([first.id, opened.id].sort());
      expect((await repos.charityPayouts.listByRegistry(b)).map((payout) => payout.id)).toEqual([opened.id]);
      expect((await repos.charityPayouts.listByRegistry(a)).map((payout) => payout.id)).toEqual([first.id]);

      expect(await repos.charityPayouts.removeGift(opened.id, 100)).toMatchObject({ amount: 200, giftCount: 0 });
      const released = await repos.charityPayouts.release(first.id);
      expect(released).toMatchObject({
        id: first.id,
        status: 'pending',
        claimedBy: null,
        claimedAt: null,
        claims: 1,
        amount: 1_200,
        giftCount: 2,
        registryIds: [a, b],
      });
      expect(await repos.charityPayouts.findById(opened.id)).toBeNull();
      expect((await repos.charityPayouts.listUnsent()).map((payout) => payout.id)).toEqual([first.id]);
      // Pending again, it takes the next closing's share.
      expect(await repos.charityPayouts.addToPending(share({ amount: 5, registryId: registries[2]?.id ?? a }))).toMatchObject({
        id: first.id,
        amount: 1_205,
      });
      expect(await repos.charityPayouts.release(first.id)).toMatchObject({ amount: 1_205 });
      await expect(
        repos.charityPayouts.claim('00000000-0000-4000-8000-000000000000', {
          claimedBy: 'admin:ops',
          claimedByUserId: null,
          claimedAt: at,
        }),
      ).rejects.toMatchObject({ code: 'payout.not_found' });
    });

    it('refuses to complete an unknown payout, and answers null for unknown ids', async () => {
      const { repos } = await setting();
      expect(await codeOf(repos.charityPayouts.markCompleted(UNKNOWN_ID, aCompletion()))).toBe('payout.not_found');
      expect(await codeOf(repos.charityPayouts.markCompleted('not-a-uuid', aCompletion()))).toBe('payout.not_found');
      expect(await repos.charityPayouts.findById(UNKNOWN_ID)).toBeNull();
      expect(await repos.charityPayouts.findById("1' or '1'='1")).toBeNull();
      expect(await repos.transaction((tx) => tx.charityPayouts.findByIdForUpdate('not-a-uuid'))).toBeNull();
      expect(await repos.transaction((tx) => tx.charityPayouts.findByIdForUpdate(UNKNOWN_ID))).toBeNull();
    });

    it('finds a payout for update inside a transaction, and sees what the transaction wrote', async () => {
      const { repos, share } = await setting();
      const payout = await repos.charityPayouts.addToPending(share({ amount: 800 }));
      const seen = await repos.transaction(async (tx) => {
        const before = await tx.charityPayouts.findByIdForUpdate(payout.id);
        await tx.charityPayouts.addToPending(share({ amount: 200 }));
        const after = await tx.charityPayouts.findById(payout.id);
        await tx.charityPayouts.markCompleted(payout.id, aCompletion());
        const completed = await tx.charityPayouts.findById(payout.id);
        return [before?.amount, after?.amount, completed?.status];
      });
      expect(seen).toEqual([800, 1_000, 'completed']);
    });

    it('lists every payout newest first, and the pending ones apart', async () => {
      const { repos, share } = await setting();
      const charities = [
        await repos.charities.create(aCharity()),
        await repos.charities.create(aCharity()),
        await repos.charities.create(aCharity()),
      ];
      const payouts = [];
      const time = stopSystemTimeAt(new Date('2027-06-01T09:00:00.000Z'));
      for (const charity of charities) {
        payouts.push(await repos.charityPayouts.addToPending(share({ charityId: charity.id })));
        time.advance(1_000);
      }
      const [oldest, middle, newest] = payouts;
      await repos.charityPayouts.markCompleted(middle!.id, aCompletion());
      expect((await repos.charityPayouts.list()).map((payout) => payout.id)).toEqual([newest!.id, middle!.id, oldest!.id]);
      expect((await repos.charityPayouts.listUnsent()).map((payout) => payout.id)).toEqual([newest!.id, oldest!.id]);
    });
  });

  describe('audit trail', () => {
    it('appends events and lists them newest first, before and after exactly as given', async () => {
      const repos = current();
      const admin = await repos.users.create(aNewUser());
      const before = {
        status: 'pending',
        amount: 1_200.5,
        registryIds: ['a', 'b'],
        nested: { notes: null, flag: false, text: "Todah “rabah” — 🎉 \\ ' ?" },
      };
      const after = { ...before, status: 'completed', paymentMethod: 'ACH', referenceNumber: 'REF-1' };
      const event = anAuditEvent({
        actorUserId: admin.id,
        actorLabel: `admin:${admin.username}`,
        before,
        after,
        createdAt: new Date('2027-06-01T10:00:00.000Z'),
      });
      const first = await repos.audit.append(event);
      expect(first).toEqual({ ...event, id: expect.any(String) });
      const second = await repos.audit.append(
        anAuditEvent({
          action: 'manual_payout.completed',
          subjectType: 'registry',
          before: null,
          after: { payoutStatus: 'completed' },
          createdAt: new Date('2027-06-02T10:00:00.000Z'),
        }),
      );
      const third = await repos.audit.append(anAuditEvent({ createdAt: new Date('2027-06-03T10:00:00.000Z') }));
      expect(await repos.audit.list(10)).toEqual([third, second, first]);
      expect(await repos.audit.list(2)).toEqual([third, second]);
      expect(second).toMatchObject({
        actorUserId: null,
        actorLabel: 'cli:operator',
        action: 'manual_payout.completed',
        subjectType: 'registry',
        before: null,
      });
    });

    it('keeps what was appended whatever the caller does with its objects afterwards', async () => {
      const repos = current();
      const before: Record<string, unknown> = { status: 'pending' };
      const appended = await repos.audit.append(anAuditEvent({ before }));
      before.status = 'tampered';
      appended.after!.status = 'tampered';
      const [listed] = await repos.audit.list(1);
      listed!.before!.status = 'tampered too';
      expect((await repos.audit.list(1))[0]).toMatchObject({ before: { status: 'pending' }, after: { status: 'completed' } });
    });
  });

  describe('payouts in a unit of work', () => {
    it('rolls back payouts and audit events when the transaction fails', async () => {
      const repos = current();
      const user = await repos.users.create(aNewUser());
      const charity = await repos.charities.create(aCharity());
      const registry = await repos.registries.create(aNewRegistry(user.id));
      const share: CharityShare = { charityId: charity.id, currency: 'USD', amount: 1_000, giftCount: 2, registryId: registry.id };
      const kept = await repos.charityPayouts.addToPending(share);
      await repos.audit.append(anAuditEvent({ subjectId: kept.id, createdAt: new Date('2027-01-01T00:00:00.000Z') }));
      const auditBefore = await repos.audit.list(10);

      await expect(
        repos.transaction(async (tx) => {
          await tx.charityPayouts.addToPending({ ...share, amount: 500 });
          await tx.charityPayouts.addToPending({ ...share, currency: 'CAD' });
          await tx.charityPayouts.markCompleted(kept.id, aCompletion());
          await tx.audit.append(anAuditEvent({ subjectId: kept.id }));
          await tx.registries.update(registry.id, { status: 'closed', closedAt: new Date(), transferFailureReason: 'x' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');

      expect(await repos.charityPayouts.list()).toEqual([kept]);
      expect(await repos.audit.list(10)).toEqual(auditBefore);
      expect(await repos.registries.findById(registry.id)).toMatchObject({ status: 'open', closedAt: null, transferFailureReason: null });
    });

    it('keeps payouts and audit events a transaction wrote when it succeeds', async () => {
      const repos = current();
      const charity = await repos.charities.create(aCharity());
      const user = await repos.users.create(aNewUser());
      const registry = await repos.registries.create(aNewRegistry(user.id));
      const payout = await repos.transaction(async (tx) => {
        const opened = await tx.charityPayouts.addToPending({
          charityId: charity.id,
          currency: 'CAD',
          amount: 250,
          giftCount: 1,
          registryId: registry.id,
        });
        await tx.audit.append(anAuditEvent({ subjectId: opened.id }));
        return opened;
      });
      expect(await repos.charityPayouts.findById(payout.id)).toEqual(payout);
      expect((await repos.audit.list(1))[0]?.subjectId).toBe(payout.id);
    });
  });
}
