import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CharityPayoutCompletion, CharityPayoutView, ManualPayout, ManualPayouts, PendingDistribution } from '@api/admin';
import { apiFetch } from '../../../lib/api-fetch';

/** What the admin payout calls answer (api/admin.ts): one pending row per charity and currency. */
export type PendingCharityPayout = PendingDistribution;
export type { CharityPayoutCompletion, CharityPayoutView, ManualPayout, ManualPayouts };

const PENDING_CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts/pending';
const CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts';
const MANUAL_PAYOUTS_KEY = '/api/admin/manual-payouts';

export function usePendingCharityPayouts() {
  const { data, error, isLoading, mutate } = useSWR<PendingCharityPayout[]>(PENDING_CHARITY_PAYOUTS_KEY);
  return { pending: data, error: error as unknown, isLoading, mutate };
}

export function useCharityPayoutHistory() {
  const { data, error, isLoading, mutate } = useSWR<CharityPayoutView[]>(CHARITY_PAYOUTS_KEY);
  return { history: data, error: error as unknown, isLoading, mutate };
}

export function useManualPayouts() {
  const { data, error, isLoading, mutate } = useSWR<ManualPayouts>(MANUAL_PAYOUTS_KEY);
  return { payouts: data, error: error as unknown, isLoading, mutate };
}

/** Both charity payout lists are asked for again after a change. */
export function useRefreshCharityPayouts() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([mutate(PENDING_CHARITY_PAYOUTS_KEY), mutate(CHARITY_PAYOUTS_KEY)]);
  }, [mutate]);
}

/** PATCH /api/admin/charity-payouts/{id}/status: recorded as completed, with how it was paid. */
export function completeCharityPayout(id: string, completion: CharityPayoutCompletion): Promise<CharityPayoutView> {
  return apiFetch<CharityPayoutView>(`${CHARITY_PAYOUTS_KEY}/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status: 'completed', ...completion },
  });
}

/** PATCH /api/admin/manual-payouts/{id}/complete (no body): the family has been paid. */
export function completeManualPayout(id: string): Promise<ManualPayout> {
  return apiFetch<ManualPayout>(`${MANUAL_PAYOUTS_KEY}/${encodeURIComponent(id)}/complete`, { method: 'PATCH' });
}
