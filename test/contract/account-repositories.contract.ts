import { describe, expect, it } from 'vitest';
import type { AccountTokenPurpose } from '@core/model/account-token';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const now = new Date('2027-03-01T10:00:00.000Z');
const inAnHour = new Date('2027-03-01T11:00:00.000Z');

let lastDigest = 0;
const aDigest = () => (lastDigest += 1).toString(16).padStart(64, 'a');

/**
 * The account part of the repository contract (password resets, e-mail changes, ending sessions);
 * repositoryContract runs it against the in-memory fakes, PGlite and PostgreSQL.
 */
export function accountRepositoryContract(current: () => Repositories & UnitOfWork): void {
  const aToken = async (
    userId: string,
    purpose: AccountTokenPurpose = 'password_reset',
    overrides: { newEmail?: string | null; expiresAt?: Date } = {},
  ) => {
    const tokenHash = aDigest();
    const token = await current().accountTokens.create({
      userId,
      purpose,
      tokenHash,
      newEmail: overrides.newEmail ?? null,
      expiresAt: overrides.expiresAt ?? inAnHour,
    });
    return { token, tokenHash };
  };

  describe('users: account changes', () => {
    it('finds a user by e-mail whatever the case, and gives the hash by id only to the account use cases', async () => {
      const { users } = current();
      const created = await users.create(aNewUser({ email: 'miriam@example.com', passwordHash: 'hash-1' }));
      expect((await users.findByEmail('Miriam@Example.COM'))?.id).toBe(created.id);
      expect(await users.findByEmail('nobody@example.com')).toBeNull();
      expect(await users.findByEmail('miriam@example.com')).not.toHaveProperty('passwordHash');
      expect(await users.findByIdWithPassword(created.id)).toMatchObject({ id: created.id, passwordHash: 'hash-1' });
      expect(await users.findByIdWithPassword(UNKNOWN_ID)).toBeNull();
      expect(await users.findByIdWithPassword('not-a-uuid')).toBeNull();
    });

    it('finds the accounts of many ids in one read, leaving out unknown and malformed ids and repeats', async () => {
      const { users } = current();
      const first = await users.create(aNewUser({ username: 'many-1', email: 'many-1@example.com' }));
      const second = await users.create(aNewUser({ username: 'many-2', email: 'many-2@example.com' }));
      const found = await users.findByIds([second.id, UNKNOWN_ID, 'not-a-uuid', first.id, second.id]);
      expect(found.map((user) => user.username).sort()).toEqual(['many-1', 'many-2']);
      expect(found.find((user) => user.id === first.id)).toEqual(await users.findById(first.id));
      expect(await users.findByIds([])).toEqual([]);
    });

    it('sets a new password hash, and refuses an unknown id', async () => {
      const { users } = current();
      const created = await users.create(aNewUser({ passwordHash: 'old-hash' }));
      await users.setPassword(created.id, 'new-hash');
      expect((await users.findByIdWithPassword(created.id))?.passwordHash).toBe('new-hash');
      expect(await codeOf(users.setPassword(UNKNOWN_ID, 'x'))).toBe('user.not_found');
    });

    it('changes the names, and refuses an unknown id', async () => {
      const { users } = current();
      const created = await users.create(aNewUser());
      const changed = await users.setNames(created.id, { firstName: 'Avi', lastName: 'Levi' });
      expect(changed).toMatchObject({ id: created.id, firstName: 'Avi', lastName: 'Levi' });
      expect(await users.findById(created.id)).toMatchObject({ firstName: 'Avi', lastName: 'Levi' });
      expect(await codeOf(users.setNames(UNKNOWN_ID, { firstName: 'A', lastName: 'B' }))).toBe('user.not_found');
    });

    it('changes the e-mail, and refuses one another account uses in any case', async () => {
      const { users } = current();
      const first = await users.create(aNewUser({ email: 'first@example.com' }));
      const second = await users.create(aNewUser({ email: 'second@example.com' }));
      expect((await users.setEmail(first.id, 'renamed@example.com')).email).toBe('renamed@example.com');
      expect((await users.findByEmail('renamed@example.com'))?.id).toBe(first.id);
      expect(await codeOf(users.setEmail(second.id, 'RENAMED@example.com'))).toBe('auth.email_taken');
      expect((await users.findById(second.id))?.email).toBe('second@example.com');
      expect(await codeOf(users.setEmail(UNKNOWN_ID, 'x@example.com'))).toBe('user.not_found');
    });
  });

  describe('sessions: ending a user’s sessions', () => {
    it('ends every session of the user and no one else’s', async () => {
      const { sessions } = current();
      const later = new Date('2027-03-02T10:00:00.000Z');
      await sessions.set('a-1', { data: { userId: 'user-a' }, expire: later });
      await sessions.set('a-2', { data: { userId: 'user-a' }, expire: later });
      await sessions.set('b-1', { data: { userId: 'user-b' }, expire: later });
      await sessions.set('anonymous', { data: {}, expire: later });
      expect(await sessions.destroyForUser('user-a')).toBe(2);
      expect(await sessions.get('a-1', now)).toBeNull();
      expect(await sessions.get('a-2', now)).toBeNull();
      expect(await sessions.get('b-1', now)).not.toBeNull();
      expect(await sessions.get('anonymous', now)).not.toBeNull();
      expect(await sessions.destroyForUser('user-a')).toBe(0);
    });

    it('renews a session that exists, and writes nothing for one already ended', async () => {
      const { sessions } = current();
      const later = new Date('2027-03-02T10:00:00.000Z');
      const muchLater = new Date('2027-03-16T10:00:00.000Z');
      await sessions.set('live', { data: { userId: 'user-a' }, expire: later });
      expect(await sessions.update('live', { data: { userId: 'user-a' }, expire: muchLater })).toBe(true);
      expect((await sessions.get('live', now))?.expire).toEqual(muchLater);
      expect(await sessions.update('ended', { data: { userId: 'user-a' }, expire: muchLater })).toBe(false);
      expect(await sessions.get('ended', now)).toBeNull();
    });
  });

  describe('account tokens', () => {
    it('consumes a token once, by digest and purpose, and answers what it was for', async () => {
      const user = await current().users.create(aNewUser());
      const { token, tokenHash } = await aToken(user.id, 'email_change', { newEmail: 'new@example.com' });
      expect(token).toMatchObject({
        userId: user.id,
        purpose: 'email_change',
        newEmail: 'new@example.com',
        usedAt: null,
        expiresAt: inAnHour,
      });
      expect(token).not.toHaveProperty('tokenHash');
      expect(await current().accountTokens.consume(tokenHash, 'password_reset', now)).toBeNull();
      const used = await current().accountTokens.consume(tokenHash, 'email_change', now);
      expect(used).toMatchObject({ id: token.id, userId: user.id, newEmail: 'new@example.com', usedAt: now });
      expect(await current().accountTokens.consume(tokenHash, 'email_change', now)).toBeNull();
    });

    it('refuses an expired or unknown token', async () => {
      const user = await current().users.create(aNewUser());
      const { tokenHash } = await aToken(user.id);
      expect(await current().accountTokens.consume(tokenHash, 'password_reset', inAnHour)).toBeNull();
      expect(await current().accountTokens.consume(aDigest(), 'password_reset', now)).toBeNull();
    });

    it('finds a usable token by digest and purpose without using it, and no used, expired or unknown one', async () => {
      const user = await current().users.create(aNewUser());
      const { token, tokenHash } = await aToken(user.id);
      expect(await current().accountTokens.findUsable(tokenHash, 'password_reset', now)).toMatchObject({
        id: token.id,
        userId: user.id,
        usedAt: null,
      });
      expect(await current().accountTokens.findUsable(tokenHash, 'email_change', now)).toBeNull();
      expect(await current().accountTokens.findUsable(tokenHash, 'password_reset', inAnHour)).toBeNull();
      expect(await current().accountTokens.findUsable(aDigest(), 'password_reset', now)).toBeNull();
      // Looking did not use it.
      expect(await current().accountTokens.consume(tokenHash, 'password_reset', now)).not.toBeNull();
      expect(await current().accountTokens.findUsable(tokenHash, 'password_reset', now)).toBeNull();
    });

    it('gives a token to only one of two uses at once', async () => {
      const user = await current().users.create(aNewUser());
      const { tokenHash } = await aToken(user.id);
      const results = await Promise.all([1, 2, 3].map(() => current().accountTokens.consume(tokenHash, 'password_reset', now)));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
    });

    it('revokes the unused tokens of one user and purpose only', async () => {
      const user = await current().users.create(aNewUser());
      const other = await current().users.create(aNewUser());
      const first = await aToken(user.id);
      const second = await aToken(user.id);
      const change = await aToken(user.id, 'email_change', { newEmail: 'x@example.com' });
      const someoneElses = await aToken(other.id);
      expect(await current().accountTokens.revokeForUser(user.id, 'password_reset', now)).toBe(2);
      expect(await current().accountTokens.consume(first.tokenHash, 'password_reset', now)).toBeNull();
      expect(await current().accountTokens.consume(second.tokenHash, 'password_reset', now)).toBeNull();
      expect(await current().accountTokens.consume(change.tokenHash, 'email_change', now)).not.toBeNull();
      expect(await current().accountTokens.consume(someoneElses.tokenHash, 'password_reset', now)).not.toBeNull();
    });

    it('purges expired tokens, used or not, and keeps the others', async () => {
      const user = await current().users.create(aNewUser());
      const expired = await aToken(user.id, 'password_reset', { expiresAt: now });
      const usedExpired = await aToken(user.id, 'email_change', { newEmail: 'x@example.com', expiresAt: now });
      await current().accountTokens.consume(usedExpired.tokenHash, 'email_change', new Date(now.getTime() - 1000));
      const live = await aToken(user.id);
      expect(await current().accountTokens.purgeExpired(now)).toBe(2);
      expect(await current().accountTokens.consume(expired.tokenHash, 'password_reset', new Date(now.getTime() - 1000))).toBeNull();
      expect(await current().accountTokens.consume(live.tokenHash, 'password_reset', now)).not.toBeNull();
      expect(await current().accountTokens.purgeExpired(now)).toBe(0);
    });

    it('rolls a consumed token back with a failed transaction', async () => {
      const user = await current().users.create(aNewUser());
      const { tokenHash } = await aToken(user.id);
      await expect(
        current().transaction(async ({ accountTokens }) => {
          expect(await accountTokens.consume(tokenHash, 'password_reset', now)).not.toBeNull();
          throw new Error('later step failed');
        }),
      ).rejects.toThrow('later step failed');
      expect(await current().accountTokens.consume(tokenHash, 'password_reset', now)).not.toBeNull();
    });
  });

  describe('newsletter list', () => {
    const aSubscriber = (email: string) => ({ email, unsubscribeTokenHash: aDigest(), consentedAt: now });

    it('adds an address once, whatever its case, and removes it by its unsubscribe digest', async () => {
      const { newsletter } = current();
      const first = aSubscriber('Guest@Example.com');
      expect(await newsletter.subscribe(first)).toEqual({ id: expect.any(String) });
      expect(await newsletter.subscribe(aSubscriber('guest@example.com'))).toBeNull();
      expect(await newsletter.isSubscribed('GUEST@example.com')).toBe(true);
      expect(await newsletter.unsubscribe(aDigest())).toBe(false);
      expect(await newsletter.unsubscribe(first.unsubscribeTokenHash)).toBe(true);
      expect(await newsletter.isSubscribed('guest@example.com')).toBe(false);
      expect(await newsletter.unsubscribe(first.unsubscribeTokenHash)).toBe(false);
      expect(await newsletter.subscribe(aSubscriber('guest@example.com'))).not.toBeNull();
    });

    it('removes an address by the address itself, whatever its case (a one-click unsubscribe)', async () => {
      const { newsletter } = current();
      await newsletter.subscribe(aSubscriber('one.click@example.com'));
      expect(await newsletter.unsubscribeAddress('One.Click@Example.com')).toBe(true);
      expect(await newsletter.isSubscribed('one.click@example.com')).toBe(false);
      expect(await newsletter.unsubscribeAddress('one.click@example.com')).toBe(false);
    });

    it('adds one row for the same address sent twice at once', async () => {
      const results = await Promise.all([1, 2, 3].map(() => current().newsletter.subscribe(aSubscriber('twice@example.com'))));
      expect(results.filter((result) => result !== null)).toHaveLength(1);
    });
  });

  describe('suppression list', () => {
    const at = new Date('2026-12-02T10:00:00.000Z');

    it('keeps one row per address and scope, whatever the case, with the latest reason and time', async () => {
      const { mailSuppressions } = current();
      await mailSuppressions.add({ address: 'Gone@Example.com', scope: 'all', reason: 'bounce', createdAt: at });
      await mailSuppressions.add({
        address: 'gone@example.com',
        scope: 'all',
        reason: 'dropped',
        createdAt: new Date(at.getTime() + 1000),
      });
      await mailSuppressions.add({ address: 'gone@example.com', scope: 'reminders', reason: 'unsubscribe', createdAt: at });
      const rows = (await mailSuppressions.listFor('GONE@example.com')).sort((a, b) => a.scope.localeCompare(b.scope));
      expect(rows).toEqual([
        { address: 'gone@example.com', scope: 'all', reason: 'dropped', createdAt: new Date(at.getTime() + 1000) },
        { address: 'gone@example.com', scope: 'reminders', reason: 'unsubscribe', createdAt: at },
      ]);
      expect(await mailSuppressions.listFor('other@example.com')).toEqual([]);
    });

    it('lifts bounces and drops alone when a family vouches for the address, and one scope when asked', async () => {
      const { mailSuppressions } = current();
      await mailSuppressions.add({ address: 'vouched@example.com', scope: 'all', reason: 'bounce', createdAt: at });
      await mailSuppressions.add({ address: 'vouched@example.com', scope: 'non-transactional', reason: 'spam-report', createdAt: at });
      await mailSuppressions.add({ address: 'vouched@example.com', scope: 'newsletter', reason: 'unsubscribe', createdAt: at });
      expect(await mailSuppressions.liftUndeliverable('Vouched@example.com')).toBe(true);
      expect(await mailSuppressions.liftUndeliverable('vouched@example.com')).toBe(false);
      expect(await mailSuppressions.remove('vouched@example.com', 'newsletter')).toBe(true);
      expect(await mailSuppressions.remove('vouched@example.com', 'newsletter')).toBe(false);
      expect((await mailSuppressions.listFor('vouched@example.com')).map((row) => row.reason)).toEqual(['spam-report']);
    });

    it('adds nothing when its transaction rolls back', async () => {
      await expect(
        current().transaction(async ({ mailSuppressions }) => {
          await mailSuppressions.add({ address: 'rolled@example.com', scope: 'all', reason: 'bounce', createdAt: at });
          throw new Error('later step failed');
        }),
      ).rejects.toThrow('later step failed');
      expect(await current().mailSuppressions.listFor('rolled@example.com')).toEqual([]);
    });
  });
}
