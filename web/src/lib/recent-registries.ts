import { useSyncExternalStore } from 'react';
import { isCurrency } from '@core/money';
import { REGISTRY_STATUSES, type RegistryStatus } from '@core/model/registry';
import type { CharityRef } from '@api/charities';
import type { RegistrySearchResult } from '@api/registries';
import type { HebrewDateView } from '@api/hebrew-dates';
import { DEFAULT_PHOTO_FOCUS, PHOTO_FOCUS_MAX, PHOTO_FOCUS_MIN } from '@core/model/photo-focus';
import { CELEBRATION_TYPES, DEFAULT_CELEBRATION_TYPE, type CelebrationType } from '@core/model/celebration-title';

/**
 * The registries this browser has opened, for the visitors' 'Recent Registries': the card fields
 * of each (never financials), most recent first, at most six, one entry per registry. Kept in
 * localStorage; storage that is missing, full, blocked or holds something else is tolerated.
 */

export const RECENT_REGISTRIES_KEY = 'mitzvah-gifts:recent-registries';
export const RECENT_REGISTRIES_LIMIT = 6;

export type RecentRegistry = Omit<RegistrySearchResult, 'hebrewDate'> & { hebrewDate?: HebrewDateView };

const CHANGE_EVENT = 'mitzvah-gifts:recent-registries-changed';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Access itself can throw when storage is blocked.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function charityRefOf(value: unknown): CharityRef | null | undefined {
  if (value === null) return null;
  if (isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string') {
    return { id: value.id, name: value.name };
  }
  return undefined;
}

/** A stored Hebrew date, or undefined when the entry was kept without one (or holds something else). */
function hebrewDateOf(value: unknown): HebrewDateView | undefined {
  if (!isRecord(value) || typeof value.date !== 'string' || typeof value.hebrew !== 'string') return undefined;
  const { reading } = value;
  if (reading === null) return { date: value.date, hebrew: value.hebrew, reading: null };
  if (
    isRecord(reading) &&
    typeof reading.name === 'string' &&
    typeof reading.hebrew === 'string' &&
    typeof reading.festival === 'boolean'
  ) {
    return { date: value.date, hebrew: value.hebrew, reading: { name: reading.name, hebrew: reading.hebrew, festival: reading.festival } };
  }
  return undefined;
}

/** A stored focal point's axis; entries kept before photos had one are centred, as their photos were. */
function focusOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= PHOTO_FOCUS_MIN && value <= PHOTO_FOCUS_MAX
    ? value
    : DEFAULT_PHOTO_FOCUS.photoFocusX;
}

/** The card fields of a stored entry, or null when the entry is not one. */
function entryOf(value: unknown): RecentRegistry | null {
  if (!isRecord(value)) return null;
  const { id, shortCode, childName, celebrationDate, photoUrl, currency, status } = value;
  const preferredCharity = charityRefOf(value.preferredCharity ?? null);
  if (
    typeof id !== 'string' ||
    id === '' ||
    typeof shortCode !== 'string' ||
    typeof childName !== 'string' ||
    typeof celebrationDate !== 'string' ||
    (photoUrl !== null && typeof photoUrl !== 'string') ||
    !isCurrency(currency) ||
    !(REGISTRY_STATUSES as readonly unknown[]).includes(status) ||
    preferredCharity === undefined
  ) {
    return null;
  }
  // Entries kept before the family could say whose celebration it is read as their not saying.
  const celebrationType = CELEBRATION_TYPES.includes(value.celebrationType as CelebrationType)
    ? (value.celebrationType as CelebrationType)
    : DEFAULT_CELEBRATION_TYPE;
  const hebrewDate = hebrewDateOf(value.hebrewDate);
  const photoFocusX = focusOf(value.photoFocusX);
  const photoFocusY = focusOf(value.photoFocusY);
  return {
    id,
    shortCode,
    childName,
    celebrationType,
    celebrationDate,
    photoUrl,
    photoFocusX,
    photoFocusY,
    preferredCharity,
    currency,
    status: status as RegistryStatus,
    ...(hebrewDate ? { hebrewDate } : {}),
  };
}

export function readRecentRegistries(): RecentRegistry[] {
  try {
    const raw = storage()?.getItem(RECENT_REGISTRIES_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    const seen = new Set<string>();
    const entries: RecentRegistry[] = [];
    for (const item of parsed) {
      const entry = entryOf(item);
      if (entry && !seen.has(entry.id)) {
        seen.add(entry.id);
        entries.push(entry);
      }
    }
    return entries.slice(0, RECENT_REGISTRIES_LIMIT);
  } catch {
    return [];
  }
}

function write(entries: RecentRegistry[]): void {
  try {
    storage()?.setItem(RECENT_REGISTRIES_KEY, JSON.stringify(entries));
  } catch {
    // Full or blocked storage: the list is a convenience, so it is simply not kept.
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Puts a registry's card fields first in the list (once), keeping at most six. */
export function rememberRegistry(registry: RecentRegistry): RecentRegistry[] {
  const entry = entryOf(registry);
  if (!entry) return readRecentRegistries();
  const entries = [entry, ...readRecentRegistries().filter((r) => r.id !== entry.id)].slice(0, RECENT_REGISTRIES_LIMIT);
  write(entries);
  return entries;
}

/** Drops a registry that no longer exists. */
export function forgetRegistry(id: string): void {
  const entries = readRecentRegistries();
  if (entries.some((r) => r.id === id)) write(entries.filter((r) => r.id !== id));
}

// A snapshot per stored text, so React sees the same array until the storage changes; an empty
// list is the server's own, so a visitor with none is not drawn again once the page is taken over.
const NONE: RecentRegistry[] = [];
let cachedRaw: string | null | undefined;
let cachedEntries: RecentRegistry[] = NONE;

function snapshot(): RecentRegistry[] {
  let raw: string | null;
  try {
    raw = storage()?.getItem(RECENT_REGISTRIES_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    const entries = readRecentRegistries();
    cachedEntries = entries.length > 0 ? entries : NONE;
  }
  return cachedEntries;
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === RECENT_REGISTRIES_KEY) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot = (): RecentRegistry[] => NONE;

/** The recent registries, kept current when another page or tab changes them. */
export function useRecentRegistries(): RecentRegistry[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
