import { describe, expect, it } from 'vitest';
import { createInMemoryRepositories } from '../../adapters/in-memory/in-memory-repositories';
import { InMemoryPaymentGateway } from '../../adapters/in-memory/in-memory-payment-gateway';
import { FixedClock } from '../../adapters/in-memory/fixed-clock';
import type { User } from '@core/model/user';
import { connectedAccountStatus, createConnectedAccount, onboardingLink } from '@core/payout/connected-account';
import { aNewRegistry, aNewUser } from '../support/builders';

async function world() {
  const repositories = createInMemoryRepositories();
  const gateway = new InMemoryPaymentGateway();
  const clock = new FixedClock();
  const owner = await repositories.users.create(aNewUser({ username: 'rachel', email: 'rachel@example.com' }));
  const ports = (user: User | null) => ({
    user,
    users: repositories.users,
    gateway,
    clock,
    registries: repositories.registries,
    appUrl: 'https://gifts.example.org',
  });
  const fresh = async () => (await repositories.users.findById(owner.id))!;
  return { repositories, gateway, clock, owner, ports, fresh };
}

describe('the owner’s payment account', () => {
  it('answers no account before one is created, and needs a signed-in user', async () => {
    const w = await world();
    expect(await connectedAccountStatus(w.ports(w.owner))).toEqual({
      accountId: null,
      payoutsEnabled: false,
      requirementsDue: [],
      country: null,
    });
    await expect(connectedAccountStatus(w.ports(null))).rejects.toMatchObject({ code: 'auth.required' });
    await expect(createConnectedAccount({ country: 'US' }, w.ports(null))).rejects.toMatchObject({ code: 'auth.required' });
  });

  it('opens one account per user and reuses it, even when asked twice at once', async () => {
    const w = await world();
    const [first, second] = await Promise.all([
      createConnectedAccount({ country: 'CA' }, w.ports(w.owner)),
      createConnectedAccount({ country: 'CA' }, w.ports(w.owner)),
    ]);
    expect(first).toMatchObject({ payoutsEnabled: false, country: 'CA' });
    expect(second.accountId).toBe(first.accountId);
    expect(w.gateway.accounts.size).toBe(1);
    expect(w.gateway.accounts.get(first.accountId!)).toMatchObject({
      email: 'rachel@example.com',
      idempotencyKey: `connect-account-${w.owner.id}`,
    });
    const again = await createConnectedAccount({ country: 'US' }, w.ports(await w.fresh()));
    expect(again.accountId).toBe(first.accountId);
    expect(await w.fresh()).toMatchObject({
      payoutAccountId: first.accountId,
      payoutAccountStatus: 'pending',
      payoutAccountOnboardedAt: null,
    });
  });

  it('refuses a country other than US or CA, and unknown fields', async () => {
    const w = await world();
    await expect(createConnectedAccount({ country: 'FR' }, w.ports(w.owner))).rejects.toMatchObject({
      code: 'validation.failed',
      fields: { country: 'Country must be US or CA' },
    });
    await expect(createConnectedAccount({}, w.ports(w.owner))).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(createConnectedAccount({ country: 'US', accountNumber: '000123456789' }, w.ports(w.owner))).rejects.toMatchObject({
      message: 'Unknown field: accountNumber',
    });
    expect(w.gateway.accounts.size).toBe(0);
  });

  it('mirrors verification onto the user when the provider reports it, and remembers when it first happened', async () => {
    const w = await world();
    const created = await createConnectedAccount({ country: 'US' }, w.ports(w.owner));
    w.gateway.verify(created.accountId!);
    expect(await connectedAccountStatus(w.ports(await w.fresh()))).toMatchObject({ payoutsEnabled: true, requirementsDue: [] });
    expect(await w.fresh()).toMatchObject({ payoutAccountStatus: 'verified', payoutAccountOnboardedAt: w.clock.now() });
  });

  it('gives a fresh onboarding link each time that brings the owner back to their registry', async () => {
    const w = await world();
    const registry = await w.repositories.registries.create(aNewRegistry(w.owner.id));
    await expect(onboardingLink({ registryId: registry.id }, w.ports(w.owner))).rejects.toMatchObject({ code: 'connect.no_account' });
    await createConnectedAccount({ country: 'US' }, w.ports(w.owner));
    const owner = await w.fresh();
    const first = await onboardingLink({ registryId: registry.id }, w.ports(owner));
    const second = await onboardingLink({}, w.ports(owner));
    expect(first.url).not.toBe(second.url);
    expect(w.gateway.links).toEqual([
      {
        accountId: owner.payoutAccountId,
        returnUrl: `https://gifts.example.org/registry/${registry.id}?connect=return`,
        refreshUrl: `https://gifts.example.org/registry/${registry.id}?connect=refresh`,
      },
      {
        accountId: owner.payoutAccountId,
        returnUrl: 'https://gifts.example.org/?connect=return',
        refreshUrl: 'https://gifts.example.org/?connect=refresh',
      },
    ]);
    const stranger = await w.repositories.users.create(aNewUser({ username: 'stranger', email: 's@example.com' }));
    await expect(onboardingLink({ registryId: registry.id }, w.ports(stranger))).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(onboardingLink({ registryId: 'not-an-id' }, w.ports(owner))).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(onboardingLink({ returnUrl: 'https://evil.example' }, w.ports(owner))).rejects.toMatchObject({
      code: 'validation.failed',
    });
  });

  it('turns a provider that does not answer into a clear try-again', async () => {
    const w = await world();
    w.gateway.down = true;
    await expect(createConnectedAccount({ country: 'US' }, w.ports(w.owner))).rejects.toMatchObject({
      code: 'payment.unavailable',
      message: 'Failed to create payment account. Please try again.',
    });
    expect((await w.fresh()).payoutAccountId).toBeNull();
  });
});
