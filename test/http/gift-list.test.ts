import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_LIST_PAGE_SIZE } from '@core/model/gift-list-query';
import type { PaymentStatus } from '@core/model/gift';
import { splitGift } from '@core/split';
import { aNewGift } from '../support/builders';
import { signedIn, signedInCoOwner } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { openRegistry } from '../support/registries';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let charities: { id: string; name: string }[];

beforeAll(async () => {
  server = await startTestServer();
  charities = (await new HttpClient(server.url).get('/api/charities')).json as unknown as { id: string; name: string }[];
});
afterAll(async () => {
  await server?.close();
});

interface ListedGift {
  id: string;
  giftGiverName: string;
  giftGiverEmail: string;
  amount: number;
  charityName: string | null;
  personalMessage: string | null;
  createdAt: string;
  thankYouStatus: string;
}
interface GiftList {
  gifts: ListedGift[];
  page: number;
  pageCount: number;
  matching: number;
  giftCount: number;
  sort: string;
  order: string;
  q: string;
}

async function addGift(registryId: string, overrides: Parameters<typeof aNewGift>[2] = {}) {
  const split = overrides.amount === undefined ? {} : splitGift(overrides.amount);
  return server.infrastructure.repositories.gifts.create(aNewGift(registryId, charities[0]!.id, { ...split, ...overrides }));
}

const UNPAID: PaymentStatus[] = ['failed', 'expired', 'pending'];

async function list(client: HttpClient, registryId: string, query = '') {
  const response = await client.get(`/api/registries/${registryId}/gift-list${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as unknown as GiftList;
}

describe('GET /api/registries/{id}/gift-list', () => {
  it('shows the owner every paid gift, refunded ones marked so, with giver, e-mail, amount, charity, date, message and thank-you status', async () => {
    const { owner, registry } = await openRegistry(server, { childName: 'Maya Katz', celebrationType: 'bat' });
    const miriam = await addGift(registry.id, {
      giftGiverName: 'Miriam Gold',
      giftGiverEmail: 'miriam.gold@example.com',
      amount: 18_000,
      personalMessage: 'Mazel tov, Maya!\nLove, Miriam',
    });
    await addGift(registry.id, { giftGiverName: 'Noam Levi', amount: 3_600 });
    for (const paymentStatus of UNPAID) await addGift(registry.id, { giftGiverName: `Unpaid ${paymentStatus}`, paymentStatus });
    await addGift(registry.id, { giftGiverName: 'Refunded Giver', amount: 1_000, paymentStatus: 'refunded' });
    const draft = await owner.client.post('/api/thank-you-notes', {
      giftId: miriam.id,
      templateId: 'warm',
      customMessage: 'Thank you!',
      imageUrls: [],
      imageSize: 'medium',
    });
    expect(draft.status, draft.text).toBeLessThan(300);

    const page = await list(owner.client, registry.id, '?sort=amount&order=desc');
    expect(page).toMatchObject({
      page: 1,
      pageCount: 1,
      matching: 3,
      giftCount: 3,
      sort: 'amount',
      order: 'desc',
      q: '',
      childName: 'Maya Katz',
      celebrationType: 'bat',
      currency: 'USD',
    });
    expect(page.gifts).toEqual([
      {
        id: miriam.id,
        giftGiverName: 'Miriam Gold',
        giftGiverEmail: 'miriam.gold@example.com',
        currency: 'USD',
        amount: 180,
        charityId: charities[0]!.id,
        charityName: charities[0]!.name,
        personalMessage: 'Mazel tov, Maya!\nLove, Miriam',
        createdAt: miriam.createdAt.toISOString(),
        givenBy: 'online',
        byHand: null,
        thankYouStatus: 'draft',
        countsInTotals: true,
        paymentStatus: 'succeeded',
        refundable: true,
        refundAmount: (miriam.amount + miriam.platformFee + miriam.cardFee) / 100,
      },
      expect.objectContaining({
        giftGiverName: 'Noam Levi',
        amount: 36,
        thankYouStatus: 'none',
        personalMessage: null,
        paymentStatus: 'succeeded',
      }),
      // A refunded gift stays in the list, marked so, and cannot be refunded again.
      expect.objectContaining({
        giftGiverName: 'Refunded Giver',
        amount: 10,
        paymentStatus: 'refunded',
        refundable: false,
        countsInTotals: false,
      }),
    ]);
    expect(JSON.stringify(page)).not.toMatch(/Unpaid|stripe|paymentIntent|childAmount/);
  });

  it('lets a family with 400 gifts see all of them, a page at a time, and searches and sorts on the server', async () => {
    const { owner, registry } = await openRegistry(server);
    for (let n = 1; n <= 400; n += 1) {
      await addGift(registry.id, {
        giftGiverName: `Guest ${String(n).padStart(3, '0')}`,
        giftGiverEmail: `guest${n}@example.com`,
        amount: n * 100,
        personalMessage: n === 77 ? 'From the Rosen cousins' : null,
      });
    }
    await addGift(registry.id, { giftGiverName: 'Guest Failed', paymentStatus: 'failed' });

    const first = await list(owner.client, registry.id);
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(400 / GIFT_LIST_PAGE_SIZE), giftCount: 400, matching: 400 });
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page += 1) {
      const { gifts } = await list(owner.client, registry.id, `?sort=giver&order=asc&page=${page}`);
      for (const gift of gifts) seen.add(gift.giftGiverName);
      if (page === 1) expect(gifts[0]!.giftGiverName).toBe('Guest 001');
    }
    expect(seen.size).toBe(400);
    expect(seen.has('Guest Failed')).toBe(false);

    expect((await list(owner.client, registry.id, '?sort=amount&order=desc')).gifts[0]).toMatchObject({
      giftGiverName: 'Guest 400',
      amount: 400,
    });
    expect((await list(owner.client, registry.id, '?q=ROSEN')).gifts.map((gift) => gift.giftGiverName)).toEqual(['Guest 077']);
    expect((await list(owner.client, registry.id, '?q=guest12%40example')).gifts.map((gift) => gift.giftGiverName)).toEqual(['Guest 012']);
    expect(await list(owner.client, registry.id, '?q=failed')).toMatchObject({ gifts: [], matching: 0, giftCount: 400 });
    expect((await list(owner.client, registry.id, '?page=99')).gifts).toEqual([]);
  });

  it.each([
    ['?sort=price', 'Sort must be date, amount or giver'],
    ['?order=sideways', 'Order must be asc or desc'],
    ['?page=0', 'Page must be a whole number from 1 to 1000'],
    ['?page=abc', 'Page must be a whole number from 1 to 1000'],
    ['?page=1&page=2', 'Give page once'],
    [`?q=${'x'.repeat(201)}`, 'Search can be at most 200 characters'],
    ['?status=failed', 'Unknown parameter: status'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { owner, registry } = await openRegistry(server);
    const response = await owner.client.get(`/api/registries/${registry.id}/gift-list${query}`);
    expect(response.status).toBe(400);
    expect(response.json.message).toBe(message);
  });

  it('is for the owner and co-owners alone: 401 for a visitor, 403 for another family and for an administrator, 404 for no registry', async () => {
    const { owner, registry } = await openRegistry(server);
    await addGift(registry.id, { giftGiverName: 'Private Giver', giftGiverEmail: 'private@example.com' });
    const path = `/api/registries/${registry.id}/gift-list`;
    const refusals: [HttpClient, number][] = [
      [new HttpClient(server.url), 401],
      [(await signedIn(server)).client, 403],
      [(await signedIn(server, { admin: true })).client, 403],
    ];
    for (const [client, status] of refusals) {
      // A bad query is not even read for a stranger: the permission answers first.
      for (const query of ['', '?sort=price']) {
        const response = await client.get(`${path}${query}`);
        expect(response.status).toBe(status);
        expect(response.text).not.toMatch(/Private Giver|private@example/);
      }
    }
    expect((await owner.client.get(`${path}`)).status).toBe(200);
    const coOwner = await signedInCoOwner(server, registry.id);
    const seen = await coOwner.client.get(path);
    expect(seen.status).toBe(200);
    expect(seen.text).toContain('Private Giver');
    expect((await owner.client.get('/api/registries/00000000-0000-4000-8000-000000000000/gift-list')).status).toBe(404);
    expect((await owner.client.get('/api/registries/not-an-id/gift-list')).status).toBe(404);
  });
});

describe('failed and abandoned payments are not gifts', () => {
  it('are left out of Recent Gifts, the gift counts and the contributors, and the page carries only the latest 5', async () => {
    const { owner, registry } = await openRegistry(server);
    for (let n = 1; n <= 7; n += 1) {
      await addGift(registry.id, { giftGiverName: `Paid ${n}` });
      // A moment apart, as guests give: two gifts of the same millisecond have no newest.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const paymentStatus of UNPAID) await addGift(registry.id, { giftGiverName: `Unpaid ${paymentStatus}`, paymentStatus });

    const view = (await owner.client.get(`/api/registries/${registry.id}`)).json as unknown as {
      giftCount: number;
      gifts: { giftGiverName: string; paymentStatus: string }[];
    };
    expect(view.giftCount).toBe(7);
    expect(view.gifts).toHaveLength(5);
    expect(view.gifts.every((gift) => gift.paymentStatus === 'succeeded')).toBe(true);
    expect(view.gifts.map((gift) => gift.giftGiverName)).toEqual(['Paid 7', 'Paid 6', 'Paid 5', 'Paid 4', 'Paid 3']);

    const publicView = (await new HttpClient(server.url).get(`/api/registries/${registry.id}`)).json;
    expect(publicView.giftCount).toBe(7);
    const mine = (await owner.client.get('/api/registries/my')).json as unknown as { giftCount: number }[];
    expect(mine[0]!.giftCount).toBe(7);
    const contributors = (await owner.client.get(`/api/registries/${registry.id}/contributors`)).json as unknown as {
      giftGiverName: string;
    }[];
    expect(contributors).toHaveLength(7);
    expect((await list(owner.client, registry.id)).giftCount).toBe(7);
    const breakdown = (await owner.client.get(`/api/registries/${registry.id}/charity-breakdown`)).json as unknown as {
      charities: { giftCount: number }[];
    };
    expect(breakdown.charities.map((line) => line.giftCount)).toEqual([7]);
  });
});
