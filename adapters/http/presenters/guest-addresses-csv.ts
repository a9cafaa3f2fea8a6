import type { Guest } from '@core/model/guest';
import { csvText } from './csv';

const HEADINGS = ['Name', 'Street', 'City', 'State or province', 'ZIP or postal code', 'Country'];

/** The guests' postal addresses, one per line as a label or mail merge reads them; a byte order mark first, so spreadsheets read accents. */
export function guestAddressesCsv(guests: readonly Guest[]): string {
  const rows = guests.map((guest) => [
    guest.name,
    guest.street ?? '',
    guest.city ?? '',
    guest.region ?? '',
    guest.postalCode ?? '',
    guest.country ?? '',
  ]);
  return `\uFEFF${csvText([HEADINGS, ...rows])}`;
}
