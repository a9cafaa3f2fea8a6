import { describe, expect, it } from 'vitest';
import { InMemoryTypedAddressBudget } from '../../adapters/in-memory/in-memory-typed-address-budget';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { thankYouWorld } from '../support/thank-you-world';

describe('the thank-you cards’ use cases, built once', () => {
  it('take the acting user on each call, so one caller’s rights never reach the next', async () => {
    const { repositories, thankYou, owner } = await thankYouWorld();
    const stranger = await repositories.users.create(aNewUser({ username: 'stranger' }));
    const charity = await repositories.charities.create(aCharity());
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    const gift = await repositories.gifts.create(
      aNewGift(registry.id, charity.id, { giftGiverEmail: 'miriam@example.com', paymentStatus: 'succeeded' }),
    );
    const card = { giftId: gift.id, templateId: 'warm', customMessage: 'Todah rabah!', imageUrls: [], imageSize: 'medium' };

    await expect(thankYou.listContributors(stranger, registry.id)).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(thankYou.saveNote(stranger, card)).rejects.toMatchObject({ code: 'registry.forbidden' });
    const note = await thankYou.saveNote(owner, card);
    await expect(thankYou.sendNote(null, note.id, {}, new InMemoryTypedAddressBudget())).rejects.toMatchObject({
      code: 'auth.required',
    });
    expect(repositories.mail.queued).toEqual([]);

    await thankYou.sendNote(owner, note.id, {}, new InMemoryTypedAddressBudget());
    expect(repositories.mail.queued.map((mail) => mail.to)).toEqual(['miriam@example.com']);
    const [contributor] = await thankYou.listContributors(owner, registry.id);
    expect(contributor?.note).toMatchObject({ id: note.id, status: 'sent' });
  });
});
