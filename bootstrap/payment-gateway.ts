import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { PaymentNotices } from '@core/ports/payment-notices';
import type { SandboxPayments } from '@core/ports/sandbox-payments';
import type { SandboxAccountStore } from '@core/ports/sandbox-account-store';
import type { SandboxBalance } from '@core/ports/sandbox-balance';
import { SandboxPaymentGateway } from '../adapters/payments/sandbox/sandbox-payment-gateway';
import type { ProviderKeyCheck } from '../adapters/payments/stripe/stripe-key-check';
import type { Logger } from '../adapters/http/logger';
import type { AppConfig } from './config';

export interface SandboxDisputeDelays {
  disputeAfterMs?: number;
  decideAfterMs?: number;
}

export interface Payments {
  gateway: PaymentGateway;
  sandbox: (PaymentGateway & SandboxPayments) | null;
  /** Stripe's webhooks, when Stripe is the provider. */
  stripeWebhook: PaymentNotices | null;
  /** One call with the configured keys, where the provider allows one (the sandbox has none). */
  checkKeys: () => Promise<ProviderKeyCheck>;
}

/**
 * Stripe when configured (its SDK loaded only then), the sandbox otherwise. The sandbox signs its
 * client secrets and onboarding links with the secret, and keeps its connected accounts and its
 * balance's record in the database (which Stripe does not need).
 */
export async function createPayments(
  config: AppConfig,
  secret: string,
  sandboxAccounts: SandboxAccountStore,
  sandboxBalance: SandboxBalance,
  /** How long the sandbox's card issuer takes to dispute and to decide (a few seconds unless given). */
  sandboxDisputeDelays: SandboxDisputeDelays = {},
): Promise<Payments> {
  if (config.payments.provider === 'stripe') {
    const { StripePaymentGateway, createStripeClient } = await import('../adapters/payments/stripe/stripe-payment-gateway');
    const { StripePaymentNotices } = await import('../adapters/payments/stripe/stripe-webhook');
    const { checkStripeKey } = await import('../adapters/payments/stripe/stripe-key-check');
    const stripe = createStripeClient(config.payments.secretKey);
    return {
      gateway: new StripePaymentGateway({ secretKey: config.payments.secretKey, stripe }),
      sandbox: null,
      stripeWebhook: new StripePaymentNotices({ stripe, webhookSecret: config.payments.webhookSecret }),
      checkKeys: () => checkStripeKey(stripe),
    };
  }
  const sandbox = new SandboxPaymentGateway({
    secret,
    accounts: sandboxAccounts,
    balance: sandboxBalance,
    appUrl: config.publicUrl,
    transferDelayMs: config.payments.transferDelayMs,
    ...sandboxDisputeDelays,
  });
  return { gateway: sandbox, sandbox, stripeWebhook: null, checkKeys: async () => ({ outcome: 'ok' }) };
}

export class ProviderKeyRejected extends Error {
  constructor(cause: unknown) {
    super(
      'The payment provider refused the configured secret key (STRIPE_SECRET_KEY): check it in the Stripe dashboard; this instance does not start in production with a key that cannot take a payment',
      { cause },
    );
    this.name = 'ProviderKeyRejected';
  }
}

/**
 * The provider's keys, tried once at start. A key the provider refuses will fail every payment, so
 * production refuses to start on it (a rollout stops at its first instance while the old ones
 * keep serving); a provider that does not answer is logged and the start goes on, since refusing
 * then would turn the provider's outage into ours, every restarted instance with it.
 */
export async function verifyProviderKeys(payments: Payments, production: boolean, logger: Logger): Promise<void> {
  const check = await payments.checkKeys();
  if (check.outcome === 'ok') return;
  if (check.outcome === 'rejected' && production) throw new ProviderKeyRejected(check.error);
  const message =
    check.outcome === 'rejected'
      ? 'the payment provider refused the configured secret key (STRIPE_SECRET_KEY): every payment will fail'
      : 'the payment provider did not answer the start-up check of its keys; starting anyway';
  logger.error({ err: check.error, provider: 'stripe' }, message);
}
