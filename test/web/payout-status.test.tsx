import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { PayoutStatusView } from '@api/payouts';
import type { OwnerRegistryView } from '@api/registries';
import { member, server, signInAs } from './msw-server';
import { aClosedRegistry, aPayoutStatus, servePayoutStatus } from './payout-fixtures';
import { renderApp, toastRegion, ownerToolsLoaded } from './render-app';
import { anOwnerRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

async function openAsOwner(registry: OwnerRegistryView, payout?: PayoutStatusView) {
  signInAs(member);
  serveRegistry(registry);
  if (payout) servePayoutStatus(payout);
  const app = renderApp(`/registry/${REGISTRY_ID}`);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  return app;
}

function payoutStatus() {
  return within(screen.getByRole('region', { name: 'Payout Status' }));
}

/** PUT close answers that the retried transfer went through; answers how many times it was called. */
function answerTransferSent(registry: OwnerRegistryView): () => number {
  let closes = 0;
  server.use(
    http.put('/api/registries/:id/close', () => {
      closes += 1;
      return HttpResponse.json({
        message: 'Registry closed and payout sent to your bank account',
        registry: { ...registry, payoutStatus: 'completed', payoutSentAt: '2030-04-03T09:00:00.000Z' },
        transferResult: { success: true },
      });
    }),
  );
  return () => closes;
}

describe('payout status after closing', () => {
  it('PayPal, pending: Processing, the amounts, the closed date, the timing and the e-mail', async () => {
    const registry = aClosedRegistry({ payoutMethod: 'paypal', paypalEmail: 'sarah@example.com' });
    await openAsOwner(registry);
    const status = payoutStatus();
    expect(await status.findByText('Processing')).toBeInTheDocument();
    expect(status.getByRole('status')).toHaveTextContent('Status:Processing');
    expect(status.getByText('Amount to your family').nextElementSibling).toHaveTextContent('$162.00');
    expect(status.getByText('Amount to charity').nextElementSibling).toHaveTextContent('$18.00');
    expect(status.getByText('Closed on').nextElementSibling).toHaveTextContent('Apr 2, 2030');
    expect(status.getByText('Payout method').nextElementSibling).toHaveTextContent('PayPalsarah@example.com');
    expect(status.getByText('Your payout will be sent to your PayPal account within 3-5 business days.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Close Registry & Receive Funds' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Make Your Contribution' })).not.toBeInTheDocument();
    expect(status.queryByText('Payout Issue')).not.toBeInTheDocument();
  });

  it('PayPal, sent, with a disputed gift won after closing: its follow-up payout, its state and why', async () => {
    const registry = aClosedRegistry({
      payoutMethod: 'paypal',
      paypalEmail: 'sarah@example.com',
      payoutStatus: 'completed',
      payoutSentAt: '2030-04-03T09:00:00.000Z',
    });
    await openAsOwner(
      registry,
      aPayoutStatus(registry, {
        payoutStatus: 'completed',
        payoutSentAt: '2030-04-03T09:00:00.000Z',
        followUps: [{ method: 'paypal', amount: 36, status: 'completed', sentAt: '2030-05-20T09:00:00.000Z' }],
      }),
    );
    const status = payoutStatus();
    const followUp = (await status.findByText('Follow-up payout')).nextElementSibling;
    expect(followUp).toHaveTextContent('$36.00');
    expect(followUp).toHaveTextContent(
      'Sent by PayPal on May 20, 2030. Your part of a disputed gift held back at closing, paid once the bank decided for the gift.',
    );
  });

  it('check, pending: mailed within 5-7 business days after closing, to the address shown', async () => {
    const registry = aClosedRegistry({
      payoutMethod: 'check',
      mailingName: 'Sarah Cohen',
      mailingAddress: '12 Main St',
      mailingCity: 'Springfield',
      mailingState: 'IL',
      mailingZip: '62701',
      mailingCountry: 'US',
    });
    await openAsOwner(registry);
    const status = payoutStatus();
    expect(await status.findByText('Processing')).toBeInTheDocument();
    expect(status.getByText('Your check will be mailed within 5-7 business days after closing.')).toBeInTheDocument();
    const address = status.getByText('Sarah Cohen').closest('address');
    expect(address).toHaveTextContent('Sarah Cohen12 Main StSpringfield, IL 62701United States');
  });

  describe('says what is happening next to the spec’s word', () => {
    const checkDetails = {
      mailingName: 'Sarah Cohen',
      mailingAddress: '12 Main St',
      mailingCity: 'Springfield',
      mailingState: 'IL',
      mailingZip: '62701',
      mailingCountry: 'US',
    };

    it('a check nobody has claimed: Processing, waiting for an administrator', async () => {
      await openAsOwner(aClosedRegistry({ payoutMethod: 'check', ...checkDetails }));
      const status = payoutStatus();
      expect(await status.findByRole('status')).toHaveTextContent('Status:ProcessingWaiting for an administrator to send it');
      expect(status.getByText('Your check will be mailed within 5-7 business days after closing.')).toBeInTheDocument();
    });

    it('a check an administrator claimed: Processing, being sent by check', async () => {
      await openAsOwner(aClosedRegistry({ payoutMethod: 'check', payoutStatus: 'sending', ...checkDetails }));
      const status = payoutStatus();
      expect(await status.findByRole('status')).toHaveTextContent('Status:ProcessingBeing sent by check');
      expect(
        status.getByText('An administrator is sending it now. Your check will be mailed within 5-7 business days after closing.'),
      ).toBeInTheDocument();
      expect(status.queryByText(/Waiting for an administrator/)).not.toBeInTheDocument();
    });

    it('a PayPal payout an administrator claimed: being sent by PayPal', async () => {
      await openAsOwner(aClosedRegistry({ payoutMethod: 'paypal', paypalEmail: 'sarah@example.com', payoutStatus: 'sending' }));
      const status = payoutStatus();
      expect(await status.findByRole('status')).toHaveTextContent('Status:ProcessingBeing sent by PayPal');
      expect(
        status.getByText('An administrator is sending it now. Your payout will be sent to your PayPal account within 3-5 business days.'),
      ).toBeInTheDocument();
    });

    it('a bank transfer in flight: being sent to your bank account', async () => {
      const registry = aClosedRegistry({ payoutMethod: 'bank', payoutStatus: 'sending', closedAt: new Date().toISOString() });
      await openAsOwner(registry, aPayoutStatus(registry, { retryAvailableAt: new Date(Date.now() + 5 * 60 * 1000).toISOString() }));
      expect(await payoutStatus().findByRole('status')).toHaveTextContent('Status:ProcessingBeing sent to your bank account');
    });

    it('a completed bank payout: sent on the day, and when it is usually in the bank', async () => {
      const registry = aClosedRegistry({
        status: 'payout_sent',
        payoutMethod: 'bank',
        payoutStatus: 'completed',
        payoutSentAt: '2030-04-03T09:00:00.000Z',
      });
      await openAsOwner(registry, aPayoutStatus(registry, { transferResult: { success: true } }));
      const status = payoutStatus();
      expect(await status.findByRole('status')).toHaveTextContent('Status:CompletedSent to your bank on Apr 3, 2030');
      expect(
        status.getByText(
          'Your payout was transferred to your bank account on Apr 3, 2030. It is usually in your bank within 2 business days.',
        ),
      ).toBeInTheDocument();
    });

    it('a refused bank transfer: Failed, not sent', async () => {
      const registry = aClosedRegistry({ payoutMethod: 'bank' });
      await openAsOwner(
        registry,
        aPayoutStatus(registry, { transferResult: { success: false, reason: 'transfer_rejected', message: 'Refused' } }),
      );
      expect(await payoutStatus().findByRole('status')).toHaveTextContent('Status:FailedNot sent: the bank transfer did not go through');
    });

    it('a registry that closed with nothing to pay: nothing to send', async () => {
      await openAsOwner(
        aClosedRegistry({
          status: 'payout_sent',
          payoutMethod: 'check',
          ...checkDetails,
          payoutStatus: 'completed',
          payoutAmount: 0,
          charityPayoutAmount: 0,
          payoutSentAt: '2030-04-02T15:00:00.000Z',
        }),
      );
      const status = payoutStatus();
      expect(await status.findByRole('status')).toHaveTextContent('Status:CompletedNothing to send');
      expect(status.queryByText(/Your check was mailed/)).not.toBeInTheDocument();
    });
  });

  it('completed (payout_sent): Completed, with the date it was sent', async () => {
    const registry = aClosedRegistry({
      status: 'payout_sent',
      payoutMethod: 'paypal',
      paypalEmail: 'sarah@example.com',
      payoutStatus: 'completed',
      payoutSentAt: '2030-04-05T12:00:00.000Z',
      currency: 'CAD',
    });
    await openAsOwner(registry);
    const status = payoutStatus();
    expect(await status.findByText('Completed')).toBeInTheDocument();
    expect(status.getByText('Sent on').nextElementSibling).toHaveTextContent('Apr 5, 2030');
    expect(status.getByText('Amount to your family').nextElementSibling).toHaveTextContent('CA$162.00');
    expect(status.getByText('Your payout was sent to your PayPal account on Apr 5, 2030.')).toBeInTheDocument();
  });

  it('bank transfer that failed: Failed, the Payout Issue box, and Try again retries the transfer', async () => {
    const registry = aClosedRegistry({ payoutMethod: 'bank' });
    const { user } = await openAsOwner(
      registry,
      aPayoutStatus(registry, {
        transferResult: { success: false, reason: 'transfer_rejected', message: 'The bank refused the transfer' },
      }),
    );
    const status = payoutStatus();
    expect(await status.findByText('Failed')).toBeInTheDocument();
    expect(status.getByText('Payout Issue')).toBeInTheDocument();
    expect(status.getByText('There was an issue processing your payout. Please contact support.')).toBeInTheDocument();
    expect(status.getByText('Details: The bank refused the transfer')).toBeInTheDocument();
    expect(status.getByText('Payout method').nextElementSibling).toHaveTextContent('Bank transfer');

    const closes = answerTransferSent(registry);
    await user.click(status.getByRole('button', { name: 'Try again' }));
    expect(await within(toastRegion()).findByText('Payout on its way')).toBeInTheDocument();
    expect(closes()).toBe(1);
    expect(await status.findByText('Completed')).toBeInTheDocument();
    expect(status.queryByText('Payout Issue')).not.toBeInTheDocument();
    expect(
      status.getByText(
        'Your payout was transferred to your bank account on Apr 3, 2030. It is usually in your bank within 2 business days.',
      ),
    ).toBeInTheDocument();
  });

  it('bank transfer never recorded, closed 10 minutes ago: "taking longer than usual" and Try again calls PUT close', async () => {
    const closedAt = new Date(Date.now() - 10 * 60 * 1000).toISOString();
    const registry = aClosedRegistry({ payoutMethod: 'bank', closedAt });
    // The server's rule says when: here, since five minutes ago.
    const retryAvailableAt = new Date(Date.now() - 5 * 60 * 1000).toISOString();
    const { user } = await openAsOwner(registry, aPayoutStatus(registry, { retryAvailableAt }));
    const status = payoutStatus();
    expect(await status.findByText('This is taking longer than usual.')).toBeInTheDocument();
    expect(status.getByText('Processing')).toBeInTheDocument();
    expect(status.queryByText('Payout Issue')).not.toBeInTheDocument();

    const closes = answerTransferSent(registry);
    await user.click(status.getByRole('button', { name: 'Try again' }));
    expect(await within(toastRegion()).findByText('Payout on its way')).toBeInTheDocument();
    expect(closes()).toBe(1);
    expect(await status.findByText('Completed')).toBeInTheDocument();
    expect(status.queryByText('This is taking longer than usual.')).not.toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  /**
   * A bank registry closed a minute ago whose transfer has no recorded answer; the server's rule
   * says Try again is offered four minutes from now. Answers how often the status was asked for.
   */
  function serveTransferNeverRecorded(): () => number {
    const registry = aClosedRegistry({ payoutMethod: 'bank', closedAt: new Date(Date.now() - 60 * 1000).toISOString() });
    const retryAvailableAt = new Date(Date.now() + 4 * 60 * 1000).toISOString();
    signInAs(member);
    serveRegistry(registry);
    let answered = 0;
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/payout-status`, () => {
        answered += 1;
        return HttpResponse.json(aPayoutStatus(registry, { retryAvailableAt }));
      }),
    );
    return () => answered;
  }

  it('bank transfer never recorded, closed 1 minute ago: just Processing, no Try again', async () => {
    const answered = serveTransferNeverRecorded();
    renderApp(`/registry/${REGISTRY_ID}`);
    await waitFor(() => expect(answered()).toBe(1));
    // The timing line is drawn with the answer (until then the section says it is loading).
    const status = payoutStatus();
    expect(await status.findByText('Your payout is being transferred to your bank account.')).toBeInTheDocument();
    expect(status.getByText('Processing')).toBeInTheDocument();
    expect(status.queryByText('This is taking longer than usual.')).not.toBeInTheDocument();
    expect(status.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('Try again appears at the time the server gave, without asking again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const answered = serveTransferNeverRecorded();
      renderApp(`/registry/${REGISTRY_ID}`);
      const status = within(await screen.findByRole('region', { name: 'Payout Status' }));
      expect(await status.findByText('Your payout is being transferred to your bank account.')).toBeInTheDocument();
      expect(status.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(4 * 60 * 1000 - 1_000));
      expect(status.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1_000));
      expect(await status.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(status.getByText('This is taking longer than usual.')).toBeInTheDocument();
      expect(answered()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a retry the server refuses shows "Error closing registry" with its message', async () => {
    const registry = aClosedRegistry({ payoutMethod: 'bank' });
    const { user } = await openAsOwner(
      registry,
      aPayoutStatus(registry, { transferResult: { success: false, reason: 'account_unverified', message: 'Not verified' } }),
    );
    server.use(
      http.put('/api/registries/:id/close', () => HttpResponse.json({ message: 'The payment provider is unavailable' }, { status: 502 })),
    );
    await user.click(await payoutStatus().findByRole('button', { name: 'Try again' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error closing registry')).toBeInTheDocument();
    expect(toasts.getByText('The payment provider is unavailable')).toBeInTheDocument();
    expect(payoutStatus().getByText('Failed')).toBeInTheDocument();
  });
});

describe('charity breakdown', () => {
  it('lists each charity with its gift count and total, and the sum, in the registry currency', async () => {
    const registry = anOwnerRegistry({ giftCount: 3, hasGifts: true, totalReceived: 252, currency: 'CAD' });
    signInAs(member);
    serveRegistry(registry);
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/charity-breakdown`, () =>
        HttpResponse.json({
          charities: [
            { charityId: 'c-1', charityName: 'Jewish Federation Community Fund', giftCount: 2, totalAmount: 18 },
            { charityId: 'c-2', charityName: 'Tikkun Civil Rights Project', giftCount: 1, totalAmount: 7.2 },
          ],
        }),
      ),
    );
    renderApp(`/registry/${REGISTRY_ID}`);
    const section = within(await screen.findByRole('region', { name: 'Charity Breakdown' }));
    const table = within(await section.findByRole('table', { name: 'Charity Breakdown' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Charity', 'Gifts', 'To charity']);
    expect(table.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Jewish Federation Community Fund',
      'Tikkun Civil Rights Project',
      'Total',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Jewish Federation Community Fund', '2', 'CA$18.00'],
      ['Tikkun Civil Rights Project', '1', 'CA$7.20'],
      ['Total', '3', 'CA$25.20'],
    ]);
  });

  it('is shown on a closed registry too', async () => {
    const registry = aClosedRegistry({ payoutMethod: 'paypal', paypalEmail: 'sarah@example.com' });
    signInAs(member);
    serveRegistry(registry);
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/charity-breakdown`, () =>
        HttpResponse.json({
          charities: [{ charityId: 'c-1', charityName: 'Jewish Federation Community Fund', giftCount: 2, totalAmount: 18 }],
        }),
      ),
    );
    renderApp(`/registry/${REGISTRY_ID}`);
    const section = within(await screen.findByRole('region', { name: 'Charity Breakdown' }));
    expect(await section.findByRole('rowheader', { name: 'Jewish Federation Community Fund' })).toBeInTheDocument();
    expect(section.getByRole('cell', { name: '$18.00' })).toBeInTheDocument();
  });

  it('says so before the first gift, without asking the server', async () => {
    let calls = 0;
    signInAs(member);
    serveRegistry(anOwnerRegistry());
    server.use(
      http.get(`/api/registries/${REGISTRY_ID}/charity-breakdown`, () => {
        calls += 1;
        return HttpResponse.json({ charities: [] });
      }),
    );
    renderApp(`/registry/${REGISTRY_ID}`);
    const section = within(await screen.findByRole('region', { name: 'Charity Breakdown' }));
    expect(section.getByText('No gifts yet. When guests give, you will see here how much goes to each charity.')).toBeInTheDocument();
    await waitFor(() => expect(calls).toBe(0));
  });

  it('is not shown to visitors', async () => {
    serveRegistry({ ...anOwnerRegistry(), isOwner: false } as unknown as OwnerRegistryView);
    renderApp(`/registry/${REGISTRY_ID}`);
    await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
    expect(screen.queryByRole('region', { name: 'Charity Breakdown' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Close Registry & Receive Funds' })).not.toBeInTheDocument();
  });
});
