import useSWR from 'swr';

/** GET /api/config: what the browser needs to know about the server's set-up. */
export interface AppConfig {
  paymentProvider: 'sandbox' | 'stripe';
  stripePublishableKey: string | null;
  supportEmail: string;
  supportPhone: string;
}

export const CONFIG_KEY = '/api/config';

export function useConfig() {
  const { data, error, isLoading } = useSWR<AppConfig>(CONFIG_KEY);
  return { config: data, error: error as unknown, isLoading };
}
