import useSWR from 'swr';
import type { FinanceReportView } from '@api/finance';
import type { Currency } from '@core/money';

export type { FinanceReportView };

function query(currency: Currency, month: string): string {
  return `currency=${encodeURIComponent(currency)}&month=${encodeURIComponent(month)}`;
}

/** GET /api/admin/finance: the books of one currency and month. */
export function useFinanceReport(currency: Currency, month: string) {
  const { data, error, mutate } = useSWR<FinanceReportView>(`/api/admin/finance?${query(currency, month)}`);
  return { report: data, error: error as unknown, mutate };
}

/** The month's postings as a CSV file: a plain link, so the browser downloads it with the session cookie. */
export function financeExportUrl(currency: Currency, month: string): string {
  return `/api/admin/finance/export?${query(currency, month)}`;
}
