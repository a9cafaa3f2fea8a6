import type { Repositories, UnitOfWork } from '@core/ports/repositories';

/** Bounds the memory the cache may hold: past this many answers it starts over. */
const MAX_ENTRIES = 5_000;

/** Method names that only read; any other method of a repository may change something. */
const READ_PREFIXES = ['find', 'list', 'count', 'has', 'get', 'search'];
const isRead = (name: string) => READ_PREFIXES.some((prefix) => name.startsWith(prefix));

/**
 * The reads a guest's page makes (a registry, its count of gifts, a search, the newest registries),
 * kept between two changes. Only for a database that one process alone may open (PGlite, locked by
 * embedded-lock.ts): every change then passes through this process's repositories, so emptying the
 * cache at every change keeps it exact, not merely fresh within a time.
 */
export class SingleWriterReadCache {
  private generation = 0;
  private readonly entries = new Map<string, Promise<unknown>>();

  /** Called before and after every change, so a read that overlapped a change is not kept. */
  changed(): void {
    this.generation += 1;
    this.entries.clear();
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept) return kept as Promise<T>;
    const generation = this.generation;
    const loading = load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, loading);
    const forget = () => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    };
    loading.then(() => {
      if (this.generation !== generation) forget();
    }, forget);
    return loading;
  }
}

/** Makes the caller's own copy of a kept answer. */
type Copy = (value: never) => unknown;
const copyList = <T extends object>(list: T[]) => list.map((item) => ({ ...item }));
const copyOrNull = <T extends object>(item: T | null) => (item ? { ...item } : null);

/** Wraps one repository: the named reads are kept, other reads pass, anything else empties the cache. */
function wrap<T extends object>(repository: T, name: string, cache: SingleWriterReadCache, kept: Partial<Record<keyof T, Copy>>): T {
  return new Proxy(repository, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      const copy = kept[property as keyof T] as ((value: unknown) => unknown) | undefined;
      if (copy) {
        // Callers get their own copy: a caller changing what it got must not change the next one's.
        return (...args: unknown[]) =>
          cache.read(`${name}.${property}:${JSON.stringify(args)}`, () => method.apply(target, args)).then(copy);
      }
      if (isRead(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        cache.changed();
        try {
          return await method.apply(target, args);
        } finally {
          cache.changed();
        }
      };
    },
  });
}

/**
 * The repositories with the guests' reads cached (see SingleWriterReadCache). A transaction counts
 * as a change from its start to its end, whatever it does.
 */
export function withSingleWriterReadCache(repositories: Repositories & UnitOfWork): Repositories & UnitOfWork {
  const cache = new SingleWriterReadCache();
  const wrapped = Object.fromEntries(
    Object.entries(repositories).map(([name, repository]) => {
      if (typeof repository === 'function') return [name, repository];
      const kept: Record<string, Copy> =
        name === 'registries'
          ? { findById: copyOrNull, findByShortCode: copyOrNull, searchListedByChildName: copyList, listNewestListed: copyList }
          : name === 'gifts'
            ? { countSucceeded: (counts: Map<string, number>) => new Map(counts) }
            : {};
      return [name, wrap(repository as object, name, cache, kept)];
    }),
  ) as unknown as Repositories;
  return {
    ...wrapped,
    transaction: async (work, options) => {
      cache.changed();
      try {
        return await repositories.transaction(work, options);
      } finally {
        cache.changed();
      }
    },
  };
}
