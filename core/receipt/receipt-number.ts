/** A receipt's number: MG, its year and its place in that year's sequence, six digits (MG-2026-000042). */
export function receiptNumber(year: number, sequence: number): string {
  return `MG-${year}-${String(sequence).padStart(6, '0')}`;
}

/** The year a receipt issued on this day (YYYY-MM-DD) is numbered in. */
export function receiptYear(issuedOn: string): number {
  return Number(issuedOn.slice(0, 4));
}
