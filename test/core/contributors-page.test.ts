import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contributorsPage } from '@core/model/contributors-page';
import { CONTRIBUTORS_PAGE_SIZE } from '@core/model/contributors-query';
import type { Gift } from '@core/model/gift';
import type { OfflineGift } from '@core/model/offline-gift';
import type { ThankYouNote } from '@core/model/thank-you-note';
import { givenAt } from '@core/model/received-gift';
import { InMemoryTypedAddressBudget } from '../../adapters/in-memory/in-memory-typed-address-budget';
import { aCharity, aNewGift, aNewRegistry, aNewUser } from '../support/builders';
import { thankYouWorld } from '../support/thank-you-world';

const card = { templateId: 'warm', customMessage: 'Todah rabah!', imageUrls: [], imageSize: 'medium' } as const;

describe('a page of the contributors', () => {
  it('gives the owner a page with its charity and card, and where every card stands whatever the search', async () => {
    const { repositories, thankYou, owner } = await thankYouWorld();
    const charity = await repositories.charities.create(aCharity());
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    const gift = (name: string, paymentStatus: Gift['paymentStatus'] = 'succeeded') =>
      repositories.gifts.create(
        aNewGift(registry.id, charity.id, { giftGiverName: name, giftGiverEmail: `${name.toLowerCase()}@example.com`, paymentStatus }),
      );
    const miriam = await gift('Miriam');
    const noam = await gift('Noam');
    const dora = await gift('Dora');
    await gift('Pending', 'pending');
    await gift('Refunded', 'refunded');
    await repositories.offlineGifts.create({
      registryId: registry.id,
      giftGiverName: 'Uncle Ben',
      giftGiverEmail: null,
      amount: 18_000,
      method: 'cash',
      receivedOn: '2026-05-01',
      note: 'In the card box',
    });
    await thankYou.saveNote(owner, { ...card, giftId: miriam.id });
    const sent = await thankYou.saveNote(owner, { ...card, giftId: noam.id });
    await thankYou.sendNote(owner, sent.id, {}, new InMemoryTypedAddressBudget());
    const bounced = await thankYou.saveNote(owner, { ...card, giftId: dora.id });
    await thankYou.sendNote(owner, bounced.id, {}, new InMemoryTypedAddressBudget());
    repositories.thankYouNotes.rows.set(bounced.id, { ...repositories.thankYouNotes.rows.get(bounced.id)!, notDeliveredAt: new Date() });

    const progress = { contributors: 4, sent: 1, draft: 1, notDelivered: 1, noCard: 1 };
    const page = await thankYou.pageContributors(owner, registry.id, { q: 'NOAM@' });
    expect(page).toMatchObject({ query: { q: 'NOAM@', page: 1 }, matching: 1, pageCount: 1, progress });
    expect(page.contributors).toEqual([
      {
        gift: expect.objectContaining({ id: noam.id, byHand: false }),
        charity: expect.objectContaining({ id: charity.id }),
        note: expect.objectContaining({ status: 'sent' }),
      },
    ]);
    const everyone = await thankYou.pageContributors(owner, registry.id, {});
    expect(everyone.contributors.map((contributor) => contributor.gift.giftGiverName).sort()).toEqual([
      'Dora',
      'Miriam',
      'Noam',
      'Uncle Ben',
    ]);
    expect(everyone.contributors.find((contributor) => contributor.gift.byHand)).toMatchObject({ charity: null, note: null });
    // The whole list, as the spec's call answers it, holds the same contributors (gifts of one millisecond may come in another order).
    const ids = (contributors: { gift: { id: string } }[]) => contributors.map((contributor) => contributor.gift.id).sort();
    expect(ids(await thankYou.listContributors(owner, registry.id))).toEqual(ids(everyone.contributors));
  });

  it('refuses a stranger before reading the query, and a bad query with the field it names', async () => {
    const { repositories, thankYou, owner } = await thankYouWorld();
    const stranger = await repositories.users.create(aNewUser({ username: 'stranger' }));
    const registry = await repositories.registries.create(aNewRegistry(owner.id));
    await expect(thankYou.pageContributors(stranger, registry.id, { page: '1' })).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(thankYou.pageContributors(stranger, registry.id, { page: 'x' })).rejects.toMatchObject({ code: 'registry.forbidden' });
    await expect(thankYou.pageContributors(null, registry.id, { page: '1' })).rejects.toMatchObject({ code: 'auth.required' });
    await expect(thankYou.pageContributors(owner, 'no-such-registry', {})).rejects.toMatchObject({ code: 'registry.not_found' });
    for (const [query, field] of [
      [{ page: '0' }, 'page'],
      [{ page: ['1', '2'] }, 'page'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ order: 'asc' }, 'order'],
    ] as const)
      await expect(thankYou.pageContributors(owner, registry.id, query)).rejects.toMatchObject({
        code: 'validation.failed',
        fields: { [field]: expect.any(String) },
      });
  });
});

const day = fc.integer({ min: 0, max: 40 }).map((offset) => new Date(Date.UTC(2026, 4, 1 + offset, 12)));
const online = fc.record({
  id: fc.uuid(),
  createdAt: day,
  paymentStatus: fc.constantFrom('succeeded', 'succeeded', 'pending', 'refunded' as const),
  giftGiverName: fc.constantFrom('Noam', 'José', 'jose', 'Dora'),
});
const byHand = fc.record({
  id: fc.uuid(),
  receivedOn: day.map((date) => date.toISOString().slice(0, 10)),
  giftGiverName: fc.constantFrom('Ben', 'Josée'),
});

describe('contributorsPage', () => {
  it('cuts every contributor into pages, newest first, each once, the counts adding up to them all', () => {
    fc.assert(
      fc.property(
        fc.array(online, { maxLength: 130 }),
        fc.array(byHand, { maxLength: 30 }),
        fc.constantFrom('', 'jose', 'BEN', 'zzz'),
        (gifts, offline, q) => {
          const paid = gifts.map((gift) => ({ ...aNewGift('r', 'c', gift), id: gift.id, createdAt: gift.createdAt }) as Gift);
          const hand = offline.map(
            (gift) => ({ ...gift, registryId: 'r', giftGiverEmail: null, amount: 100, method: 'cash', note: null }) as OfflineGift,
          );
          const notes = paid
            .slice(0, 7)
            .map((gift, index) => ({ giftId: gift.id, status: index % 2 ? 'sent' : 'draft', notDeliveredAt: null }) as ThankYouNote);
          const first = contributorsPage(paid, hand, notes, { q, page: 1 });
          const pages = Array.from({ length: Math.ceil(first.matching / CONTRIBUTORS_PAGE_SIZE) + 1 }, (_, index) =>
            contributorsPage(paid, hand, notes, { q, page: index + 1 }),
          );
          const shown = pages.flatMap((page) => page.gifts);
          expect(pages.at(-1)!.gifts).toEqual([]);
          expect(new Set(shown.map((gift) => gift.id)).size).toBe(first.matching);
          for (let index = 1; index < shown.length; index += 1) expect(givenAt(shown[index - 1]!) >= givenAt(shown[index]!)).toBe(true);
          const everyone = paid.filter((gift) => gift.paymentStatus === 'succeeded').length + hand.length;
          if (q === '') expect(first.matching).toBe(everyone);
          const { contributors, sent, draft, notDelivered, noCard } = first.progress;
          expect(contributors).toBe(everyone);
          expect(sent + draft + notDelivered + noCard).toBe(everyone);
        },
      ),
    );
  });
});
