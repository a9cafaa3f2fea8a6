import { describe, expect, it } from 'vitest';
import { registryWorld } from '../support/registry-world';

const REGISTRY = { childName: 'Noa Levi', celebrationDate: '2030-06-01', preferredCharityId: '', allowCharityChoice: true };

describe('the registries’ use cases, built once', () => {
  it('take the acting user on each call, so one caller’s rights never reach the next', async () => {
    const { repositories, registries, owner, aUser } = await registryWorld();
    const stranger = await aUser('stranger');

    await expect(registries.create(null, REGISTRY)).rejects.toMatchObject({ code: 'auth.required' });
    const registry = await registries.create(owner, REGISTRY);
    const edit = { childName: 'Noa Rivka Levi', celebrationDate: '2030-06-01', personalMessage: '' };

    await expect(registries.update(stranger, registry.id, edit)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(registries.changeCurrency(stranger, registry.id, { currency: 'CAD' })).rejects.toMatchObject({
      code: 'registry.forbidden',
    });
    await expect(registries.delete(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    expect(await repositories.registries.findById(registry.id)).toMatchObject({ childName: 'Noa Levi', currency: 'USD' });
    expect(await registries.listMine(stranger)).toEqual([]);
    expect((await registries.view(stranger, registry.id)).role).toBeNull();

    await registries.update(owner, registry.id, edit);
    await registries.changeCurrency(owner, registry.id, { currency: 'CAD' });
    expect((await registries.view(owner, registry.id)).registry).toMatchObject({ childName: 'Noa Rivka Levi', currency: 'CAD' });
    expect((await registries.listMine(owner)).map((summary) => summary.registry.id)).toEqual([registry.id]);
    await expect(registries.delete(owner, registry.id)).resolves.toEqual({ message: 'Registry deleted' });
    await expect(registries.view(owner, registry.id)).rejects.toMatchObject({ code: 'registry.not_found' });
  });
});
