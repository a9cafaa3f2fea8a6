import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxAccountStore } from '@core/ports/sandbox-account-store';

let counter = 0;
const anAccountId = () => `acct_sandbox_${Date.now().toString(36)}${(counter += 1)}`;

/** One contract for the sandbox's account store: the in-memory fake and the database on PGlite and PostgreSQL. */
export function sandboxAccountStoreContract(name: string, factory: () => Promise<SandboxAccountStore>): void {
  describe(`sandbox account store: ${name}`, () => {
    let store: SandboxAccountStore;
    beforeEach(async () => {
      store = await factory();
    });

    it('creates an unverified account without a link, and finds it', async () => {
      const id = anAccountId();
      const created = await store.create({ id, country: 'CA', email: 'family@example.com' });
      expect(created).toEqual({
        id,
        country: 'CA',
        email: 'family@example.com',
        verified: false,
        rejectsTransfers: false,
        linkNonce: null,
        createdAt: expect.any(Date),
      });
      expect(await store.find(id)).toEqual(created);
      expect(await store.find('acct_unknown')).toBeNull();
    });

    it('answers the stored account when one id is created again, also by two callers at once', async () => {
      const id = anAccountId();
      const first = await store.create({ id, country: 'US', email: 'first@example.com' });
      await store.setLinkNonce(id, 'nonce-1');
      expect(await store.create({ id, country: 'CA', email: 'second@example.com' })).toEqual({ ...first, linkNonce: 'nonce-1' });

      const racing = anAccountId();
      const answers = await Promise.all(
        ['a@example.com', 'b@example.com'].map((email) => store.create({ id: racing, country: 'US', email })),
      );
      expect(answers[0]).toEqual(answers[1]);
    });

    it('records a verified account once its current link is used, and never twice', async () => {
      const id = anAccountId();
      await store.create({ id, country: 'US', email: 'family@example.com' });
      await store.setLinkNonce(id, 'nonce-1');
      expect((await store.find(id))?.linkNonce).toBe('nonce-1');
      expect(await store.completeOnboarding(id, 'nonce-1', 'verified')).toBe(true);
      expect(await store.find(id)).toMatchObject({ verified: true, rejectsTransfers: false, linkNonce: null });
      expect(await store.completeOnboarding(id, 'nonce-1', 'rejects_transfers')).toBe(false);
      expect(await store.find(id)).toMatchObject({ verified: true, rejectsTransfers: false });
    });

    it('records an account whose bank refuses transfers, and a verified one again after a new link', async () => {
      const id = anAccountId();
      await store.create({ id, country: 'US', email: 'family@example.com' });
      await store.setLinkNonce(id, 'nonce-1');
      expect(await store.completeOnboarding(id, 'nonce-1', 'rejects_transfers')).toBe(true);
      expect(await store.find(id)).toMatchObject({ verified: true, rejectsTransfers: true, linkNonce: null });
      await store.setLinkNonce(id, 'nonce-2');
      expect(await store.completeOnboarding(id, 'nonce-2', 'verified')).toBe(true);
      expect(await store.find(id)).toMatchObject({ verified: true, rejectsTransfers: false });
    });

    it('uses up the link of an unfinished onboarding and leaves the account as it was', async () => {
      const id = anAccountId();
      await store.create({ id, country: 'US', email: 'family@example.com' });
      await store.setLinkNonce(id, 'nonce-1');
      expect(await store.completeOnboarding(id, 'nonce-1', 'unfinished')).toBe(true);
      expect(await store.find(id)).toMatchObject({ verified: false, rejectsTransfers: false, linkNonce: null });
      await store.setLinkNonce(id, 'nonce-2');
      await store.completeOnboarding(id, 'nonce-2', 'rejects_transfers');
      await store.setLinkNonce(id, 'nonce-3');
      expect(await store.completeOnboarding(id, 'nonce-3', 'unfinished')).toBe(true);
      expect(await store.find(id)).toMatchObject({ verified: true, rejectsTransfers: true, linkNonce: null });
    });

    it('refuses a replaced link, a link of another account, and an account without a link', async () => {
      const [id, other] = [anAccountId(), anAccountId()];
      await store.create({ id, country: 'US', email: 'family@example.com' });
      await store.create({ id: other, country: 'US', email: 'other@example.com' });
      expect(await store.completeOnboarding(id, 'nonce-0', 'verified')).toBe(false);
      await store.setLinkNonce(id, 'nonce-old');
      await store.setLinkNonce(id, 'nonce-new');
      await store.setLinkNonce(other, 'nonce-other');
      expect(await store.completeOnboarding(id, 'nonce-old', 'verified')).toBe(false);
      expect(await store.completeOnboarding(id, 'nonce-other', 'verified')).toBe(false);
      expect(await store.completeOnboarding('acct_unknown', 'nonce-new', 'verified')).toBe(false);
      expect(await store.find(id)).toMatchObject({ verified: false, linkNonce: 'nonce-new' });
      expect(await store.completeOnboarding(id, 'nonce-new', 'verified')).toBe(true);
      expect(await store.find(other)).toMatchObject({ verified: false, linkNonce: 'nonce-other' });
    });

    it('lets exactly one of many submissions of one link through', async () => {
      const id = anAccountId();
      await store.create({ id, country: 'US', email: 'family@example.com' });
      await store.setLinkNonce(id, 'nonce-1');
      const outcomes = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          store.completeOnboarding(id, 'nonce-1', index % 2 === 0 ? 'verified' : 'rejects_transfers'),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(await store.find(id)).toMatchObject({ verified: true, linkNonce: null });
    });

    it('refuses a link for an unknown account', async () => {
      await expect(store.setLinkNonce('acct_unknown', 'nonce-1')).rejects.toThrow();
    });
  });
}
