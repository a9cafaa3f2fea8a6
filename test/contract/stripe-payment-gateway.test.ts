import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { StripePaymentGateway } from '../../adapters/payments/stripe/stripe-payment-gateway';
import { fakeStripe } from '../adapters/stripe/fake-stripe';
import { recordUnhandledRequests } from '../adapters/stripe/stripe-api';
import { paymentGatewayContract } from './payment-gateway.contract';

const server = setupServer();
const { strict, unhandled } = recordUnhandledRequests();
let stripe: ReturnType<typeof fakeStripe> | undefined;

beforeAll(() => server.listen({ onUnhandledFrame: strict }));
afterEach(() => {
  server.resetHandlers();
  // Nothing may reach the internet, and the fake may not have been asked what it does not model.
  expect(unhandled.splice(0)).toEqual([]);
  expect(stripe?.unmodelled ?? []).toEqual([]);
});
afterAll(() => server.close());

paymentGatewayContract('Stripe (over MSW)', async () => {
  const fake = fakeStripe();
  stripe = fake;
  server.use(...fake.handlers);
  return {
    // As production builds it: its own SDK client, on the fetch HTTP client.
    // Pages of 2, so that listing the balance has to walk several.
    gateway: new StripePaymentGateway({ secretKey: 'sk_test_51GiftRegistryContractKeyNotReal', pageSize: 2 }),
    pay: async ({ id }) => fake.pay(id),
    decline: async ({ id }) => fake.decline(id),
    completeOnboarding: async (accountId) => fake.completeOnboarding(accountId),
    dispute: async ({ id }) => fake.dispute(id),
    settleDisputes: async () => undefined,
    now: () => new Date(),
  };
});
