import { DomainError, type FieldErrors } from '../errors';
import { GUEST_CSV_HEADINGS, type GuestDetails } from '../model/guest';
import { guestDetails, mergedGuest } from './guest-details';
import { GUEST_FIELDS } from './guest-schemas';

/** One line of a CSV file as the reader split it: its number in the file (from 1) and its cells. */
export interface CsvLine {
  line: number;
  cells: readonly string[];
}

type GuestField = (typeof GUEST_FIELDS)[number];

/** The column order of a list pasted without a heading line. */
export const GUEST_CSV_COLUMNS: readonly GuestField[] = ['name', 'email', 'partySize', 'street', 'city', 'region', 'postalCode', 'country'];

/** The words a spreadsheet's heading may use for each column, lower-case, spaces and punctuation left out. */
const HEADINGS: Record<string, GuestField> = {
  name: 'name',
  guest: 'name',
  guestname: 'name',
  fullname: 'name',
  household: 'name',
  email: 'email',
  emailaddress: 'email',
  partysize: 'partySize',
  party: 'partySize',
  size: 'partySize',
  people: 'partySize',
  householdsize: 'partySize',
  guests: 'partySize',
  count: 'partySize',
  street: 'street',
  address: 'street',
  streetaddress: 'street',
  address1: 'street',
  addressline1: 'street',
  city: 'city',
  town: 'city',
  state: 'region',
  province: 'region',
  region: 'region',
  stateprovince: 'region',
  zip: 'postalCode',
  zipcode: 'postalCode',
  postalcode: 'postalCode',
  postcode: 'postalCode',
  country: 'country',
};

/** The most bad lines one answer lists; past it the message says how many more there were. */
export const MAX_REPORTED_LINES = 50;

function headingKey(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function isHeading(cells: readonly string[]): boolean {
  return cells.some((cell) => ['name', 'email'].includes(HEADINGS[headingKey(cell)] ?? ''));
}

function lineInput(columns: readonly (GuestField | null)[], cells: readonly string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  columns.forEach((field, index) => {
    const cell = (cells[index] ?? '').trim();
    if (!field || cell === '') return;
    // A party size that is not digits is no number at all, so its message is the field's own.
    input[field] = field === 'partySize' ? (/^\d+$/.test(cell) ? Number(cell) : Number.NaN) : cell;
  });
  return input;
}

/**
 * A pasted or uploaded guest list read into guests, all or nothing: each line that cannot be read
 * is named with its number and why (validation.failed, its fields keyed "line 3"), and lines with
 * the same e-mail become one guest, the later line merged into the earlier. A first line naming
 * the columns sets their order; without one they are GUEST_CSV_COLUMNS. Blank lines are skipped.
 */
export async function guestsFromCsv(lines: readonly CsvLine[]): Promise<GuestDetails[]> {
  const filled = lines.filter((line) => line.cells.some((cell) => cell.trim() !== ''));
  if (filled.length === 0) throw new DomainError('validation.failed', 'The list is empty: put one guest on each line');
  let columns: readonly (GuestField | null)[] = GUEST_CSV_COLUMNS;
  let rows = filled;
  if (isHeading(filled[0]!.cells)) {
    const heading = filled[0]!;
    columns = heading.cells.map((cell) => HEADINGS[headingKey(cell)] ?? null);
    const unknown = heading.cells.filter((cell, index) => cell.trim() !== '' && columns[index] === null);
    // Lines read under wrong columns would only repeat the heading's problem: it is the one named.
    const wrong =
      unknown.length > 0
        ? `Unknown column ${unknown.map((cell) => `“${cell.trim()}”`).join(', ')}: the columns are ${GUEST_CSV_HEADINGS}`
        : !columns.includes('email')
          ? `The first line names the columns and needs an email column: ${GUEST_CSV_HEADINGS}`
          : null;
    if (wrong)
      throw new DomainError(
        'validation.failed',
        `Line ${heading.line}: ${wrong}. Nothing was imported: correct the list and import it again.`,
        { [`line ${heading.line}`]: wrong },
      );
    rows = filled.slice(1);
  }
  const problems: FieldErrors = {};
  const byEmail = new Map<string, GuestDetails>();
  for (const row of rows) {
    if (row.cells.length > columns.length && row.cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
      problems[`line ${row.line}`] = `This line has ${row.cells.length} cells; the columns are ${columns.length}`;
      continue;
    }
    try {
      const guest = await guestDetails(lineInput(columns, row.cells));
      const earlier = byEmail.get(guest.email);
      byEmail.set(guest.email, earlier ? mergedGuest(earlier, guest) : guest);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      problems[`line ${row.line}`] = error.message;
    }
  }
  const bad = Object.keys(problems);
  if (bad.length > 0) {
    const listed = Object.fromEntries(Object.entries(problems).slice(0, MAX_REPORTED_LINES));
    const more = bad.length > MAX_REPORTED_LINES ? ` (the first ${MAX_REPORTED_LINES} are listed)` : '';
    const summary =
      bad.length === 1 ? `${bad[0]!.replace('line', 'Line')}: ${problems[bad[0]!]}` : `${bad.length} lines could not be read${more}`;
    throw new DomainError('validation.failed', `${summary}. Nothing was imported: correct the list and import it again.`, listed);
  }
  if (byEmail.size === 0) throw new DomainError('validation.failed', 'The list has its column names but no guests');
  return [...byEmail.values()];
}
