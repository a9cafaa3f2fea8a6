import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import type { AdminCharityView, CharityDetailsView, DonorListView, DonorView } from '@api/charity-receipts';
import { apiFetch } from '@/lib/api-fetch';

export type { AdminCharityView, CharityDetailsView, DonorListView, DonorView };

const ADMIN_CHARITIES_KEY = '/api/admin/charities';

/** GET /api/admin/charities: every charity with its legal details, by name. */
export function useAdminCharities() {
  const { data, error, mutate } = useSWR<AdminCharityView[]>(ADMIN_CHARITIES_KEY);
  return { charities: data, error: error as unknown, mutate };
}

/** PATCH /api/admin/charities/{id}: the charity's details, all at once; the list is asked for again after. */
export function useUpdateCharityDetails() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, details: CharityDetailsView) => {
      const charity = await apiFetch<AdminCharityView>(`${ADMIN_CHARITIES_KEY}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: details,
      });
      await mutate(ADMIN_CHARITIES_KEY);
      return charity;
    },
    [mutate],
  );
}

const donorsPath = (payoutId: string) => `/api/admin/charity-payouts/${encodeURIComponent(payoutId)}/donors`;

/** GET /api/admin/charity-payouts/{id}/donors, once the administrator opens the list (null key until then). */
export function useDonorList(payoutId: string | null) {
  const { data, error, mutate } = useSWR<DonorListView>(payoutId ? donorsPath(payoutId) : null);
  return { list: data, error: error as unknown, mutate };
}

/** The same list as a CSV file, for the charity's records. */
export function donorsCsvUrl(payoutId: string): string {
  return `${donorsPath(payoutId)}.csv`;
}
