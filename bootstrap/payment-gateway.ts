import type { PaymentGateway } from '@core/ports/payment-gateway';
import type { PaymentNotices } from '@core/ports/payment-notices';
import type { SandboxPayments } from '@core/ports/sandbox-payments';
import type { SandboxAccountStore } from '@core/ports/sandbox-account-store';
import type { SandboxBalance } from '@core/ports/sandbox-balance';
import { SandboxPaymentGateway } from '../adapters/payments/sandbox/sandbox-payment-gateway';
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
    const stripe = createStripeClient(config.payments.secretKey);
    return {
      gateway: new StripePaymentGateway({ secretKey: config.payments.secretKey, stripe }),
      sandbox: null,
      stripeWebhook: new StripePaymentNotices({ stripe, webhookSecret: config.payments.webhookSecret }),
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
  return { gateway: sandbox, sandbox, stripeWebhook: null };
}
