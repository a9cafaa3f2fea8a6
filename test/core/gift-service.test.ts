import { describe, expect, it } from 'vitest';
import { giftWorld } from '../support/gift-world';

describe('the gifts’ use cases, built once', () => {
  it('take the acting user on each call, so one caller’s rights never reach the next', async () => {
    const { repositories, gifts, owner, registry, aUser, give } = await giftWorld();
    const stranger = await aUser('stranger');
    const { gift, paymentIntentId } = await give(5_000);
    expect(await gifts.reconcile(paymentIntentId)).toMatchObject({ status: 'succeeded' });

    await expect(gifts.list(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(gifts.viewList(null, registry.id, {})).rejects.toMatchObject({ code: 'auth.required' });
    await expect(gifts.refund(stranger, gift.id, { reason: 'Sent twice' })).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(gifts.refundAtPlatformCost(owner, gift.id, { reason: 'Sent twice' })).rejects.toMatchObject({
      code: 'auth.forbidden',
    });
    expect((await repositories.gifts.findById(gift.id))?.paymentStatus).toBe('succeeded');
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(5_000);

    const { entries } = await gifts.viewList(owner, registry.id, {});
    expect(entries.map((entry) => [entry.gift.id, entry.refundable])).toEqual([[gift.id, true]]);
    expect(await gifts.refund(owner, gift.id, { reason: 'Sent twice' })).toMatchObject({ id: gift.id, paymentStatus: 'refunded' });
    expect((await gifts.list(owner, registry.id)).map((each) => [each.id, each.paymentStatus])).toEqual([[gift.id, 'refunded']]);
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(0);
  });
});
