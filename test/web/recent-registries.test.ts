import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetRegistry,
  readRecentRegistries,
  RECENT_REGISTRIES_KEY,
  RECENT_REGISTRIES_LIMIT,
  rememberRegistry,
} from '../../web/src/lib/recent-registries';
import { aRegistry, aSearchResult, anOwnerRegistry } from './registry-fixtures';

const entry = (id: string) => aSearchResult({ id, childName: `Child ${id}` });

beforeEach(() => window.localStorage.clear());

describe('recent registries storage', () => {
  it('starts empty', () => {
    expect(readRecentRegistries()).toEqual([]);
  });

  it('keeps the most recent first, once per registry, at most six', () => {
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) rememberRegistry(entry(id));
    rememberRegistry(entry('c'));
    const ids = readRecentRegistries().map((r) => r.id);
    expect(RECENT_REGISTRIES_LIMIT).toBe(6);
    expect(ids).toEqual(['c', 'g', 'f', 'e', 'd', 'b']);
  });

  it('stores only the card fields, never money or gifts', () => {
    rememberRegistry(anOwnerRegistry({ totalReceived: 500, giftCount: 1, hasGifts: true }));
    const [stored] = JSON.parse(window.localStorage.getItem(RECENT_REGISTRIES_KEY)!) as Record<string, unknown>[];
    expect(Object.keys(stored!).sort()).toEqual([
      'celebrationDate',
      'celebrationType',
      'childName',
      'currency',
      'hebrewDate',
      'id',
      'photoFocusX',
      'photoFocusY',
      'photoUrl',
      'preferredCharity',
      'shortCode',
      'status',
    ]);
  });

  it('keeps the photo’s focal point with the card, and centres an entry kept without one', () => {
    rememberRegistry(aRegistry({ photoFocusX: 30, photoFocusY: 10 }));
    expect(readRecentRegistries()[0]).toMatchObject({ photoFocusX: 30, photoFocusY: 10 });
    const {
      photoFocusX: _x,
      photoFocusY: _y,
      ...older
    } = JSON.parse(window.localStorage.getItem(RECENT_REGISTRIES_KEY)!)[0] as Record<string, unknown>;
    window.localStorage.setItem(
      RECENT_REGISTRIES_KEY,
      JSON.stringify([
        { ...older, id: 'older' },
        { ...older, id: 'odd', photoFocusX: 140, photoFocusY: 'top' },
      ]),
    );
    expect(readRecentRegistries().map((entry) => [entry.id, entry.photoFocusX, entry.photoFocusY])).toEqual([
      ['older', 50, 50],
      ['odd', 50, 50],
    ]);
  });

  it('keeps the Hebrew date with the card, and takes an entry kept without one as having none', () => {
    rememberRegistry(
      aRegistry({
        hebrewDate: {
          date: '14 Sivan 5787',
          hebrew: 'י״ד סיון תשפ״ז',
          reading: { name: 'Parashat Nasso', hebrew: 'פרשת נשא', festival: false },
        },
      }),
    );
    expect(readRecentRegistries()[0]?.hebrewDate).toEqual({
      date: '14 Sivan 5787',
      hebrew: 'י״ד סיון תשפ״ז',
      reading: { name: 'Parashat Nasso', hebrew: 'פרשת נשא', festival: false },
    });
    const { hebrewDate: _kept, ...older } = JSON.parse(window.localStorage.getItem(RECENT_REGISTRIES_KEY)!)[0] as Record<string, unknown>;
    window.localStorage.setItem(
      RECENT_REGISTRIES_KEY,
      JSON.stringify([
        { ...older, id: 'older' },
        { ...older, id: 'odd', hebrewDate: { date: 5 } },
      ]),
    );
    expect(readRecentRegistries().map((entry) => [entry.id, entry.hebrewDate])).toEqual([
      ['older', undefined],
      ['odd', undefined],
    ]);
  });

  it('accepts a full registry view and keeps its charity', () => {
    rememberRegistry(aRegistry());
    expect(readRecentRegistries()[0]?.preferredCharity).toEqual({ id: 'c-1', name: 'Jewish Federation Community Fund' });
  });

  it('forgets a registry that no longer exists', () => {
    rememberRegistry(entry('a'));
    rememberRegistry(entry('b'));
    forgetRegistry('a');
    expect(readRecentRegistries().map((r) => r.id)).toEqual(['b']);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":"a"}'],
    ['a list of junk', '[1, null, "x", {"id": 5}]'],
  ])('tolerates corrupt storage (%s)', (_, raw) => {
    window.localStorage.setItem(RECENT_REGISTRIES_KEY, raw);
    expect(readRecentRegistries()).toEqual([]);
    rememberRegistry(entry('a'));
    expect(readRecentRegistries().map((r) => r.id)).toEqual(['a']);
  });

  it('drops malformed entries and keeps the good ones', () => {
    window.localStorage.setItem(
      RECENT_REGISTRIES_KEY,
      JSON.stringify([entry('a'), { ...entry('b'), currency: 'EUR' }, { ...entry('c'), status: 'gone' }, entry('a'), entry('d')]),
    );
    expect(readRecentRegistries().map((r) => r.id)).toEqual(['a', 'd']);
  });

  it('works without usable storage', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Blocked', 'SecurityError');
    });
    try {
      expect(() => rememberRegistry(entry('a'))).not.toThrow();
      expect(readRecentRegistries()).toEqual([]);
    } finally {
      setItem.mockRestore();
      getItem.mockRestore();
    }
  });
});
