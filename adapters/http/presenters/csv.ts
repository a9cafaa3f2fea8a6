/** A CSV field: quoted when it holds a comma, a quote or a line break; one that a spreadsheet would run as a formula is quoted and led by an apostrophe. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, lines ended by CRLF as RFC 4180 has them. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}
