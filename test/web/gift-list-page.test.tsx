import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GiftListItemView, GiftListView } from '@api/gifts';
import { member, server, signInAs } from './msw-server';
import { renderApp, fillIn } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

function aListedGift(overrides: Partial<GiftListItemView> = {}): GiftListItemView {
  return {
    id: 'g-1',
    giftGiverName: 'Shira Rosen',
    giftGiverEmail: 'shira@example.com',
    currency: 'USD',
    amount: 180,
    charityId: 'c-1',
    charityName: 'MAZON: A Jewish Response to Hunger',
    personalMessage: 'Mazel tov, Maya!',
    createdAt: '2026-03-02T15:00:00.000Z',
    thankYouStatus: 'sent',
    countsInTotals: true,
    paymentStatus: 'succeeded',
    refundable: true,
    refundAmount: 188.52,
    givenBy: 'online',
    byHand: null,
    ...overrides,
  };
}

function aList(overrides: Partial<GiftListView> = {}): GiftListView {
  return {
    registryId: REGISTRY_ID,
    childName: 'Maya Katz',
    celebrationType: 'bat',
    currency: 'USD',
    q: '',
    sort: 'date',
    order: 'desc',
    page: 1,
    pageCount: 1,
    matching: 2,
    giftCount: 2,
    totals: {
      online: 216,
      byHand: 0,
      total: 216,
      refunded: 0,
      onlineCount: 2,
      byHandCount: 0,
      refundedCount: 0,
      refundedAtPlatformCost: 0,
      refundedAtPlatformCostCount: 0,
      disputed: 0,
      disputedCount: 0,
      refundedBefore: [],
    },
    refunds: 'open',
    gifts: [
      aListedGift(),
      aListedGift({
        id: 'g-2',
        giftGiverName: 'Avi Levi',
        giftGiverEmail: 'avi@example.com',
        amount: 36,
        personalMessage: null,
        thankYouStatus: 'none',
      }),
    ],
    ...overrides,
  };
}

/** Answers the list call and records each query string it was asked with. */
function serveList(answer: (params: URLSearchParams) => GiftListView | Response) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/registries/:id/gift-list', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const answered = answer(params);
      return answered instanceof Response ? answered : HttpResponse.json(answered);
    }),
  );
  return asked;
}

describe('/registry/{id}/gifts', () => {
  it('lists every gift with giver, e-mail, amount, charity, date, message and thank-you status', async () => {
    signInAs(member);
    serveList(() => aList());
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const list = await screen.findByRole('list', { name: 'All Gifts' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('heading', { name: 'Shira Rosen' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'shira@example.com' })).toHaveAttribute('href', 'mailto:shira@example.com');
    expect(first.getByText('$180.00')).toBeInTheDocument();
    expect(first.getByText('Mar 2, 2026')).toBeInTheDocument();
    expect(first.getByText('Supporting: MAZON: A Jewish Response to Hunger')).toBeInTheDocument();
    expect(first.getByText('Mazel tov, Maya!')).toBeInTheDocument();
    expect(first.getByText('Thank-you: Sent')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Thank-you: No Card')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Every gift to Maya Katz's Bat Mitzvah, online and given by hand, with each giver’s message and whether you have thanked them.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2 gifts.')).toHaveAttribute('role', 'status');
  });

  it('says a card the giver’s mailbox did not take was not delivered, as the thank-you cards page does', async () => {
    signInAs(member);
    serveList(() => aList({ gifts: [aListedGift({ thankYouStatus: 'not_delivered' })], matching: 1, giftCount: 1 }));
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const list = await screen.findByRole('list', { name: 'All Gifts' });
    expect(within(list).getByText('Thank-you: Not Delivered')).toBeInTheDocument();
    expect(within(list).queryByText('Thank-you: Sent')).not.toBeInTheDocument();
  });

  it('shows each gift in its own currency: one refunded before the registry changed to Canadian dollars stays in US dollars', async () => {
    signInAs(member);
    serveList(() =>
      aList({
        currency: 'CAD',
        totals: {
          online: 50,
          byHand: 0,
          total: 50,
          refunded: 0,
          onlineCount: 1,
          byHandCount: 0,
          refundedCount: 0,
          refundedAtPlatformCost: 0,
          refundedAtPlatformCostCount: 0,
          disputed: 0,
          disputedCount: 0,
          refundedBefore: [{ currency: 'USD', amount: 40, count: 1 }],
        },
        gifts: [
          aListedGift({ id: 'g-new', currency: 'CAD', amount: 50 }),
          aListedGift({
            id: 'g-old',
            giftGiverName: 'Avi Levi',
            currency: 'USD',
            amount: 40,
            paymentStatus: 'refunded',
            countsInTotals: false,
            refundable: false,
          }),
        ],
      }),
    );
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const items = within(await screen.findByRole('list', { name: 'All Gifts' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('CA$50.00')).toBeInTheDocument();
    expect(within(items[1]!).getByText('$40.00')).toBeInTheDocument();
    // The Refunded figure is in Canadian dollars; the gift given back before the change is told apart, in its own.
    expect(
      screen.getByText(
        '0 gifts given back, counted in none of the above; before the currency changed, 1 gift of $40.00 in USD given back too',
      ),
    ).toBeInTheDocument();
  });

  it('counts a gift refunded at the platform’s cost in Total Received, says so, and does not strike it through', async () => {
    signInAs(member);
    serveList(() =>
      aList({
        currency: 'CAD',
        totals: {
          online: 378,
          byHand: 0,
          total: 378,
          refunded: 0,
          onlineCount: 2,
          byHandCount: 0,
          refundedCount: 0,
          refundedAtPlatformCost: 18,
          refundedAtPlatformCostCount: 1,
          disputed: 0,
          disputedCount: 0,
          refundedBefore: [],
        },
        gifts: [
          aListedGift({ id: 'g-kept', currency: 'CAD', amount: 360 }),
          aListedGift({
            id: 'g-borne',
            giftGiverName: 'Avi Levi',
            currency: 'CAD',
            amount: 18,
            paymentStatus: 'refunded',
            countsInTotals: true,
            refundable: false,
          }),
        ],
      }),
    );
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const items = within(await screen.findByRole('list', { name: 'All Gifts' })).getAllByRole('listitem');
    const totals = screen.getByRole('list', { name: 'Totals received' });
    expect(within(totals).getByRole('group', { name: 'Total Received' })).toHaveTextContent('CA$378.00');
    expect(within(totals).getByRole('group', { name: 'Refunded at our cost' })).toHaveTextContent('CA$18.00');
    expect(within(totals).getByRole('group', { name: 'Refunded at our cost' })).toHaveTextContent(
      'still counted in Total Received and your payout',
    );
    expect(within(items[1]!).getByText('Refunded at our cost')).toBeInTheDocument();
    expect(within(items[1]!).getByText('CA$18.00')).not.toHaveStyle({ textDecoration: 'line-through' });
  });

  it('asks the server to search once the typing pauses, and to sort', async () => {
    signInAs(member);
    const asked = serveList((params) => (params.get('q') ? aList({ q: params.get('q')!, matching: 1, gifts: [aListedGift()] }) : aList()));
    const { user } = renderApp(`/registry/${REGISTRY_ID}/gifts`);
    await screen.findByRole('list', { name: 'All Gifts' });
    await fillIn(user, screen.getByRole('searchbox', { name: 'Search gifts' }), 'rosen');
    expect(await screen.findByText('1 of 2 gifts match “rosen”.')).toBeInTheDocument();
    // One call for the whole word, not one per letter.
    expect(asked.filter((params) => params.has('q')).map((params) => params.get('q'))).toEqual(['rosen']);

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Giver, A to Z' }));
    await waitFor(() => expect(asked.at(-1)!.get('sort')).toBe('giver'));
    expect(asked.at(-1)!.get('order')).toBe('asc');
    expect(asked.at(-1)!.get('q')).toBe('rosen');
  });

  it('pages through a big registry', async () => {
    signInAs(member);
    const asked = serveList((params) => aList({ page: Number(params.get('page')), pageCount: 8, matching: 400, giftCount: 400 }));
    const { user } = renderApp(`/registry/${REGISTRY_ID}/gifts`);
    expect(await screen.findByText('Showing 1–50 of 400 gifts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–100 of 400 gifts.')).toBeInTheDocument();
    expect(asked.at(-1)!.get('page')).toBe('2');
  });

  it('tells another family the list is not theirs, and shows no gift', async () => {
    signInAs(member);
    serveList(() => HttpResponse.json({ message: 'Only the registry’s owner can do that' }, { status: 403 }));
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    expect(await screen.findByText('Only the family who created this registry can see who gave and what they wrote.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'All Gifts' })).not.toBeInTheDocument();
  });

  it('refunds a gift after a confirmation that states the amount and asks why, then shows it Refunded', async () => {
    signInAs(member);
    let refunded = false;
    serveList(() =>
      aList({
        gifts: [
          aListedGift(refunded ? { paymentStatus: 'refunded', countsInTotals: false, refundable: false } : {}),
          aListedGift({ id: 'g-2', giftGiverName: 'Avi Levi', amount: 36, refundAmount: 40.48, thankYouStatus: 'none' }),
        ],
      }),
    );
    const sent: unknown[] = [];
    server.use(
      http.post('/api/gifts/:id/refund', async ({ request, params }) => {
        sent.push({ id: params.id, body: await request.json() });
        refunded = true;
        return HttpResponse.json({ id: params.id, paymentStatus: 'refunded', refundedAmount: 188.52 });
      }),
    );
    const { user } = renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const list = await screen.findByRole('list', { name: 'All Gifts' });
    await user.click(within(list).getByRole('button', { name: 'Refund Shira Rosen’s gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Shira Rosen’s gift?' });
    expect(within(dialog).getByText(/Shira Rosen gets back \$188\.52: the gift of \$180\.00 and the fees they paid\./)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Refund $188.52' }));
    expect(await within(dialog).findByText('Please say why this gift is refunded')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason for the refund/ })).toHaveFocus();
    expect(sent).toEqual([]);

    await fillIn(user, within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'Given twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $188.52' }));
    expect(await screen.findByText('Gift Refunded')).toBeInTheDocument();
    expect(sent).toEqual([{ id: 'g-1', body: { reason: 'Given twice by mistake' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const shira = within(await screen.findByRole('list', { name: 'All Gifts' })).getAllByRole('listitem')[0]!;
    expect(await within(shira).findByText('Refunded')).toBeInTheDocument();
    expect(within(shira).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('marks a disputed gift, offers no refund for it, and counts it apart under Disputed', async () => {
    signInAs(member);
    serveList(() =>
      aList({
        totals: {
          online: 36,
          byHand: 0,
          total: 36,
          refunded: 0,
          onlineCount: 1,
          byHandCount: 0,
          refundedCount: 0,
          refundedAtPlatformCost: 0,
          refundedAtPlatformCostCount: 0,
          disputed: 180,
          disputedCount: 1,
          refundedBefore: [],
        },
        gifts: [
          aListedGift({ paymentStatus: 'disputed', refundable: false }),
          aListedGift({ id: 'g-2', giftGiverName: 'Avi Levi', amount: 36 }),
        ],
      }),
    );
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const shira = within(await screen.findByRole('list', { name: 'All Gifts' }, { timeout: 15_000 })).getAllByRole('listitem')[0]!;
    expect(within(shira).getByText('Disputed')).toBeInTheDocument();
    expect(within(shira).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    const totals = within(screen.getByRole('list', { name: 'Totals received' }));
    expect(totals.getByText('$180.00')).toBeInTheDocument();
    expect(totals.getByText('1 gift disputed by the giver’s bank, counted in none of the above')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog and keeps the gift as it was', async () => {
    signInAs(member);
    serveList(() => aList());
    server.use(
      http.post('/api/gifts/:id/refund', () =>
        HttpResponse.json(
          { message: 'The payment provider could not refund this gift, so nothing changed and it still counts. Please try again.' },
          { status: 502 },
        ),
      ),
    );
    const { user } = renderApp(`/registry/${REGISTRY_ID}/gifts`);
    const list = await screen.findByRole('list', { name: 'All Gifts' });
    await user.click(within(list).getByRole('button', { name: 'Refund Avi Levi’s gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Avi Levi’s gift?' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'Wrong registry');
    await user.click(within(dialog).getByRole('button', { name: /Refund \$/ }));
    expect(await within(dialog).findByText('Refund failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'The payment provider could not refund this gift, so nothing changed and it still counts. Please try again.',
      ),
    ).toBeInTheDocument();
  });

  describe('says why the Refund buttons are there or gone', () => {
    const notice = () => screen.getByRole('note');

    it('says nothing while the registry is open', async () => {
      signInAs(member);
      serveList(() => aList());
      renderApp(`/registry/${REGISTRY_ID}/gifts`);
      await screen.findByRole('list', { name: 'All Gifts' });
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: /^Refund / })).toHaveLength(2);
    });

    it('after closing, refunds last until the payout starts being sent', async () => {
      signInAs(member);
      serveList(() => aList({ refunds: 'until_payout_claimed' }));
      renderApp(`/registry/${REGISTRY_ID}/gifts`);
      await screen.findByRole('list', { name: 'All Gifts' });
      expect(notice()).toHaveTextContent(
        'Refunds are possible until your payout starts being sentYou can still refund a gift here. Once your payout starts being sent, refunds stop, so that the amount being sent cannot change.',
      );
    });

    it('once an administrator claims the payout: refunds have stopped, why, and whom to write to', async () => {
      signInAs(member);
      serveList(() => aList({ refunds: 'family_payout_being_sent', gifts: aList().gifts.map((gift) => ({ ...gift, refundable: false })) }));
      renderApp(`/registry/${REGISTRY_ID}/gifts`);
      await screen.findByRole('list', { name: 'All Gifts' });
      expect(screen.queryByRole('button', { name: /^Refund / })).not.toBeInTheDocument();
      expect(notice()).toHaveTextContent(
        'Refunds have stoppedYour payout is being sent, so its amount can no longer change and gifts can no longer be refunded here. If a giver needs their money back, email support@mitzvahgifts.example, and we will help.',
      );
      expect(within(notice()).getByRole('link', { name: 'support@mitzvahgifts.example' })).toHaveAttribute(
        'href',
        'mailto:support@mitzvahgifts.example',
      );
    });

    it('once the payout was sent, and when only a charity’s payout was claimed', async () => {
      signInAs(member);
      let refunds: GiftListView['refunds'] = 'family_payout_sent';
      serveList(() => aList({ refunds }));
      const first = renderApp(`/registry/${REGISTRY_ID}/gifts`);
      await screen.findByRole('list', { name: 'All Gifts' });
      expect(
        await screen.findByText('Your payout was sent, so gifts can no longer be refunded here.', { exact: false }),
      ).toBeInTheDocument();
      first.unmount();
      refunds = 'charity_payout_claimed';
      const second = renderApp(`/registry/${REGISTRY_ID}/gifts`);
      expect(await screen.findByText('Some gifts can no longer be refunded')).toBeInTheDocument();
      second.unmount();
      refunds = 'follow_up_only';
      renderApp(`/registry/${REGISTRY_ID}/gifts`);
      expect(await screen.findByText('Only a gift paid to you on its own can still be refunded')).toBeInTheDocument();
      expect(notice()).toHaveTextContent(
        'A gift held back at closing while its giver’s bank decided, and paid to you on its own since, can be refunded until that payment starts being sent.',
      );
    });

    it('says nothing of refunds when every gift was given by hand', async () => {
      signInAs(member);
      serveList(() => aList({ refunds: 'family_payout_sent', totals: { ...aList().totals, online: 0, onlineCount: 0 } }));
      renderApp(`/registry/${REGISTRY_ID}/gifts`);
      await screen.findByRole('list', { name: 'All Gifts' });
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
    });
  });

  it('says Registry Not Found for a registry that does not exist', async () => {
    signInAs(member);
    serveList(() => HttpResponse.json({ message: 'Registry not found' }, { status: 404 }));
    renderApp(`/registry/${REGISTRY_ID}/gifts`);
    expect(await screen.findByRole('heading', { name: 'Registry Not Found' })).toBeInTheDocument();
  });
});
