import { beforeEach, describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '../../core/ports/repositories';
import type { DomainError } from '../../core/errors';
import { aCharity, aNewUser } from '../support/builders';

export type RepositoryFactory = () => Promise<Repositories & UnitOfWork>;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as DomainError).code ?? String(error);
  }
  return 'no error';
}

/** One contract, run against the in-memory fakes and every real adapter alike. */
export function repositoryContract(name: string, factory: RepositoryFactory): void {
  describe(`repositories: ${name}`, () => {
    let repos: Repositories & UnitOfWork;
    beforeEach(async () => {
      repos = await factory();
    });

    describe('users', () => {
      it('creates a user and finds it by id and by username, whatever the case', async () => {
        const created = await repos.users.create(aNewUser({ username: 'SarahRose' }));
        expect(created).toMatchObject({ username: 'SarahRose', isAdmin: false });
        expect(created).not.toHaveProperty('passwordHash');
        expect(await repos.users.findById(created.id)).toEqual(created);
        expect((await repos.users.findByUsername('sarahrose'))?.id).toBe(created.id);
      });

      it('gives the password hash only to the login lookup', async () => {
        const created = await repos.users.create(aNewUser({ username: 'dan', passwordHash: 'hash-1' }));
        const found = await repos.users.findByUsernameWithPassword('DAN');
        expect(found).toMatchObject({ id: created.id, passwordHash: 'hash-1' });
        expect(await repos.users.findById(created.id)).not.toHaveProperty('passwordHash');
      });

      it('refuses a taken username or e-mail, in any letter case, and keeps the first account', async () => {
        const first = await repos.users.create(aNewUser({ username: 'levi', email: 'levi@example.com' }));
        expect(await codeOf(repos.users.create(aNewUser({ username: 'LEVI', email: 'other@example.com' })))).toBe('auth.username_taken');
        expect(await codeOf(repos.users.create(aNewUser({ username: 'levi2', email: 'Levi@Example.com' })))).toBe('auth.email_taken');
        expect((await repos.users.findByUsername('levi'))?.id).toBe(first.id);
        expect(await repos.users.findByUsername('levi2')).toBeNull();
      });

      it('answers null for unknown users', async () => {
        expect(await repos.users.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
        expect(await repos.users.findByUsername('nobody')).toBeNull();
        expect(await repos.users.findByUsernameWithPassword('nobody')).toBeNull();
      });

      it('promotes and demotes an administrator, and refuses an unknown id', async () => {
        const user = await repos.users.create(aNewUser());
        expect((await repos.users.setAdmin(user.id, true)).isAdmin).toBe(true);
        expect((await repos.users.findById(user.id))?.isAdmin).toBe(true);
        expect((await repos.users.setAdmin(user.id, false)).isAdmin).toBe(false);
        expect(await codeOf(repos.users.setAdmin('00000000-0000-4000-8000-000000000000', true))).toBe('user.not_found');
      });
    });

    describe('sessions', () => {
      const now = new Date('2026-06-01T12:00:00Z');
      const later = new Date('2026-06-02T12:00:00Z');

      it('stores, reads, replaces and destroys a session', async () => {
        await repos.sessions.set('sid-1', { data: { userId: 'u1' }, expire: later });
        expect(await repos.sessions.get('sid-1', now)).toEqual({ data: { userId: 'u1' }, expire: later });
        await repos.sessions.set('sid-1', { data: { userId: 'u2' }, expire: later });
        expect((await repos.sessions.get('sid-1', now))?.data).toEqual({ userId: 'u2' });
        await repos.sessions.destroy('sid-1');
        expect(await repos.sessions.get('sid-1', now)).toBeNull();
      });

      it('destroying a missing session touches no other session', async () => {
        await repos.sessions.set('keep', { data: { userId: 'u1' }, expire: later });
        await repos.sessions.destroy('missing');
        expect(await repos.sessions.get('keep', now)).not.toBeNull();
      });

      it('never answers an expired session, and purges only expired ones', async () => {
        await repos.sessions.set('old', { data: {}, expire: now });
        await repos.sessions.set('new', { data: {}, expire: later });
        expect(await repos.sessions.get('old', now)).toBeNull();
        expect(await repos.sessions.purgeExpired(now)).toBe(1);
        expect(await repos.sessions.get('new', now)).not.toBeNull();
      });
    });

    describe('charities', () => {
      it('creates charities and lists them by name, the active ones apart', async () => {
        const b = await repos.charities.create(aCharity({ name: 'B Charity' }));
        const a = await repos.charities.create(aCharity({ name: 'A Charity', category: 'veterans' }));
        expect((await repos.charities.listAll()).map((c) => c.id)).toEqual([a.id, b.id]);
        await repos.charities.setActive(a.id, false);
        expect((await repos.charities.listActive()).map((c) => c.id)).toEqual([b.id]);
        expect((await repos.charities.listAll()).map((c) => c.isActive)).toEqual([false, true]);
        expect(await repos.charities.findById(a.id)).toMatchObject({ name: 'A Charity', category: 'veterans', isActive: false });
        expect(await repos.charities.count()).toBe(2);
      });

      it('refuses to change an unknown charity', async () => {
        expect(await codeOf(repos.charities.setActive('00000000-0000-4000-8000-000000000000', false))).toBe('charity.not_found');
      });
    });

    describe('unit of work', () => {
      it('keeps everything a transaction wrote when it succeeds', async () => {
        await repos.transaction(async (tx) => {
          await tx.users.create(aNewUser({ username: 'miriam' }));
          await tx.charities.create(aCharity({ name: 'Kept' }));
        });
        expect(await repos.users.findByUsername('miriam')).not.toBeNull();
        expect(await repos.charities.count()).toBe(1);
      });

      it('undoes everything a transaction wrote when it fails', async () => {
        await expect(
          repos.transaction(async (tx) => {
            await tx.users.create(aNewUser({ username: 'noam' }));
            await tx.charities.create(aCharity({ name: 'Dropped' }));
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(await repos.users.findByUsername('noam')).toBeNull();
        expect(await repos.charities.count()).toBe(0);
      });
    });
  });
}
