import { expect } from 'vitest';
import { signedIn } from './accounts';
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
