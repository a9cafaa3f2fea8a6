import type { Guest } from '../model/guest';

/**
 * The order of the guest list: by name as a person reads it (case and accents aside). Sorting is
 * stable, so among equal names the order the guests came in stays.
 */
export function byGuestName(a: Guest, b: Guest): number {
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}
