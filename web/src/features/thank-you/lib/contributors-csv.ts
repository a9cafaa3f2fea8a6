import { format } from 'date-fns';
import { centsToDecimalString } from '@core/money';
import { fileSlug } from '@/lib/file-slug';
import { fromWireAmount } from '@api/amount';
import type { ContributorView } from '@api/thank-you';
import { cardStatus } from './contributors';
import { givenByLabel } from '@/lib/given-by';

const CONTRIBUTORS_CSV_COLUMNS = ['Name', 'Email', 'Amount', 'Given By', 'Date', 'Charity', 'Card Status', 'Personal Message'] as const;

const CSV_LINE_END = '\r\n';

/**
 * A spreadsheet reads a cell that starts with =, +, -, @, a tab or a carriage return as a
 * formula, and some imports first trim spaces or fold full-width signs (＝＋－＠) into plain ones;
 * a giver's name or message must never run as one (CSV injection). Such a value gets a leading
 * single quote, which spreadsheets show as text.
 */
export function neutraliseFormula(value: string): string {
  return /^\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/.test(value) ? `'${value}` : value;
}

/** One field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csvRow(values: readonly string[]): string {
  return values.map(csvField).join(',');
}

/** yyyy-mm-dd in the owner's time zone, or empty for a date that cannot be read. */
function csvDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'yyyy-MM-dd');
}

/**
 * The registry's contributors as CSV (RFC 4180, CRLF line ends): Name, Email (empty for a gift
 * given by hand without one), Amount (two decimals, in the registry's currency), Given By (Online,
 * or Cash, Check or Other for a gift given by hand), Date, Charity, Card Status (Sent, Draft or
 * No Card) and the giver's Personal Message or the family's note (line breaks kept inside its
 * quoted field).
 */
export function contributorsCsv(contributors: readonly ContributorView[]): string {
  const rows = contributors.map((contributor) =>
    csvRow([
      contributor.giftGiverName,
      contributor.giftGiverEmail ?? '',
      centsToDecimalString(fromWireAmount(contributor.amount)),
      givenByLabel(contributor.givenBy),
      csvDate(contributor.createdAt),
      contributor.charityName ?? '',
      cardStatus(contributor),
      contributor.personalMessage ?? '',
    ]),
  );
  return [csvRow(CONTRIBUTORS_CSV_COLUMNS), ...rows].join(CSV_LINE_END) + CSV_LINE_END;
}

/** "sarah-rose cohen" → "sarah-rose-cohen-contributors.csv". */
export function contributorsCsvFileName(childName: string): string {
  return `${fileSlug(childName)}-contributors.csv`;
}
