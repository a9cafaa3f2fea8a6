import { describe, expect, it } from 'vitest';
import { InMemoryCharityRepository } from '../../adapters/in-memory/in-memory-charity-repository';
import {
  CHARITY_CACHE_TTL_MS,
  CachedCharityRepository,
  InvalidatingCharityRepository,
} from '../../adapters/persistence/repositories/cached-charity-repository';
import { aCharity } from '../support/builders';

/** The in-memory repository, counting how often the cache goes to it for the list. */
function countedCharities() {
  const inner = new InMemoryCharityRepository();
  let loads = 0;
  const listAll = inner.listAll.bind(inner);
  inner.listAll = () => {
    loads += 1;
    return listAll();
  };
  return { inner, loads: () => loads };
}

describe('the charity cache', () => {
  it('reads the list once for every kind of read until the time to live runs out', async () => {
    const { inner, loads } = countedCharities();
    const active = await inner.create(aCharity({ name: 'MAZON' }));
    await inner.create(aCharity({ name: 'Closed Fund', isActive: false }));
    let now = 1_000;
    const cached = new CachedCharityRepository(inner, () => now);

    expect((await cached.listActive()).map((charity) => charity.name)).toEqual(['MAZON']);
    expect((await cached.listAll()).map((charity) => charity.name)).toEqual(['Closed Fund', 'MAZON']);
    expect(await cached.findById(active.id)).toEqual(active);
    expect(await cached.findById('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await cached.count()).toBe(2);
    expect(loads()).toBe(1);

    // Another instance deactivates a charity: seen once the time to live has passed.
    await inner.setActive(active.id, false);
    expect(await cached.listActive()).toHaveLength(1);
    now += CHARITY_CACHE_TTL_MS;
    expect(await cached.listActive()).toEqual([]);
    expect(loads()).toBe(2);
  });

  it('sees a change made through it, or through a transaction’s repository, at once', async () => {
    const { inner } = countedCharities();
    const cached = new CachedCharityRepository(inner, () => 0);
    const charity = await cached.create(aCharity({ name: 'HIAS' }));
    expect(await cached.listActive()).toHaveLength(1);
    await cached.setActive(charity.id, false);
    expect(await cached.listActive()).toEqual([]);

    const inTransaction = new InvalidatingCharityRepository(inner, () => cached.invalidate());
    await inTransaction.setActive(charity.id, true);
    expect((await cached.listActive()).map((found) => found.name)).toEqual(['HIAS']);
  });

  it('does not keep a failed load', async () => {
    const { inner } = countedCharities();
    await inner.create(aCharity({ name: 'JDC' }));
    const cached = new CachedCharityRepository(inner, () => 0);
    const listAll = inner.listAll;
    inner.listAll = () => Promise.reject(new Error('database unavailable'));
    await expect(cached.listAll()).rejects.toThrow('database unavailable');
    inner.listAll = listAll;
    expect(await cached.listAll()).toHaveLength(1);
  });

  it('hands out copies, so a caller cannot change what others read', async () => {
    const { inner } = countedCharities();
    await inner.create(aCharity({ name: 'PJ Library' }));
    const cached = new CachedCharityRepository(inner, () => 0);
    const [first] = await cached.listAll();
    first!.name = 'Changed';
    expect((await cached.listAll())[0]!.name).toBe('PJ Library');
  });
});
