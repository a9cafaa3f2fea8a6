import useSWR from 'swr';
import type { DisputeView } from '@api/disputes';
import { apiFetch } from '@/lib/api-fetch';

export type { DisputeView };

const DISPUTES_KEY = '/api/admin/disputes';

/** Every dispute, newest first; asked for again every half minute, since a provider's decision arrives on its own. */
export function useDisputes() {
  const { data, error, isLoading, mutate } = useSWR<DisputeView[]>(DISPUTES_KEY, { refreshInterval: 30_000 });
  return { disputes: data, error: error as unknown, isLoading, mutate };
}

/** POST /api/admin/disputes/{id}/evidence: text evidence, submitted to the card issuer at once. */
export function submitDisputeEvidence(id: string, evidence: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(`${DISPUTES_KEY}/${encodeURIComponent(id)}/evidence`, { method: 'POST', body: { evidence } });
}

/** POST /api/admin/disputes/{id}/reverse-transfer: the family's part taken back from their bank transfer. */
export function reverseDisputeTransfer(id: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(`${DISPUTES_KEY}/${encodeURIComponent(id)}/reverse-transfer`, { method: 'POST' });
}

/** POST /api/admin/disputes/{id}/follow-up-payout/send: a won dispute's bank follow-up, tried again by its own key. */
export function sendFollowUpTransfer(id: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(`${DISPUTES_KEY}/${encodeURIComponent(id)}/follow-up-payout/send`, { method: 'POST' });
}

/** POST /api/admin/disputes/{id}/follow-up-payout/claim or /release: as for a manual family payout. */
export function changeFollowUpClaim(id: string, change: 'claim' | 'release'): Promise<DisputeView> {
  return apiFetch<DisputeView>(`${DISPUTES_KEY}/${encodeURIComponent(id)}/follow-up-payout/${change}`, { method: 'POST' });
}

/** POST /api/admin/disputes/{id}/follow-up-payout/complete: a PayPal or check follow-up recorded as sent. */
export function completeFollowUpPayout(id: string, reference: string): Promise<DisputeView> {
  return apiFetch<DisputeView>(`${DISPUTES_KEY}/${encodeURIComponent(id)}/follow-up-payout/complete`, {
    method: 'POST',
    body: { reference },
  });
}
