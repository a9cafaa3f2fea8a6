import { describe, expect, it } from 'vitest';
import { aNewRegistry, aNewUser } from '../support/builders';
import { payoutWorld } from '../support/payout-world';

async function world() {
  const { repositories, gateway, clock, payouts, owner } = await payoutWorld();
  const fresh = async () => (await repositories.users.findById(owner.id))!;
  return { repositories, gateway, clock, owner, payouts, fresh };
}

describe('the owner’s payment account', () => {
  it('answers no account before one is created, and needs a signed-in user', async () => {
    const w = await world();
    expect(await w.payouts.accountStatus(w.owner)).toEqual({
      accountId: null,
      payoutsEnabled: false,
      requirementsDue: [],
      country: null,
    });
    await expect(w.payouts.accountStatus(null)).rejects.toMatchObject({ code: 'auth.required' });
    await expect(w.payouts.createAccount(null, { country: 'US' })).rejects.toMatchObject({ code: 'auth.required' });
  });

  it('opens one account per user and reuses it, even when asked twice at once', async () => {
    const w = await world();
    const [first, second] = await Promise.all([
      w.payouts.createAccount(w.owner, { country: 'CA' }),
      w.payouts.createAccount(w.owner, { country: 'CA' }),
    ]);
    expect(first).toMatchObject({ payoutsEnabled: false, country: 'CA' });
    expect(second.accountId).toBe(first.accountId);
    expect(w.gateway.accounts.size).toBe(1);
    expect(w.gateway.accounts.get(first.accountId!)).toMatchObject({
      email: 'rachel@example.com',
      idempotencyKey: `connect-account-${w.owner.id}`,
    });
    const again = await w.payouts.createAccount(await w.fresh(), { country: 'US' });
    expect(again.accountId).toBe(first.accountId);
    expect(await w.fresh()).toMatchObject({
      payoutAccountId: first.accountId,
      payoutAccountStatus: 'pending',
      payoutAccountOnboardedAt: null,
    });
  });

  it('refuses a country other than US or CA, and unknown fields', async () => {
    const w = await world();
    await expect(w.payouts.createAccount(w.owner, { country: 'FR' })).rejects.toMatchObject({
      code: 'validation.failed',
      fields: { country: 'Country must be US or CA' },
    });
    await expect(w.payouts.createAccount(w.owner, {})).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(w.payouts.createAccount(w.owner, { country: 'US', accountNumber: '000123456789' })).rejects.toMatchObject({
      message: 'Unknown field: accountNumber',
    });
    expect(w.gateway.accounts.size).toBe(0);
  });

  it('mirrors verification onto the user when the provider reports it, and remembers when it first happened', async () => {
    const w = await world();
    const created = await w.payouts.createAccount(w.owner, { country: 'US' });
    w.gateway.verify(created.accountId!);
    expect(await w.payouts.accountStatus(await w.fresh())).toMatchObject({ payoutsEnabled: true, requirementsDue: [] });
    expect(await w.fresh()).toMatchObject({ payoutAccountStatus: 'verified', payoutAccountOnboardedAt: w.clock.now() });
  });

  it('gives a fresh onboarding link each time that brings the owner back to their registry', async () => {
    const w = await world();
    const registry = await w.repositories.registries.create(aNewRegistry(w.owner.id));
    await expect(w.payouts.onboardingLink(w.owner, { registryId: registry.id })).rejects.toMatchObject({ code: 'connect.no_account' });
    await w.payouts.createAccount(w.owner, { country: 'US' });
    const owner = await w.fresh();
    const first = await w.payouts.onboardingLink(owner, { registryId: registry.id });
    const second = await w.payouts.onboardingLink(owner, {});
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
    await expect(w.payouts.onboardingLink(stranger, { registryId: registry.id })).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(w.payouts.onboardingLink(owner, { registryId: 'not-an-id' })).rejects.toMatchObject({ code: 'validation.failed' });
    await expect(w.payouts.onboardingLink(owner, { returnUrl: 'https://evil.example' })).rejects.toMatchObject({
      code: 'validation.failed',
    });
  });

  it('turns a provider that does not answer into a clear try-again', async () => {
    const w = await world();
    w.gateway.down = true;
    await expect(w.payouts.createAccount(w.owner, { country: 'US' })).rejects.toMatchObject({
      code: 'payment.unavailable',
      message: 'Failed to create payment account. Please try again.',
    });
    expect((await w.fresh()).payoutAccountId).toBeNull();
  });
});
