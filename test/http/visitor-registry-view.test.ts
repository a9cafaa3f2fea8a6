import { describe, expect, it, vi } from 'vitest';
import { visitorRegistryView } from '../../adapters/http/visitor-registry-view';
import { aNewRegistry } from '../support/builders';
import { registryWorld } from '../support/registry-world';

async function aRegistry() {
  const { repositories, registries, owner } = await registryWorld();
  const registry = await repositories.registries.create(aNewRegistry(owner.id, { childName: 'Ari Kaplan' }));
  const reads = vi.spyOn(repositories.registries, 'findById');
  return { repositories, registries, registry, reads };
}

describe('a visitor’s view of a registry, read for a drawn page and its link preview', () => {
  it('is read once for the lookups made at the same moment, each given the same view', async () => {
    const { registries, registry, reads } = await aRegistry();
    const view = visitorRegistryView(registries);
    const [forThePreview, forThePage] = await Promise.all([view(registry.id), view(registry.id)]);
    expect(reads).toHaveBeenCalledTimes(1);
    expect(forThePreview.registry.childName).toBe('Ari Kaplan');
    expect(forThePage).toBe(forThePreview);
  });

  it('is read again once the read in flight is over: a later visitor sees the registry as it is then', async () => {
    const { repositories, registries, registry, reads } = await aRegistry();
    const view = visitorRegistryView(registries);
    await view(registry.id);
    await repositories.registries.update(registry.id, { childName: 'Ari Kaplan-Levi' });
    expect((await view(registry.id)).registry.childName).toBe('Ari Kaplan-Levi');
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('lets a failed read go, so the next lookup tries again', async () => {
    const { registries, registry, reads } = await aRegistry();
    const view = visitorRegistryView(registries);
    reads.mockRejectedValueOnce(new Error('the database went away'));
    await expect(view(registry.id)).rejects.toThrow('the database went away');
    expect((await view(registry.id)).registry.id).toBe(registry.id);
  });
});
