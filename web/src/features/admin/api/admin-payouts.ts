import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { Currency } from '../../../../../core/money';
import type { CharityPayoutView } from '../../../../../core/payout/charity-payout';
import type { PayoutDetailsView } from '../../../../../core/payout/payout-details-view';
import { apiFetch } from '../../../lib/api-fetch';

/** What the admin payout calls answer (scratch/payout-api.md): amounts are numbers, dates ISO strings. */

/** GET /api/admin/charity-payouts/pending: one row per charity and currency. */
export interface PendingCharityPayout {
  payoutId: string;
  charityId: string;
  charityName: string;
  currency: Currency;
  totalAmount: number;
  giftCount: number;
}

/** GET /api/admin/charity-payouts, newest first (and what the status change answers). */
export type { CharityPayoutView } from '../../../../../core/payout/charity-payout';

export interface CharityPayoutCompletion {
  paymentMethod: string;
  referenceNumber: string;
  notes: string | null;
  /** The amount the administrator saw: refused (409) if the payout grew since. */
  expectedAmount: number;
}

/** A family's payout by PayPal or check, sent by hand (GET /api/admin/manual-payouts). */
export interface ManualPayout extends Omit<PayoutDetailsView, 'payoutMethod'> {
  id: string;
  childName: string;
  shortCode: string;
  payoutMethod: 'paypal' | 'check';
  currency: Currency;
  totalReceived: number;
  ownerEmail: string | null;
}

export interface ManualPayouts {
  pending: ManualPayout[];
  completed: ManualPayout[];
}

export const PENDING_CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts/pending';
export const CHARITY_PAYOUTS_KEY = '/api/admin/charity-payouts';
export const MANUAL_PAYOUTS_KEY = '/api/admin/manual-payouts';

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
