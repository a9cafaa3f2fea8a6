import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiFetch } from '@/lib/api-fetch';
import { useRegistryCache } from '@/lib/registry-cache';
import type { OwnerRegistryView } from '@api/registries';
import { registryPath } from '@/lib/use-registry';
import type { BankCountry } from '@/lib/bank-country';
import type { CharityBreakdown, ConnectAccountStatus, PayoutInfoBody, PayoutStatusView, TransferResult } from '@api/payouts';
import type { CloseAnswer } from '@api/payouts';

const ACCOUNT_STATUS_KEY = '/api/connect/account-status';

function payoutStatusPath(registryId: string): string {
  return `${registryPath(registryId)}/payout-status`;
}

function charityBreakdownPath(registryId: string): string {
  return `${registryPath(registryId)}/charity-breakdown`;
}

/** GET /api/connect/account-status: only for an open registry with the bank method chosen (docs/product.md#calls). */
export function useAccountStatus(enabled: boolean) {
  const { data, error, isLoading, isValidating, mutate } = useSWR<ConnectAccountStatus>(enabled ? ACCOUNT_STATUS_KEY : null);
  return { status: data, error: error as unknown, isLoading, isValidating, mutate };
}

/** GET /api/registries/{id}/payout-status: used when the registry is closed or payout_sent. */
export function usePayoutStatus(registryId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<PayoutStatusView>(enabled ? payoutStatusPath(registryId) : null);
  return { payout: data, error: error as unknown, isLoading, mutate };
}

/** GET /api/registries/{id}/charity-breakdown (the owner; any status). */
export function useCharityBreakdown(registryId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<CharityBreakdown>(enabled ? charityBreakdownPath(registryId) : null);
  return { breakdown: data, error: error as unknown, isLoading, mutate };
}

/** POST /api/connect/create-account: CA for a CAD registry, else US. Answers the account's status. */
export function useCreatePaymentAccount() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (country: BankCountry): Promise<ConnectAccountStatus> => {
      const status = await apiFetch<ConnectAccountStatus>('/api/connect/create-account', { method: 'POST', body: { country } });
      await mutate(ACCOUNT_STATUS_KEY, status, { revalidate: false });
      return status;
    },
    [mutate],
  );
}

/** POST /api/connect/onboarding-link: a fresh, single-use link to the provider's onboarding. */
export async function fetchOnboardingUrl(registryId: string): Promise<string | null> {
  const result = await apiFetch<{ url?: unknown } | undefined>('/api/connect/onboarding-link', { method: 'POST', body: { registryId } });
  const url = result?.url;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/**
 * POST /api/connect/account-update-link: a fresh, single-use link to the provider's pages where the
 * owner changes the bank account a refused payout goes to.
 */
export async function fetchAccountUpdateUrl(registryId: string): Promise<string | null> {
  const result = await apiFetch<{ url?: unknown } | undefined>('/api/connect/account-update-link', {
    method: 'POST',
    body: { registryId },
  });
  const url = result?.url;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/** What PUT close answers (api/payouts.ts); read defensively, as an empty answer is tolerated. */
export type CloseResult = Partial<CloseAnswer>;

/**
 * The payout status a registry view implies: after a close (with its transfer result) so the
 * status shows without another call, or until the payout-status call answers.
 */
export function payoutStatusOf(registry: OwnerRegistryView, transferResult?: TransferResult): PayoutStatusView {
  return {
    payoutMethod: registry.payoutMethod,
    payoutAmount: registry.payoutAmount,
    charityPayoutAmount: registry.charityPayoutAmount,
    payoutStatus: registry.payoutStatus,
    closedAt: registry.closedAt,
    payoutSentAt: registry.payoutSentAt,
    transferResult: transferResult ?? null,
    // Only the payout status call answers when a transfer may be tried again, and with follow-ups.
    retryAvailableAt: null,
    followUps: [],
  };
}

/**
 * The owner's payout actions: save the payout details (PUT payout-info) and close the registry
 * (PUT close, which also retries a bank transfer that did not go through). Each puts the registry
 * it got back in the cache and drops the lists that show it.
 */
export function usePayoutActions(registryId: string) {
  const { dropLists, setRegistry, mutate } = useRegistryCache();

  const savePayoutInfo = useCallback(
    async (body: PayoutInfoBody): Promise<OwnerRegistryView> => {
      const saved = await apiFetch<OwnerRegistryView>(`${registryPath(registryId)}/payout-info`, { method: 'PUT', body });
      if (saved && typeof saved === 'object' && 'id' in saved) await setRegistry(registryId, saved);
      return saved;
    },
    [registryId, setRegistry],
  );

  const closeRegistry = useCallback(async (): Promise<CloseResult> => {
    const result = (await apiFetch<CloseResult | undefined>(`${registryPath(registryId)}/close`, { method: 'PUT' })) ?? {};
    const closed = result.registry;
    if (closed) {
      await mutate(payoutStatusPath(registryId), payoutStatusOf(closed, result.transferResult), { revalidate: false });
      await setRegistry(registryId, closed);
    } else {
      await mutate(payoutStatusPath(registryId));
      await mutate((key) => Array.isArray(key) && key[0] === registryPath(registryId));
    }
    await dropLists();
    return result;
  }, [registryId, setRegistry, mutate, dropLists]);

  /** PUT payout-method: a refused bank payout sent by PayPal or a check instead. */
  const switchPayoutMethod = useCallback(
    async (body: PayoutInfoBody): Promise<OwnerRegistryView> => {
      const switched = await apiFetch<OwnerRegistryView>(`${registryPath(registryId)}/payout-method`, { method: 'PUT', body });
      await mutate(payoutStatusPath(registryId));
      if (switched && typeof switched === 'object' && 'id' in switched) await setRegistry(registryId, switched);
      await dropLists();
      return switched;
    },
    [registryId, setRegistry, mutate, dropLists],
  );

  return { savePayoutInfo, closeRegistry, switchPayoutMethod };
}
