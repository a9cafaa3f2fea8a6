import { describe, expect, it } from 'vitest';
import { guestWorld } from '../support/guest-world';

const DORA = { name: 'Aunt Dora', email: 'dora@example.com', partySize: 2 };

describe('the guest list’s use cases, built once', () => {
  it('take the acting user on each call, so one caller’s rights never reach the next', async () => {
    const { repositories, guests, owner, registry, aUser } = await guestWorld();
    const stranger = await aUser('stranger');

    await expect(guests.add(stranger, registry.id, DORA)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(guests.list(null, registry.id, {})).rejects.toMatchObject({ code: 'auth.required' });
    expect(await repositories.guests.listByRegistry(registry.id)).toEqual([]);

    const { added } = await guests.add(owner, registry.id, DORA);
    const dora = added[0]!;
    await expect(guests.list(stranger, registry.id, {})).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(guests.copyLink(stranger, registry.id, dora.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(guests.remove(stranger, dora.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    expect((await guests.list(owner, registry.id, {})).guests.map((state) => state.guest.name)).toEqual(['Aunt Dora']);

    const link = await guests.copyLink(owner, registry.id, dora.id);
    expect(link.url).toMatch(/^https:\/\/gifts\.example\.org\/i\//);
    await guests.remove(owner, dora.id);
    expect(await repositories.guests.listByRegistry(registry.id)).toEqual([]);
  });
});
