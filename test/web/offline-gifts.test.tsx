import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { GiftListItemView, GiftListView } from '@api/gifts';
import type { ContributorView } from '@api/thank-you';
import { member, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';
import { aContributor, aNote, serveThankYouCalls } from './thank-you-fixtures';

const ben: GiftListItemView = {
  id: 'o-1',
  giftGiverName: 'Uncle Ben',
  giftGiverEmail: null,
  currency: 'USD',
  amount: 180,
  charityId: null,
  charityName: null,
  personalMessage: 'In the card box',
  createdAt: '2026-03-02T12:00:00.000Z',
  givenBy: 'cash',
  byHand: { method: 'cash', receivedOn: '2026-03-02', note: 'In the card box' },
  thankYouStatus: 'none',
  countsInTotals: true,
  paymentStatus: 'succeeded',
  refundable: false,
  refundAmount: 180,
};

function aList(gifts: GiftListItemView[]): GiftListView {
  const byHand = gifts.filter((gift) => gift.byHand).reduce((sum, gift) => sum + gift.amount, 0);
  return {
    registryId: REGISTRY_ID,
    childName: 'Eli Levi',
    celebrationType: 'bar',
    currency: 'USD',
    q: '',
    sort: 'date',
    order: 'desc',
    page: 1,
    pageCount: 1,
    matching: gifts.length,
    giftCount: gifts.length,
    totals: {
      online: 0,
      byHand,
      total: byHand,
      refunded: 0,
      onlineCount: 0,
      byHandCount: gifts.length,
      refundedCount: 0,
      refundedAtPlatformCost: 0,
      refundedAtPlatformCostCount: 0,
      disputed: 0,
      disputedCount: 0,
      refundedBefore: [],
    },
    refunds: 'open',
    gifts,
  };
}

/** The gift list and the three calls on gifts given by hand, answered as the server would; each call is recorded. */
function serveGiftsByHand(initial: GiftListItemView[]) {
  let gifts = structuredClone(initial);
  const calls: { method: string; path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/registries/:id/gift-list', () => HttpResponse.json(aList(gifts))),
    http.post('/api/registries/:id/offline-gifts', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'POST', path: new URL(request.url).pathname, body });
      if (body.giftGiverName === 'Server Says No')
        return HttpResponse.json(
          { message: 'The date cannot be in the future', errors: { receivedOn: 'The date cannot be in the future' } },
          { status: 400 },
        );
      const made = {
        ...ben,
        id: `o-${gifts.length + 1}`,
        giftGiverName: String(body.giftGiverName),
        giftGiverEmail: (body.giftGiverEmail as string | null) ?? null,
        amount: Number(body.amount),
        givenBy: body.method as 'cash',
        byHand: { method: body.method as 'cash', receivedOn: String(body.receivedOn), note: (body.note as string | null) ?? null },
      };
      gifts = [made, ...gifts];
      return HttpResponse.json({}, { status: 201 });
    }),
    http.put('/api/offline-gifts/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      gifts = gifts.map((gift) => (gift.id === params.id ? { ...gift, amount: Number(body.amount) } : gift));
      return HttpResponse.json({});
    }),
    http.delete('/api/offline-gifts/:id', ({ request, params }) => {
      calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null });
      gifts = gifts.filter((gift) => gift.id !== params.id);
      return HttpResponse.json({ message: 'Gift removed' });
    }),
  );
  return calls;
}

async function openGiftList(gifts: GiftListItemView[]) {
  signInAs(member);
  const calls = serveGiftsByHand(gifts);
  const app = renderApp(`/registry/${REGISTRY_ID}/gifts`);
  await screen.findByRole('heading', { level: 1, name: 'All Gifts' });
  return { ...app, calls };
}

describe('gifts given by hand on the owner’s gift list', () => {
  it('shows the owner’s totals and marks a gift given by hand, with no e-mail link when there is none', async () => {
    await openGiftList([ben]);
    const totals = await screen.findByRole('list', { name: 'Totals received' });
    expect(within(within(totals).getByRole('group', { name: 'Given by hand' })).getByText('$180.00')).toBeInTheDocument();
    const item = within(screen.getByRole('list', { name: 'All Gifts' })).getByRole('listitem');
    expect(within(item).getByText('Given by hand · Cash')).toBeInTheDocument();
    expect(within(item).queryByRole('link')).not.toBeInTheDocument();
    expect(within(item).getByText('In the card box')).toBeInTheDocument();
  });

  it('labels each total with what it counts: Total Received is what came online, as on the dashboard; by hand, both, and refunded apart', async () => {
    signInAs(member);
    server.use(
      http.get('/api/registries/:id/gift-list', () =>
        HttpResponse.json({
          ...aList([]),
          giftCount: 53,
          matching: 53,
          totals: {
            online: 1_890,
            byHand: 1_450,
            total: 3_340,
            refunded: 120,
            onlineCount: 28,
            byHandCount: 22,
            refundedCount: 3,
            refundedAtPlatformCost: 0,
            refundedAtPlatformCostCount: 0,
            disputed: 0,
            disputedCount: 0,
            refundedBefore: [],
          },
        }),
      ),
    );
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const totals = within(await screen.findByRole('list', { name: 'Totals received' }));
    const figure = (name: string) => within(totals.getByRole('group', { name }));
    expect(figure('Total Received').getByText('$1,890.00')).toBeInTheDocument();
    expect(figure('Total Received').getByText('28 gifts given online, before the 10% to charity')).toBeInTheDocument();
    expect(figure('Given by hand').getByText('$1,450.00')).toBeInTheDocument();
    expect(figure('Online and by hand').getByText('$3,340.00')).toBeInTheDocument();
    expect(figure('Online and by hand').getByText('50 gifts in all')).toBeInTheDocument();
    expect(figure('Refunded').getByText('$120.00')).toBeInTheDocument();
    expect(figure('Refunded').getByText('3 gifts given back, counted in none of the above')).toBeInTheDocument();
    // No other figure on the page is called Total Received.
    expect(totals.getAllByText('Total Received')).toHaveLength(1);
    expect(screen.queryByText('Total received')).not.toBeInTheDocument();
  });

  it('records a gift with the core’s rules: messages in the form first, then exactly the fields the server takes', async () => {
    const { user, calls } = await openGiftList([]);
    await user.click(screen.getByRole('button', { name: 'Record a gift given by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a gift given by hand' });
    await user.click(within(dialog).getByRole('button', { name: 'Record Gift' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Giver’s name/)).toHaveFocus();
    expect(calls).toEqual([]);

    await fillIn(user, within(dialog).getByLabelText(/Giver’s name/), 'Aunt Dora');
    await fillIn(user, within(dialog).getByLabelText('Giver’s email'), 'dora@');
    await fillIn(user, within(dialog).getByLabelText(/Amount/), '36.5');
    await user.click(within(dialog).getByRole('radio', { name: 'Check' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record Gift' }));
    expect(await within(dialog).findByText('Enter a valid email or leave it empty')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Giver’s email'));
    await fillIn(user, within(dialog).getByLabelText('Giver’s email'), 'dora@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Record Gift' }));

    expect(await within(toastRegion()).findByText('Aunt Dora’s gift is in your gift list, marked given by hand.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/registries/${REGISTRY_ID}/offline-gifts`,
        body: {
          giftGiverName: 'Aunt Dora',
          giftGiverEmail: 'dora@example.com',
          amount: 36.5,
          method: 'check',
          receivedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          note: null,
        },
      },
    ]);
    expect(await screen.findByText('Given by hand · Check')).toBeInTheDocument();
  });

  it('shows the server’s message on the field it refused', async () => {
    const { user } = await openGiftList([]);
    await user.click(screen.getByRole('button', { name: 'Record a gift given by hand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a gift given by hand' });
    await fillIn(user, within(dialog).getByLabelText(/Giver’s name/), 'Server Says No');
    await fillIn(user, within(dialog).getByLabelText(/Amount/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Record Gift' }));
    expect(await within(dialog).findByText('The date cannot be in the future')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Record a gift given by hand' })).toBeInTheDocument();
  });

  it('edits a gift from what was recorded, and removes one only after confirming', async () => {
    const { user, calls } = await openGiftList([ben]);
    await user.click(await screen.findByRole('button', { name: 'Edit Uncle Ben’s gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit gift given by hand' });
    expect(within(dialog).getByLabelText(/Giver’s name/)).toHaveValue('Uncle Ben');
    expect(within(dialog).getByLabelText(/Amount/)).toHaveValue(180);
    expect(within(dialog).getByRole('radio', { name: 'Cash' })).toBeChecked();
    await user.clear(within(dialog).getByLabelText(/Amount/));
    await fillIn(user, within(dialog).getByLabelText(/Amount/), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(toastRegion()).findByText('Uncle Ben’s gift has been saved.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/api/offline-gifts/o-1',
      body: { amount: 200, method: 'cash', receivedOn: '2026-03-02', note: 'In the card box', giftGiverEmail: null },
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Uncle Ben’s gift' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this gift?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove Uncle Ben’s gift' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this gift?' })).getByRole('button', { name: 'Remove Gift' }));
    expect(await screen.findByText('No gifts yet.')).toBeInTheDocument();
    expect(calls[1]).toEqual({ method: 'DELETE', path: '/api/offline-gifts/o-1', body: null });
  });
});

describe('a thank-you card for a gift given by hand', () => {
  const benContributor: ContributorView = aContributor({
    id: 'o-1',
    giftGiverName: 'Uncle Ben',
    giftGiverEmail: null,
    givenBy: 'cash',
    charityId: null,
    charityName: null,
    amount: 180,
  });

  it('offers Print Card instead of Send when there is no e-mail, and its default message claims no charity part', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ childName: 'Eli Levi' }));
    const api = serveThankYouCalls([benContributor]);
    const { user } = renderApp(`/thank-you-cards/${REGISTRY_ID}`);
    await user.click(await screen.findByRole('button', { name: /Uncle Ben/ }));
    await screen.findByRole('heading', { name: 'Thank You Card for Uncle Ben' });
    expect(screen.getByText('No e-mail address')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Card' })).not.toBeInTheDocument();
    expect((screen.getByRole('textbox', { name: /Personal Message/ }) as HTMLTextAreaElement).value).not.toMatch(/charity/);
    await user.click(screen.getByRole('button', { name: 'Print Card' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Print the card for Uncle Ben' })).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/thank-you-notes']);
  });

  it('prints the saved card and marks it given, which counts it as sent', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ childName: 'Eli Levi' }));
    serveThankYouCalls([
      { ...benContributor, thankYouNote: aNote({ id: 'n-o-1', giftId: 'o-1', customMessage: 'Dear Uncle Ben,\n\nThank you!' }) },
    ]);
    const marked: string[] = [];
    server.use(
      http.post('/api/thank-you-notes/:id/given', ({ params }) => {
        marked.push(String(params.id));
        return HttpResponse.json({
          note: aNote({ id: 'n-o-1', giftId: 'o-1', status: 'sent', sentAt: '2026-03-04T09:00:00.000Z' }),
          message: 'Thank you card marked as given',
        });
      }),
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderApp(`/thank-you-cards/${REGISTRY_ID}/print/o-1`);
    await screen.findByRole('heading', { level: 1, name: 'Print the card for Uncle Ben' });
    expect(screen.getByTitle('Thank-you card for Uncle Ben').getAttribute('srcdoc')).toContain('Made with Mitzvah Gifts.');
    await user.click(screen.getByRole('button', { name: 'Print Card' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Mark as Given' }));
    expect(await screen.findByText('Given or sent on Mar 4, 2026')).toBeInTheDocument();
    expect(marked).toEqual(['n-o-1']);
  });

  it('asks for the card to be written first when none is saved', async () => {
    signInAs(member);
    serveRegistry(anOwnerRegistry({ childName: 'Eli Levi' }));
    serveThankYouCalls([benContributor]);
    renderApp(`/thank-you-cards/${REGISTRY_ID}/print/o-1`);
    expect(
      await screen.findByText('Write and save Uncle Ben’s card on the thank-you cards page first, then print it here.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print Card' })).not.toBeInTheDocument();
  });
});
