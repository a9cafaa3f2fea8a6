import useSWR from 'swr';
import { apiFetch, isApiError } from '@/lib/api-fetch';
import { ONBOARDING_OUTCOMES, type OnboardingAccount } from '@api/sandbox';

/** The sandbox provider's stand-in for the bank account onboarding. */

export type SandboxOnboardingAccount = OnboardingAccount;

export { ONBOARDING_OUTCOMES };
export type OnboardingOutcome = (typeof ONBOARDING_OUTCOMES)[number];

function onboardingPath(token: string): string {
  return `/api/sandbox/onboarding?token=${encodeURIComponent(token)}`;
}

/** GET /api/sandbox/onboarding?token=…; no call without a token. */
export function useSandboxOnboarding(token: string | null) {
  const { data, error, isLoading, mutate } = useSWR<SandboxOnboardingAccount>(token ? onboardingPath(token) : null);
  return { account: data, error: error as unknown, isLoading, mutate };
}

/** POST /api/sandbox/onboarding: answers where the provider sends the owner back to. */
export async function finishSandboxOnboarding(token: string, outcome: OnboardingOutcome): Promise<string | null> {
  const result = await apiFetch<{ redirectUrl?: unknown } | undefined>('/api/sandbox/onboarding', {
    method: 'POST',
    body: { token, outcome },
  });
  const url = result?.redirectUrl;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/** A used or replaced link (410): its message and where to get a fresh one. */
export interface ExpiredLink {
  message: string;
  refreshUrl: string | null;
}

export function expiredLinkOf(error: unknown): ExpiredLink | null {
  if (!isApiError(error) || error.status !== 410) return null;
  const body = error.body as { refreshUrl?: unknown } | undefined;
  const refreshUrl = typeof body?.refreshUrl === 'string' && body.refreshUrl.trim() !== '' ? body.refreshUrl : null;
  return { message: error.message, refreshUrl };
}
