import { expect } from 'vitest';
import { signedIn } from './accounts';
import { HttpClient } from './http-client';
import type { TestServer } from './test-server';

/** A create-registry body as the web form sends it (donor-choice by default). */
export function aRegistryBody(overrides: Record<string, unknown> = {}) {
  return {
    childName: 'Sarah Cohen',
    celebrationDate: '2027-05-16T00:00:00.000Z',
    currency: 'USD',
    personalMessage: 'Thank you for celebrating with us!',
    photoUrl: null,
    preferredCharityId: '',
    allowCharityChoice: true,
    ...overrides,
  };
}

/** A new account with one open registry. */
export async function openRegistry(server: TestServer, overrides: Record<string, unknown> = {}, account: { firstName?: string } = {}) {
  const owner = await signedIn(server, account);
  const response = await owner.client.post('/api/registries', aRegistryBody(overrides));
  expect(response.status, response.text).toBe(201);
  return { owner, registry: response.json as unknown as { id: string; shortCode: string } & Record<string, unknown> };
}

/** A guest with no account gives through the sandbox's test card, as the checkout does, and the payment succeeds. */
export async function paidGiftThroughSandbox(
  server: TestServer,
  gift: { registryId: string; charityId: string; name: string; amount: number },
): Promise<void> {
  const guest = new HttpClient(server.url);
  const intent = await guest.post('/api/create-payment-intent', {
    registryId: gift.registryId,
    charityId: gift.charityId,
    giftGiverName: gift.name,
    giftGiverEmail: `${gift.name.toLowerCase()}@example.com`,
    amount: gift.amount,
    personalMessage: '',
  });
  expect(intent.status, intent.text).toBe(201);
  const confirmed = await guest.post('/api/sandbox/confirm', { clientSecret: intent.json.clientSecret, cardNumber: '4242424242424242' });
  expect(confirmed.status, confirmed.text).toBeLessThan(300);
}
