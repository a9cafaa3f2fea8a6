import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { PaymentStatus } from '@core/model/gift';
import type { GiftRequest, PaymentIntentAnswer as StartedPayment } from '@api/gifts';
import { apiFetch } from '@/lib/api-fetch';
import { MY_REGISTRIES_KEY } from '@/lib/use-my-registries';
import { registryPath } from '@/lib/use-registry';

/** What POST /api/create-payment-intent answers (api/gifts.ts): amounts are numbers with two decimals. */
export type { PaymentIntentAnswer as StartedPayment, WireBreakdown as PaymentBreakdown } from '@api/gifts';

/** POST /api/create-payment-intent with exactly the spec's fields (amount a number). */
export function createPaymentIntent(gift: GiftRequest): Promise<StartedPayment> {
  return apiFetch<StartedPayment>('/api/create-payment-intent', { method: 'POST', body: gift });
}

/**
 * POST /api/sandbox/confirm: the sandbox's stand-in for the card network. 402 is a decline and
 * 400 a card or payment it does not take; both carry the message to show.
 */
export function confirmSandboxPayment(clientSecret: string, cardNumber: string): Promise<{ status: PaymentStatus }> {
  return apiFetch<{ status: PaymentStatus }>('/api/sandbox/confirm', { method: 'POST', body: { clientSecret, cardNumber } });
}

/**
 * POST /api/payments/reconcile after a payment: the server asks the provider how it went, so a
 * slow webhook never leaves a paid gift pending. Then the registry's views (gift count, totals)
 * are fetched again. Answers the gift's status, or null when the call failed (never throws).
 */
export function useReconcilePayment() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (registryId: string, paymentIntentId: string): Promise<PaymentStatus | null> => {
      let status: PaymentStatus | null = null;
      try {
        const result = await apiFetch<{ status: PaymentStatus }>('/api/payments/reconcile', { method: 'POST', body: { paymentIntentId } });
        status = result?.status ?? null;
      } catch {
        // The webhook records the payment anyway; the giver's screen does not depend on this.
      }
      const path = registryPath(registryId);
      await mutate((key) => key === MY_REGISTRIES_KEY || (Array.isArray(key) && key[0] === path), undefined, { revalidate: true });
      return status;
    },
    [mutate],
  );
}
