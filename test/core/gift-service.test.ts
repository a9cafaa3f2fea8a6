import { describe, expect, it } from 'vitest';
import { totalCharged } from '@core/gift/record-payment';
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

  it('record the provider’s reports with no acting user: a payment credited once, a refund made at the provider', async () => {
    const { repositories, gifts, registry, give } = await giftWorld();
    const { gift, paymentIntentId } = await give(5_000);
    const report = { paymentIntentId, amount: totalCharged(gift), currency: gift.currency };
    expect(await gifts.recordPaymentSucceeded(report)).toMatchObject({
      kind: 'credited',
      gift: { id: gift.id, paymentStatus: 'succeeded' },
    });
    expect(await gifts.recordPaymentSucceeded(report)).toMatchObject({ kind: 'already-settled' });
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(5_000);

    const charged = totalCharged(gift);
    expect(await gifts.recordRefundAtProvider({ paymentIntentId, charged, refunded: charged })).toMatchObject({
      kind: 'recorded',
      gift: { id: gift.id, paymentStatus: 'refunded' },
    });
    expect((await repositories.registries.findById(registry.id))?.totalReceived).toBe(0);
    expect(await gifts.recordPaymentFailed({ paymentIntentId })).toMatchObject({ kind: 'already-settled' });
  });

  it('tell a payment whose gift expired unpaid from any other, and from one that is not ours', async () => {
    const { repositories, gifts, give } = await giftWorld();
    const [expired, failed, pending] = [await give(5_000), await give(3_000), await give(2_000)];
    await repositories.gifts.settleUnpaid(expired.gift.id, expired.paymentIntentId, 'expired');
    expect(await gifts.recordPaymentFailed({ paymentIntentId: failed.paymentIntentId })).toMatchObject({ kind: 'failed' });

    expect(await gifts.expiredUnpaid(expired.paymentIntentId)).toBe(true);
    expect(await gifts.expiredUnpaid(failed.paymentIntentId)).toBe(false);
    expect(await gifts.expiredUnpaid(pending.paymentIntentId)).toBe(false);
    expect(await gifts.expiredUnpaid('pi_not_ours')).toBe(false);
  });
});
