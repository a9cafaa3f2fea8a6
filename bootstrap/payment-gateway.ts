import type { PaymentGateway } from '../core/ports/payment-gateway';
import { SandboxPaymentGateway } from '../adapters/payments/sandbox/sandbox-payment-gateway';
import type { AppConfig } from './config';

/** The sandbox until Stripe is configured. */
export function createPaymentGateway(config: AppConfig, secret: string): { gateway: PaymentGateway; sandbox: SandboxPaymentGateway | null } {
  if (config.payments.provider === 'stripe') {
    throw new Error('Stripe payments are configured but this version does not include the Stripe adapter yet; unset the STRIPE_* variables to use the sandbox');
  }
  const sandbox = new SandboxPaymentGateway(secret);
  return { gateway: sandbox, sandbox };
}
