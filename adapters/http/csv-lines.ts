import { CsvError, parse } from 'csv-parse/sync';
import type { CsvLine } from '@core/guest/guest-csv';
import { DomainError } from '@core/errors';

/**
 * A CSV file's text split into lines of cells (RFC 4180: quoted cells may hold commas, quotes and
 * line breaks), each with the number of the line it ends on, as a spreadsheet counts them. A file
 * that cannot be split (a quote never closed) is refused with the line where it went wrong.
 */
export function csvLines(text: string): CsvLine[] {
  try {
    const records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: false }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 1;
    const message = `The file cannot be read as CSV near line ${line}: check its quotes (a cell that starts with " must end with ")`;
    throw new DomainError('validation.failed', message, { [`line ${line}`]: message });
  }
}
