import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminGiftLookup } from '@api/admin';
import { admin, server, signInAs } from './msw-server';
import { renderApp, fillIn } from './render-app';

function aLookup(refunded = false): AdminGiftLookup {
  return {
    registry: {
      id: 'r-1',
      shortCode: 'maya26',
      childName: 'Maya Katz',
      celebrationType: 'bat',
      currency: 'CAD',
      status: 'open',
      totalReceived: refunded ? 0 : 72,
    },
    gifts: [
      {
        id: 'g-1',
        giftGiverName: 'Dana Rose',
        giftGiverEmail: 'dana@example.com',
        currency: 'CAD',
        amount: 72,
        createdAt: '2026-03-02T15:00:00.000Z',
        paymentStatus: refunded ? 'refunded' : 'succeeded',
        refundable: !refunded,
        refundAmount: 77.55,
        refundRefusal: refunded ? 'This gift was already refunded' : null,
        refundableAtPlatformCost: false,
      },
    ],
  };
}

describe('/admin/gift-refunds', () => {
  it('finds a registry by the link pasted and refunds one of its gifts with a reason', async () => {
    signInAs(admin);
    let refunded = false;
    const asked: string[] = [];
    server.use(
      http.get('/api/admin/gifts', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('registry')!);
        return HttpResponse.json(aLookup(refunded));
      }),
      http.post('/api/gifts/:id/refund', () => {
        refunded = true;
        return HttpResponse.json({ id: 'g-1', paymentStatus: 'refunded', refundedAmount: 77.55 });
      }),
    );
    const { user } = renderApp('/admin/gift-refunds');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift Refunds' })).toBeInTheDocument();
    await fillIn(user, screen.getByRole('textbox', { name: 'Registry link, id or short code' }), 'https://gifts.example.org/r/maya26');
    await user.click(screen.getByRole('button', { name: 'Find Registry' }));
    expect(await screen.findByRole('heading', { level: 2, name: "Maya Katz's Bat Mitzvah" })).toBeInTheDocument();
    expect(asked).toEqual(['https://gifts.example.org/r/maya26']);
    const gift = within(screen.getByRole('list', { name: 'Gifts' })).getByRole('listitem');
    expect(within(gift).getByText('CA$72.00')).toBeInTheDocument();
    expect(within(gift).getByText('Paid')).toBeInTheDocument();

    await user.click(within(gift).getByRole('button', { name: 'Refund Dana Rose’s gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Dana Rose’s gift?' });
    await fillIn(user, within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'The giver wrote to support');
    await user.click(within(dialog).getByRole('button', { name: 'Refund CA$77.55' }));
    expect(await screen.findByText('Gift Refunded')).toBeInTheDocument();
    expect(await within(gift).findByText('Refunded')).toBeInTheDocument();
    expect(within(gift).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('says so when no registry matches, and explains when a closed registry’s gifts can be refunded', async () => {
    signInAs(admin);
    server.use(
      http.get('/api/admin/gifts', ({ request }) =>
        new URL(request.url).searchParams.get('registry') === 'nothing'
          ? HttpResponse.json({ message: 'Registry not found' }, { status: 404 })
          : HttpResponse.json({
              ...aLookup(),
              registry: { ...aLookup().registry, status: 'closed' },
              gifts: [{ ...aLookup().gifts[0]!, refundable: false }],
            }),
      ),
    );
    const { user } = renderApp('/admin/gift-refunds?registry=nothing');
    expect(await screen.findByText('No registry has that link, id or short code.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Registry link, id or short code' });
    await user.clear(field);
    await fillIn(user, field, 'maya26');
    await user.click(screen.getByRole('button', { name: 'Find Registry' }));
    expect(
      await screen.findByText(/This registry is closed: a refund takes the gift’s parts out of the family’s and its charity’s payouts/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });

  it('once a payout is claimed, says why the gift cannot be refunded and refunds it at the platform’s cost after a confirmation that says so', async () => {
    signInAs(admin);
    let refunded = false;
    const posted: { path: string; body: unknown }[] = [];
    const claimed = 'This gift can no longer be refunded: the family’s payout is already being sent.';
    server.use(
      http.get('/api/admin/gifts', () => {
        const lookup = aLookup(refunded);
        return HttpResponse.json({
          ...lookup,
          registry: { ...lookup.registry, status: 'closed' },
          gifts: [
            {
              ...lookup.gifts[0]!,
              refundable: false,
              refundRefusal: refunded ? 'This gift was already refunded' : claimed,
              refundableAtPlatformCost: !refunded,
            },
          ],
        });
      }),
      http.post('/api/gifts/:id/refund-at-platform-cost', async ({ request, params }) => {
        posted.push({ path: String(params.id), body: await request.json() });
        refunded = true;
        return HttpResponse.json({ id: 'g-1', paymentStatus: 'refunded', refundedAmount: 77.55 });
      }),
    );
    const { user } = renderApp('/admin/gift-refunds?registry=maya26');
    const gift = within(await screen.findByRole('list', { name: 'Gifts' })).getByRole('listitem');
    expect(within(gift).getByText(claimed)).toBeInTheDocument();
    expect(within(gift).queryByRole('button', { name: 'Refund Dana Rose’s gift' })).not.toBeInTheDocument();

    await user.click(within(gift).getByRole('button', { name: 'Refund Dana Rose’s gift at the platform’s cost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund Dana Rose’s gift at the platform’s cost?' });
    expect(within(dialog).getByText('The platform bears this refund')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('the platform loses the gift of CA$72.00 and the card fee');
    // The reason is required.
    await user.click(within(dialog).getByRole('button', { name: 'Refund CA$77.55 at the Platform’s Cost' }));
    expect(await within(dialog).findByText('Please say why this gift is refunded')).toBeInTheDocument();
    expect(posted).toEqual([]);
    await fillIn(user, within(dialog).getByRole('textbox', { name: /Reason for the refund/ }), 'The card was stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Refund CA$77.55 at the Platform’s Cost' }));
    expect(await screen.findByText('Gift Refunded at the Platform’s Cost')).toBeInTheDocument();
    expect(posted).toEqual([{ path: 'g-1', body: { reason: 'The card was stolen' } }]);
    expect(await within(gift).findByText('Refunded')).toBeInTheDocument();
  });
});
