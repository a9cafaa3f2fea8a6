import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import { InMemorySandboxAccountStore } from '../../adapters/in-memory/in-memory-sandbox-account-store';
import { InMemorySandboxBalance } from '../../adapters/in-memory/in-memory-sandbox-balance';
import { SandboxPaymentGateway } from '../../adapters/payments/sandbox/sandbox-payment-gateway';
import { paymentGatewayContract } from './payment-gateway.contract';

// The account store under the sandbox passes its own contract on the database; the fake will do here.
paymentGatewayContract('sandbox', async () => {
  const clock = new FixedClock();
  const gateway = new SandboxPaymentGateway({
    secret: 'sandbox-contract-secret-0123456789',
    accounts: new InMemorySandboxAccountStore(),
    // The database's record passes its own contract (sandbox-balance.contract.ts); the fake will do here.
    balance: new InMemorySandboxBalance(),
    appUrl: 'https://gifts.example',
    clock,
    disputeAfterMs: 0,
    decideAfterMs: 0,
  });
  // What the sandbox's card form and onboarding page do (adapters/payments/sandbox/sandbox-routes.ts).
  const settle =
    (status: 'succeeded' | 'failed') =>
    async ({ clientSecret }: { clientSecret: string }) => {
      const intent = gateway.intentOf(clientSecret);
      if (!intent) throw new Error('the sandbox did not sign this client secret');
      await gateway.markSettled(intent.id, status);
    };
  return {
    gateway,
    pay: settle('succeeded'),
    decline: settle('failed'),
    // What the dispute card does a few seconds after its payment.
    async dispute({ clientSecret }) {
      const intent = gateway.intentOf(clientSecret);
      if (!intent) throw new Error('the sandbox did not sign this client secret');
      return gateway.disputes.open(intent).disputeId;
    },
    settleDisputes: () => gateway.disputes.settled(),
    now: () => clock.now(),
    async completeOnboarding(accountId) {
      const link = new URL(
        await gateway.createOnboardingLink({
          accountId,
          returnUrl: 'https://gifts.example/back',
          refreshUrl: 'https://gifts.example/again',
        }),
      );
      const completed = await gateway.completeOnboarding(link.searchParams.get('token') ?? '', 'verified');
      if (completed.status !== 'completed') throw new Error(`onboarding did not complete: ${completed.status}`);
    },
  };
});
