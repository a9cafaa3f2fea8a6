import { describe, expect, it } from 'vitest';
import type { NewGuest, Repositories, UnitOfWork } from '@core/ports/repositories';
import { aNewRegistry, aNewUser } from '../support/builders';
import { codeOf } from '../support/code-of';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function aNewGuest(registryId: string, overrides: Partial<NewGuest> = {}): NewGuest {
  return { registryId, name: 'Aunt Dora', email: 'dora@example.com', partySize: 2, street: null, city: null, region: null, postalCode: null, country: null, ...overrides };
}

/** The guest list part of the repository contract; repositoryContract runs it against the fakes, PGlite and PostgreSQL. */
export function guestRepositoryContract(current: () => Repositories & UnitOfWork): void {
  async function aRegistry() {
    const { users, registries } = current();
    const owner = await users.create(aNewUser());
    return registries.create(aNewRegistry(owner.id));
  }

  describe('guests', () => {
    it('adds guests, finds, updates and removes one, and lists a registry’s guests by name', async () => {
      const { guests } = current();
      const registry = await aRegistry();
      const other = await aRegistry();
      const [dora, ben] = await guests.createMany([
        aNewGuest(registry.id, { street: '12 Elm St', city: 'Toronto', region: 'ON', postalCode: 'M5V 2T6', country: 'Canada' }),
        aNewGuest(registry.id, { name: 'ben Cohen', email: 'ben@example.com', partySize: 4 }),
      ]);
      await guests.createMany([aNewGuest(other.id)]);
      expect(dora).toMatchObject({ registryId: registry.id, name: 'Aunt Dora', email: 'dora@example.com', partySize: 2, street: '12 Elm St', postalCode: 'M5V 2T6', country: 'Canada' });
      expect(await guests.findById(dora!.id)).toEqual(dora);
      expect((await guests.listByRegistry(registry.id)).map((guest) => guest.name)).toEqual(['Aunt Dora', 'ben Cohen']);

      const updated = await guests.update(ben!.id, { ...aNewGuest(registry.id, { name: 'Abe Cohen', email: 'ben@example.com', partySize: 3 }) });
      expect(updated).toMatchObject({ id: ben!.id, name: 'Abe Cohen', partySize: 3 });
      expect((await guests.listByRegistry(registry.id)).map((guest) => guest.name)).toEqual(['Abe Cohen', 'Aunt Dora']);

      expect(await guests.delete(dora!.id)).toBe(true);
      expect(await guests.delete(dora!.id)).toBe(false);
      expect(await guests.findById(dora!.id)).toBeNull();
      expect((await guests.listByRegistry(other.id)).map((guest) => guest.email)).toEqual(['dora@example.com']);
    });

    it('answers nothing for unknown ids and refuses to update one', async () => {
      const { guests } = current();
      expect(await guests.findById(UNKNOWN_ID)).toBeNull();
      expect(await guests.findById('not-a-uuid')).toBeNull();
      expect(await guests.listByRegistry('not-a-uuid')).toEqual([]);
      expect(await guests.delete('not-a-uuid')).toBe(false);
      expect(await guests.createMany([])).toEqual([]);
      expect(await codeOf(guests.update(UNKNOWN_ID, aNewGuest(UNKNOWN_ID)))).toBe('guest.not_found');
    });

    it('holds one guest per registry and e-mail address, and keeps none of a batch with a clash', async () => {
      const registry = await aRegistry();
      await current().guests.createMany([aNewGuest(registry.id)]);
      await expect(current().transaction((tx) => tx.guests.createMany([aNewGuest(registry.id, { email: 'new@example.com' }), aNewGuest(registry.id)]))).rejects.toThrow();
      expect((await current().guests.listByRegistry(registry.id)).map((guest) => guest.email)).toEqual(['dora@example.com']);
    });

    it('goes with its registry', async () => {
      const { guests, registries } = current();
      const registry = await aRegistry();
      const [guest] = await guests.createMany([aNewGuest(registry.id)]);
      await registries.delete(registry.id);
      expect(await guests.findById(guest!.id)).toBeNull();
    });
  });
}
