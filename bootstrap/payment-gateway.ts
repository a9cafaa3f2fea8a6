import type Stripe from 'stripe';
import type { PaymentGateway } from '../core/ports/payment-gateway';
import { SandboxPaymentGateway } from '../adapters/payments/sandbox/sandbox-payment-gateway';
import type { AppConfig } from './config';

export interface Payments {
  gateway: PaymentGateway;
  sandbox: SandboxPaymentGateway | null;
  stripeWebhook: { stripe: Stripe; webhookSecret: string } | null;
}

/** Stripe when configured (its SDK loaded only then), the sandbox otherwise. */
export async function createPayments(config: AppConfig, secret: string): Promise<Payments> {
  if (config.payments.provider === 'stripe') {
    const { StripePaymentGateway, createStripeClient } = await import('../adapters/payments/stripe/stripe-payment-gateway');
    const stripe = createStripeClient(config.payments.secretKey);
    return {
      gateway: new StripePaymentGateway({ secretKey: config.payments.secretKey, stripe }),
      sandbox: null,
      stripeWebhook: { stripe, webhookSecret: config.payments.webhookSecret },
    };
  }
  const sandbox = new SandboxPaymentGateway(secret);
  return { gateway: sandbox, sandbox, stripeWebhook: null };
}
