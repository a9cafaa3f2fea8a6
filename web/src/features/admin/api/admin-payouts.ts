import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type {
  CharityPayoutCompletion,
  CharityPayoutView,
  FailedPayout,
  FailedPayoutRetry,
  ManualPayout,
  ManualPayouts,
  PendingDistribution,
} from '@api/admin';
import type { PayoutInfoBody } from '@api/payouts';
import { apiFetch } from '@/lib/api-fetch';

/** What the admin payout calls answer (api/admin.ts): one pending row per charity and currency. */
export type PendingCharityPayout = PendingDistribution;
export type { CharityPayoutCompletion, CharityPayoutView, FailedPayout, ManualPayout, ManualPayouts };

const PENDING_CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts/pending';
const CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts';
const MANUAL_PAYOUTS_KEY = '/api/admin/manual-payouts';
const FAILED_PAYOUTS_KEY = '/api/admin/failed-payouts';

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

/** POST /api/admin/charity-payouts/{id}/claim or /release: the administrator takes the payout to send it, or gives it back unsent. */
export function changeCharityPayoutClaim(id: string, change: 'claim' | 'release'): Promise<CharityPayoutView> {
  return apiFetch<CharityPayoutView>(`${CHARITY_PAYOUTS_KEY}/${encodeURIComponent(id)}/${change}`, { method: 'POST' });
}

/** POST /api/admin/manual-payouts/{id}/claim or /release: as for a charity payout. */
export function changeManualPayoutClaim(id: string, change: 'claim' | 'release'): Promise<ManualPayout> {
  return apiFetch<ManualPayout>(`${MANUAL_PAYOUTS_KEY}/${encodeURIComponent(id)}/${change}`, { method: 'POST' });
}

/** PATCH /api/admin/manual-payouts/{id}/complete: the family has been paid, with the PayPal transaction id or check number. */
export function completeManualPayout(id: string, completion: { referenceNumber: string }): Promise<ManualPayout> {
  return apiFetch<ManualPayout>(`${MANUAL_PAYOUTS_KEY}/${encodeURIComponent(id)}/complete`, { method: 'PATCH', body: completion });
}

export function useFailedPayouts() {
  const { data, error, isLoading, mutate } = useSWR<FailedPayout[]>(FAILED_PAYOUTS_KEY);
  return { failed: data, error: error as unknown, isLoading, mutate };
}

/** After a retry or a switch, the failed list and the manual list (a switched payout joins it) are asked for again. */
export function useRefreshFailedPayouts() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await Promise.all([mutate(FAILED_PAYOUTS_KEY), mutate(MANUAL_PAYOUTS_KEY)]);
  }, [mutate]);
}

/** POST /api/admin/failed-payouts/{id}/retry: the bank transfer tried again, to the family's account as it is now. */
export function retryFailedPayout(id: string): Promise<FailedPayoutRetry> {
  return apiFetch<FailedPayoutRetry>(`${FAILED_PAYOUTS_KEY}/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

/** PUT /api/admin/failed-payouts/{id}/payout-method: sent by PayPal or a check instead, on the family's word. */
export function switchFailedPayout(id: string, body: PayoutInfoBody): Promise<ManualPayout> {
  return apiFetch<ManualPayout>(`${FAILED_PAYOUTS_KEY}/${encodeURIComponent(id)}/payout-method`, { method: 'PUT', body });
}
