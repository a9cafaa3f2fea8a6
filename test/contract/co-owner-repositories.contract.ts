import { describe, expect, it } from 'vitest';
import type { Repositories, UnitOfWork } from '@core/ports/repositories';
import { aNewRegistry, aNewUser } from '../support/builders';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const now = new Date('2027-03-01T10:00:00.000Z');
const nextWeek = new Date('2027-03-08T10:00:00.000Z');
const later = new Date('2027-03-09T10:00:00.000Z');

let lastDigest = 0;
const aDigest = () => (lastDigest += 1).toString(16).padStart(64, 'c');

/**
 * The co-owner part of the repository contract (a registry's co-owners, and the invitations to
 * become one); repositoryContract runs it against the in-memory fakes, PGlite and PostgreSQL.
 */
export function coOwnerRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistryWithOwner() {
    const { users, registries } = current();
    const owner = await users.create(aNewUser());
    return { owner, registry: await registries.create(aNewRegistry(owner.id)) };
  }

  describe('registries: co-owners', () => {
    it('adds a co-owner once, never the owner, removes one, and lists what each user co-owns', async () => {
      const { registries, users } = current();
      const { owner, registry } = await aRegistryWithOwner();
      expect(registry.coOwnerIds).toEqual([]);
      const parent = await users.create(aNewUser());
      expect(await registries.addCoOwner(registry.id, parent.id)).toBe(true);
      expect(await registries.addCoOwner(registry.id, parent.id)).toBe(false);
      expect(await registries.addCoOwner(registry.id, owner.id)).toBe(false);
      expect(await registries.addCoOwner(UNKNOWN_ID, parent.id)).toBe(false);
      expect(await registries.addCoOwner('not-a-uuid', parent.id)).toBe(false);
      expect((await registries.findById(registry.id))?.coOwnerIds).toEqual([parent.id]);
      expect((await current().transaction((inside) => inside.registries.findByIdForUpdate(registry.id)))?.coOwnerIds).toEqual([parent.id]);

      const second = await registries.create(aNewRegistry(owner.id));
      await registries.addCoOwner(second.id, parent.id);
      expect((await registries.listByCoOwner(parent.id)).map((r) => r.id).sort()).toEqual([second.id, registry.id].sort());
      expect(await registries.listByCoOwner(owner.id)).toEqual([]);
      expect(await registries.listByCoOwner('not-a-uuid')).toEqual([]);
      // The owner's own list is what they own, not what they co-own.
      expect(await registries.listByOwner(parent.id)).toEqual([]);

      expect(await registries.removeCoOwner(registry.id, parent.id)).toBe(true);
      expect(await registries.removeCoOwner(registry.id, parent.id)).toBe(false);
      expect(await registries.removeCoOwner(registry.id, owner.id)).toBe(false);
      expect((await registries.findById(registry.id))?.coOwnerIds).toEqual([]);
      expect((await registries.listByCoOwner(parent.id)).map((r) => r.id)).toEqual([second.id]);
    });

    it('keeps the co-owners through other changes to the registry', async () => {
      const { registries, users } = current();
      const { registry } = await aRegistryWithOwner();
      const parent = await users.create(aNewUser());
      await registries.addCoOwner(registry.id, parent.id);
      expect((await registries.update(registry.id, { childName: 'Renamed' })).coOwnerIds).toEqual([parent.id]);
      await registries.addToTotalReceived(registry.id, 500);
      expect((await registries.findById(registry.id))?.coOwnerIds).toEqual([parent.id]);
    });
  });

  describe('co-owner invitations', () => {
    const anInvitation = async (registryId: string, invitedBy: string, overrides: { email?: string; expiresAt?: Date } = {}) => {
      const tokenHash = aDigest();
      const invitation = await current().coOwnerInvitations.create({
        registryId,
        invitedBy,
        tokenHash,
        email: overrides.email ?? 'parent@example.com',
        expiresAt: overrides.expiresAt ?? nextWeek,
      });
      return { invitation, tokenHash };
    };

    it('lists pending invitations by age, finds one by digest, and never answers the digest', async () => {
      const { coOwnerInvitations } = current();
      const { owner, registry } = await aRegistryWithOwner();
      const { invitation: first, tokenHash } = await anInvitation(registry.id, owner.id, { email: 'a@example.com' });
      const { invitation: second } = await anInvitation(registry.id, owner.id, { email: 'b@example.com' });
      expect(first).toMatchObject({
        registryId: registry.id,
        email: 'a@example.com',
        invitedBy: owner.id,
        acceptedAt: null,
        acceptedBy: null,
        expiresAt: nextWeek,
      });
      expect(first).not.toHaveProperty('tokenHash');
      const pending = await coOwnerInvitations.listPending(registry.id, now);
      // Two made in the same millisecond may come either way; the times never go backwards.
      expect(pending.map((i) => i.id).sort()).toEqual([first.id, second.id].sort());
      expect(pending[0]!.createdAt.getTime()).toBeLessThanOrEqual(pending[1]!.createdAt.getTime());
      expect(await coOwnerInvitations.listPending(registry.id, later)).toEqual([]);
      expect(await coOwnerInvitations.listPending('not-a-uuid', now)).toEqual([]);
      expect((await coOwnerInvitations.findPendingByTokenHash(tokenHash, now))?.id).toBe(first.id);
      expect(await coOwnerInvitations.findPendingByTokenHash(tokenHash, later)).toBeNull();
      expect(await coOwnerInvitations.findPendingByTokenHash(aDigest(), now)).toBeNull();
    });

    it('accepts once, not once expired, and of two accepts at once only one', async () => {
      const { coOwnerInvitations, users } = current();
      const { owner, registry } = await aRegistryWithOwner();
      const parent = await users.create(aNewUser());
      const { tokenHash } = await anInvitation(registry.id, owner.id);
      const [a, b] = await Promise.all([
        coOwnerInvitations.accept(tokenHash, parent.id, now),
        coOwnerInvitations.accept(tokenHash, parent.id, now),
      ]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect(a ?? b).toMatchObject({ acceptedAt: now, acceptedBy: parent.id });
      expect(await coOwnerInvitations.findPendingByTokenHash(tokenHash, now)).toBeNull();
      expect(await coOwnerInvitations.listPending(registry.id, now)).toEqual([]);

      const { tokenHash: expired } = await anInvitation(registry.id, owner.id);
      expect(await coOwnerInvitations.accept(expired, parent.id, later)).toBeNull();
    });

    it('cancels a pending invitation of its own registry only, and goes with a deleted registry', async () => {
      const { coOwnerInvitations, registries, users } = current();
      const { owner, registry } = await aRegistryWithOwner();
      const { registry: other } = await aRegistryWithOwner();
      const { invitation, tokenHash } = await anInvitation(registry.id, owner.id);
      expect(await coOwnerInvitations.cancel(other.id, invitation.id, now)).toBe(false);
      expect(await coOwnerInvitations.cancel(registry.id, UNKNOWN_ID, now)).toBe(false);
      expect(await coOwnerInvitations.cancel(registry.id, 'not-a-uuid', now)).toBe(false);
      expect(await coOwnerInvitations.cancel(registry.id, invitation.id, now)).toBe(true);
      expect(await coOwnerInvitations.cancel(registry.id, invitation.id, now)).toBe(false);
      expect(await coOwnerInvitations.accept(tokenHash, owner.id, now)).toBeNull();

      const { invitation: accepted, tokenHash: acceptedHash } = await anInvitation(registry.id, owner.id);
      await coOwnerInvitations.accept(acceptedHash, (await users.create(aNewUser())).id, now);
      expect(await coOwnerInvitations.cancel(registry.id, accepted.id, now)).toBe(false);

      const { tokenHash: doomed } = await anInvitation(registry.id, owner.id);
      await registries.delete(registry.id);
      expect(await coOwnerInvitations.findPendingByTokenHash(doomed, now)).toBeNull();
    });
  });
}
