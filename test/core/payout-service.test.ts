import { describe, expect, it } from 'vitest';
import { aCheckPayout, aNewRegistry, aNewUser } from '../support/builders';
import { payoutWorld } from '../support/payout-world';

const CHECK = aCheckPayout();

describe('the family’s payouts, built once', () => {
  it('take the acting user on each call: a stranger changes nothing, then the owner’s choice and closing show', async () => {
    const { repositories, payouts, owner } = await payoutWorld();
    const stranger = await repositories.users.create(aNewUser({ username: 'stranger', email: 'stranger@example.com' }));
    const registry = await repositories.registries.create(aNewRegistry(owner.id));

    await expect(payouts.savePayoutInfo(stranger, registry.id, CHECK)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(payouts.close(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(payouts.status(null, registry.id)).rejects.toMatchObject({ code: 'auth.required' });
    await expect(payouts.accountStatus(null)).rejects.toMatchObject({ code: 'auth.required' });
    expect(await repositories.registries.findById(registry.id)).toEqual(registry);

    await payouts.savePayoutInfo(owner, registry.id, CHECK);
    const { registry: closed } = await payouts.close(owner, registry.id);
    expect(closed).toMatchObject({ status: 'payout_sent', payoutMethod: 'check', mailingName: 'Rachel Cohen' });
    expect(await payouts.status(owner, registry.id)).toMatchObject({ registry: { id: registry.id, status: 'payout_sent' }, followUps: [] });
    await expect(payouts.status(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
  });
});
