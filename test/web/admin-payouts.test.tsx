import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CharityPayoutView, ManualPayout, PendingCharityPayout } from '../../web/src/features/admin/api/admin-payouts';
import { admin, server, signInAs } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';

/** Claimed by the administrator looking: they may mark it completed. */
const MINE = { by: 'ops', at: '2030-04-03T14:30:00.000Z', byYou: true };
const pendingRows: PendingCharityPayout[] = [
  {
    payoutId: 'p-1',
    charityId: 'c-1',
    charityName: 'Jewish Federation Community Fund',
    currency: 'USD',
    totalAmount: 18,
    giftCount: 2,
    status: 'sending',
    claim: MINE,
  },
  {
    payoutId: 'p-2',
    charityId: 'c-2',
    charityName: 'Tikkun Civil Rights Project',
    currency: 'CAD',
    totalAmount: 7.2,
    giftCount: 1,
    status: 'sending',
    claim: MINE,
  },
  {
    payoutId: 'p-3',
    charityId: 'c-1',
    charityName: 'Jewish Federation Community Fund',
    currency: 'CAD',
    totalAmount: 3.6,
    giftCount: 1,
    status: 'sending',
    claim: MINE,
  },
];

function aCharityPayout(overrides: Partial<CharityPayoutView> = {}): CharityPayoutView {
  return {
    id: 'p-1',
    charityId: 'c-1',
    charityName: 'Jewish Federation Community Fund',
    amount: 18,
    currency: 'USD',
    registryIds: ['r-1'],
    giftCount: 2,
    paymentMethod: null,
    referenceNumber: null,
    notes: null,
    status: 'sending',
    claim: MINE,
    completedAt: null,
    createdAt: '2030-04-02T15:00:00.000Z',
    updatedAt: '2030-04-02T15:00:00.000Z',
    ...overrides,
  };
}

const completedPayout = aCharityPayout({
  id: 'p-0',
  charityId: 'c-2',
  charityName: 'Tikkun Civil Rights Project',
  amount: 25,
  giftCount: 4,
  paymentMethod: 'ACH',
  referenceNumber: 'ACH-7781',
  notes: 'Quarterly distribution',
  status: 'completed',
  completedAt: '2030-03-01T10:00:00.000Z',
  createdAt: '2030-02-01T10:00:00.000Z',
});

/** The two lists, counted, answering `pending` and `history` (changeable by the test). */
function serveCharityPayouts(state: { pending: PendingCharityPayout[]; history: CharityPayoutView[] }) {
  const calls = { pending: 0, history: 0 };
  server.use(
    http.get('/api/admin/charity-payouts/pending', () => {
      calls.pending += 1;
      return HttpResponse.json(state.pending);
    }),
    http.get('/api/admin/charity-payouts', () => {
      calls.history += 1;
      return HttpResponse.json(state.history);
    }),
  );
  return calls;
}

async function openCharityPayouts() {
  signInAs(admin);
  const app = renderApp('/admin/charity-payouts');
  await screen.findByRole('heading', { level: 1, name: 'Charity Payouts' });
  return app;
}

describe('admin charity payouts page', () => {
  it('shows the pending totals per currency, the charities awaiting payout, and each pending distribution', async () => {
    serveCharityPayouts({ pending: pendingRows, history: [] });
    await openCharityPayouts();
    const totals = within(await screen.findByRole('list', { name: 'Pending totals' }));
    expect(within(totals.getByRole('group', { name: 'Total Pending (USD)' })).getByText('$18.00')).toBeInTheDocument();
    expect(within(totals.getByRole('group', { name: 'Total Pending (CAD)' })).getByText('CA$10.80')).toBeInTheDocument();
    expect(within(totals.getByRole('group', { name: 'Charities Awaiting Payout' })).getByText('2')).toBeInTheDocument();

    const pending = within(screen.getByRole('region', { name: 'Pending Distributions' }));
    const items = pending.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('heading', { name: 'Jewish Federation Community Fund' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('2 contributions')).toBeInTheDocument();
    expect(within(items[0]!).getByText('$18.00')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Being sent')).toBeInTheDocument();
    expect(within(items[1]!).getByText('1 contribution')).toBeInTheDocument();
    expect(within(items[1]!).getByText('CA$7.20')).toBeInTheDocument();
    expect(await screen.findByText('No charity payouts yet. They appear here when registries close.')).toBeInTheDocument();
    expect(document.title).toBe('Charity Payouts | Mitzvah Gifts');
  });

  it('shows empty states', async () => {
    serveCharityPayouts({ pending: [], history: [] });
    await openCharityPayouts();
    expect(await screen.findByText('No charity is waiting for a payout.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Pending (USD)' })).getByText('$0.00')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Charities Awaiting Payout' })).getByText('0')).toBeInTheDocument();
  });

  it('lists each pending charity once, with its id and Mark Completed, and the history of completed payouts with badge, count, method, date, reference, notes and amount', async () => {
    serveCharityPayouts({ pending: pendingRows.slice(0, 1), history: [aCharityPayout(), completedPayout] });
    await openCharityPayouts();
    const pending = within(screen.getByRole('region', { name: 'Pending Distributions' }));
    const history = within(screen.getByRole('region', { name: 'Payout History' }));
    const items = await history.findAllByRole('listitem');
    expect(items).toHaveLength(1);
    // Once on the page, not in both lists. The pending list is its own call, which may answer after
    // the history's: both are in before the count.
    const pendingItem = within(await pending.findByRole('listitem', { name: 'Jewish Federation Community Fund' }));
    expect(screen.getAllByRole('heading', { name: 'Jewish Federation Community Fund' })).toHaveLength(1);

    expect(pendingItem.getByText('Being sent')).toBeInTheDocument();
    expect(pendingItem.getByText(/^Being sent by you since Apr 3, 2030 at/)).toBeInTheDocument();
    expect(pendingItem.getByText('Charity ID').nextElementSibling).toHaveTextContent('c-1');
    expect(pendingItem.getByText('$18.00')).toBeInTheDocument();
    expect(await pendingItem.findByRole('button', { name: 'Mark Completed' })).toHaveAccessibleDescription(
      'Jewish Federation Community Fund $18.00',
    );

    const done = within(items[0]!);
    expect(done.getByText('Completed', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(done.getByText('Charity ID').nextElementSibling).toHaveTextContent('c-2');
    expect(done.getByText('Contributions').nextElementSibling).toHaveTextContent('4');
    expect(done.getByText('Payment method').nextElementSibling).toHaveTextContent('ACH');
    expect(done.getByText('Reference number').nextElementSibling).toHaveTextContent('ACH-7781');
    expect(done.getByText('Notes').nextElementSibling).toHaveTextContent('Quarterly distribution');
    expect(done.getByText('Completed', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Mar 1, 2030');
    expect(done.getByText('$25.00')).toBeInTheDocument();
    expect(done.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();
  });

  it('says so when every payout is still pending, listing none twice', async () => {
    serveCharityPayouts({ pending: pendingRows.slice(0, 1), history: [aCharityPayout()] });
    await openCharityPayouts();
    expect(await screen.findByText('No charity payout has been completed yet: those waiting are listed above.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Payout History' })).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('Mark Completed asks for method and reference, PATCHes the status, says "Payout Marked Complete" and reloads both lists', async () => {
    const state = { pending: pendingRows.slice(0, 1), history: [aCharityPayout()] };
    const calls = serveCharityPayouts(state);
    const bodies: unknown[] = [];
    server.use(
      http.patch('/api/admin/charity-payouts/:id/status', async ({ params, request }) => {
        bodies.push({ id: params.id, body: await request.json() });
        const done = aCharityPayout({
          status: 'completed',
          paymentMethod: 'Check',
          referenceNumber: '1042',
          notes: 'Mailed to the office',
          completedAt: '2030-04-10T10:00:00.000Z',
        });
        state.pending = [];
        state.history = [done];
        return HttpResponse.json(done);
      }),
    );
    const { user } = await openCharityPayouts();
    await user.click(await screen.findByRole('button', { name: 'Mark Completed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark Payout Completed' }));
    expect(dialog.getByText('Record how $18.00 was paid to Jewish Federation Community Fund.')).toBeInTheDocument();
    expect(dialog.getByLabelText(/^Payment Method/)).toHaveFocus();

    await user.click(dialog.getByRole('button', { name: 'Confirm Payout' }));
    expect(await dialog.findByText('Payment method is required')).toBeInTheDocument();
    expect(dialog.getByText('Reference number is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await fillIn(user, dialog.getByLabelText(/^Payment Method/), 'Check');
    await fillIn(user, dialog.getByLabelText(/^Reference Number/), '1042');
    await fillIn(user, dialog.getByLabelText('Notes (optional)'), 'Mailed to the office');
    await user.click(dialog.getByRole('button', { name: 'Confirm Payout' }));

    expect(await within(toastRegion()).findByText('Payout Marked Complete')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        id: 'p-1',
        body: { status: 'completed', paymentMethod: 'Check', referenceNumber: '1042', notes: 'Mailed to the office', expectedAmount: 18 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No charity is waiting for a payout.')).toBeInTheDocument();
    expect(calls).toEqual({ pending: 2, history: 2 });
    const history = within(screen.getByRole('region', { name: 'Payout History' }));
    await waitFor(() => expect(history.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument());
    // The history is asked for again beside the pending list, and may answer after it.
    expect((await history.findByText('Reference number')).nextElementSibling).toHaveTextContent('1042');
  });

  it('a refused update shows "Failed to update payout status" in the dialog, not in a toast', async () => {
    serveCharityPayouts({ pending: pendingRows.slice(0, 1), history: [aCharityPayout()] });
    server.use(
      http.patch('/api/admin/charity-payouts/:id/status', () =>
        HttpResponse.json({ message: 'The payout grew since you looked at it' }, { status: 409 }),
      ),
    );
    const { user } = await openCharityPayouts();
    await user.click(await screen.findByRole('button', { name: 'Mark Completed' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark Payout Completed' }));
    await fillIn(user, dialog.getByLabelText(/^Payment Method/), 'Wire');
    await fillIn(user, dialog.getByLabelText(/^Reference Number/), 'W-1');
    await user.click(dialog.getByRole('button', { name: 'Confirm Payout' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update payout status');
    expect(alert).toHaveTextContent('The payout grew since you looked at it');
    expect(within(toastRegion()).queryByText('Failed to update payout status')).not.toBeInTheDocument();
    expect(within(toastRegion()).queryByText('Payout Marked Complete')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Mark Payout Completed' })).toBeInTheDocument();
  });
});

describe('claiming a charity payout', () => {
  it('offers Claim to Send for a payout nobody holds, POSTs the claim and reloads the lists; one another administrator holds shows who and since when', async () => {
    const state = {
      pending: [
        { ...pendingRows[0]!, status: 'pending' as const, claim: null },
        { ...pendingRows[1]!, claim: { by: 'rachel', at: '2030-04-03T09:05:00.000Z', byYou: false } },
      ],
      history: [
        aCharityPayout({ status: 'pending', claim: null }),
        aCharityPayout({
          id: 'p-2',
          charityId: 'c-2',
          charityName: 'Tikkun Civil Rights Project',
          claim: { by: 'rachel', at: '2030-04-03T09:05:00.000Z', byYou: false },
        }),
      ],
    };
    const calls = serveCharityPayouts(state);
    const posted: string[] = [];
    server.use(
      http.post('/api/admin/charity-payouts/:id/:change', ({ params }) => {
        posted.push(`${String(params.change)} ${String(params.id)}`);
        state.pending = [{ ...pendingRows[0]!, claim: MINE }, state.pending[1]!];
        return HttpResponse.json(aCharityPayout({ claim: MINE }));
      }),
    );
    const { user } = await openCharityPayouts();
    const pending = within(screen.getByRole('region', { name: 'Pending Distributions' }));
    const free = within(await pending.findByRole('listitem', { name: 'Jewish Federation Community Fund' }));
    expect(free.getByText('Pending')).toBeInTheDocument();
    expect(free.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();
    const held = within(pending.getByRole('listitem', { name: 'Tikkun Civil Rights Project' }));
    expect(held.getByText(/^Being sent by rachel since Apr 3, 2030 at/)).toBeInTheDocument();
    expect(held.queryByRole('button', { name: 'Mark Completed' })).not.toBeInTheDocument();

    await user.click(free.getByRole('button', { name: 'Claim to Send' }));
    expect(await within(toastRegion()).findByText('Payout Claimed')).toBeInTheDocument();
    expect(posted).toEqual(['claim p-1']);
    expect(await free.findByRole('button', { name: 'Mark Completed' })).toBeInTheDocument();
    expect(calls.pending).toBeGreaterThan(1);
  });

  it('releases another administrator’s claim only after a confirmation that says what it means', async () => {
    serveCharityPayouts({
      pending: [{ ...pendingRows[0]!, claim: { by: 'rachel', at: '2030-04-03T09:05:00.000Z', byYou: false } }],
      history: [aCharityPayout()],
    });
    const posted: string[] = [];
    server.use(
      http.post('/api/admin/charity-payouts/:id/:change', ({ params }) => {
        posted.push(`${String(params.change)} ${String(params.id)}`);
        return HttpResponse.json(aCharityPayout({ status: 'pending', claim: null }));
      }),
    );
    const { user } = await openCharityPayouts();
    await user.click(await screen.findByRole('button', { name: "Release rachel’s claim on Jewish Federation Community Fund's payout" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Release rachel’s claim?' }));
    expect(dialog.getByText(/Release the claim only if you know the money was not sent/)).toBeInTheDocument();
    expect(posted).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, Release the Claim' }));
    expect(await within(toastRegion()).findByText('Claim Released')).toBeInTheDocument();
    expect(posted).toEqual(['release p-1']);
  });
});

function aManualPayout(overrides: Partial<ManualPayout> = {}): ManualPayout {
  return {
    id: 'r-1',
    childName: 'Noah',
    shortCode: 'k7m2q9xz',
    closedAt: '2030-04-02T15:00:00.000Z',
    payoutMethod: 'paypal',
    currency: 'USD',
    totalReceived: 180,
    payoutAmount: 162,
    charityPayoutAmount: 18,
    paypalEmail: 'sarah@example.com',
    mailingName: null,
    mailingAddress: null,
    mailingCity: null,
    mailingState: null,
    mailingZip: null,
    mailingCountry: 'US',
    payoutStatus: 'sending',
    payoutSentAt: null,
    ownerEmail: 'sarah@example.com',
    claim: MINE,
    referenceNumber: null,
    ...overrides,
  };
}

const checkPayout = aManualPayout({
  id: 'r-2',
  childName: 'Leah',
  payoutMethod: 'check',
  currency: 'CAD',
  totalReceived: 360,
  payoutAmount: 324,
  charityPayoutAmount: 36,
  paypalEmail: null,
  mailingName: 'David Levi',
  mailingAddress: '5 Elm Rd',
  mailingCity: 'Toronto',
  mailingState: 'ON',
  mailingZip: 'M5V 2T6',
  mailingCountry: 'US',
});

const sentPayout = aManualPayout({
  id: 'r-3',
  childName: 'Eli',
  payoutStatus: 'completed',
  payoutSentAt: '2030-03-20T10:00:00.000Z',
  paypalEmail: 'eli.family@example.com',
  payoutAmount: 90,
});

function serveManualPayouts(state: { pending: ManualPayout[]; completed: ManualPayout[] }) {
  const calls = { list: 0 };
  server.use(
    http.get('/api/admin/manual-payouts', () => {
      calls.list += 1;
      return HttpResponse.json(state);
    }),
  );
  return calls;
}

async function openManualPayouts() {
  signInAs(admin);
  const app = renderApp('/admin/manual-payouts');
  await screen.findByRole('heading', { level: 1, name: 'Manual Payouts' });
  return app;
}

describe('admin manual payouts page', () => {
  it('shows the counts, the pending cards with what to send and how, and the completed list', async () => {
    serveManualPayouts({ pending: [aManualPayout(), checkPayout], completed: [sentPayout] });
    await openManualPayouts();
    expect(within(await screen.findByRole('group', { name: 'Pending Payouts' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Completed Payouts' })).getByText('1')).toBeInTheDocument();

    const pending = within(screen.getByRole('region', { name: 'Pending Payouts' }));
    const paypal = within(pending.getByRole('listitem', { name: 'Noah' }));
    expect(paypal.getByText('Closed').nextElementSibling).toHaveTextContent('Apr 2, 2030');
    expect(paypal.getByText('Method').nextElementSibling).toHaveTextContent('PayPal');
    expect(paypal.getByText('Total Received').nextElementSibling).toHaveTextContent('$180.00');
    expect(paypal.getByText('Amount to Send to Family').nextElementSibling).toHaveTextContent('$162.00');
    expect(paypal.getByText('Send by PayPal')).toBeInTheDocument();
    expect(paypal.getByText(/^PayPal email:/)).toHaveTextContent('PayPal email: sarah@example.com');
    expect(paypal.getByText('Send $162.00 to sarah@example.com.')).toBeInTheDocument();
    expect(paypal.getByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
    expect(paypal.getByText(/^Being sent by you since/)).toBeInTheDocument();

    const check = within(pending.getByRole('listitem', { name: 'Leah' }));
    expect(check.getByText('Method').nextElementSibling).toHaveTextContent('Check');
    expect(check.getByText('Amount to Send to Family').nextElementSibling).toHaveTextContent('CA$324.00');
    expect(check.getByText('Mail a check')).toBeInTheDocument();
    expect(check.getByText('David Levi', { selector: 'address span' }).closest('address')).toHaveTextContent(
      'David Levi5 Elm RdToronto, ON M5V 2T6United States',
    );
    expect(check.getByText('Write a check for CA$324.00 payable to David Levi.')).toBeInTheDocument();

    const completed = within(screen.getByRole('region', { name: 'Completed Payouts' }));
    const row = within(completed.getByRole('listitem', { name: 'Eli' }));
    expect(row.getByText('PayPal: eli.family@example.com')).toBeInTheDocument();
    expect(row.getByText('$90.00')).toBeInTheDocument();
    expect(row.getByText('Sent Mar 20, 2030')).toBeInTheDocument();
  });

  it('shows empty states', async () => {
    serveManualPayouts({ pending: [], completed: [] });
    await openManualPayouts();
    expect(await screen.findByText('No payouts are waiting to be sent.')).toBeInTheDocument();
    expect(screen.getByText('No payouts have been completed yet.')).toBeInTheDocument();
  });

  it('Mark as Complete asks for the PayPal transaction ID, PATCHes it, says "Payout Marked Complete" and reloads the lists', async () => {
    const state = { pending: [aManualPayout()], completed: [] as ManualPayout[] };
    const calls = serveManualPayouts(state);
    const patched: unknown[] = [];
    server.use(
      http.patch('/api/admin/manual-payouts/:id/complete', async ({ params, request }) => {
        patched.push([params.id, await request.json()]);
        const done = aManualPayout({
          payoutStatus: 'completed',
          payoutSentAt: '2030-04-06T10:00:00.000Z',
          referenceNumber: '5TY05013RG002845M',
        });
        state.pending = [];
        state.completed = [done];
        return HttpResponse.json(done);
      }),
    );
    const { user } = await openManualPayouts();
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark Payout as Complete?' }));
    expect(
      dialog.getByText("Confirm that $162.00 was sent to Noah's family by PayPal. The family's registry is then marked as paid."),
    ).toBeInTheDocument();
    // The transaction ID is required: without it nothing is sent, and the field says why.
    await user.click(dialog.getByRole('button', { name: 'Yes, Mark as Complete' }));
    const field = await dialog.findByRole('textbox', { name: 'PayPal Transaction ID' });
    await waitFor(() => expect(field).toHaveAccessibleDescription('Enter the PayPal transaction ID of the payment you sent'));
    expect(field).toHaveFocus();
    expect(patched).toHaveLength(0);
    await user.type(field, '5TY05013RG002845M');
    await user.click(dialog.getByRole('button', { name: 'Yes, Mark as Complete' }));

    expect(await within(toastRegion()).findByText('Payout Marked Complete')).toBeInTheDocument();
    expect(patched).toEqual([['r-1', { referenceNumber: '5TY05013RG002845M' }]]);
    expect(await screen.findByText('No payouts are waiting to be sent.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Pending Payouts' })).toHaveFocus();
    const completed = within(screen.getByRole('region', { name: 'Completed Payouts' }));
    expect(completed.getByText('Sent Apr 6, 2030')).toBeInTheDocument();
    expect(completed.getByText('5TY05013RG002845M')).toBeInTheDocument();
    expect(calls.list).toBe(2);
  });

  it.each([
    [{ message: 'This payout was already completed' }, 'This payout was already completed'],
    [{}, 'Failed to mark payout as complete'],
  ])('a refusal gives an "Error" toast with the message or the fallback (%j)', async (body, expected) => {
    serveManualPayouts({ pending: [aManualPayout()], completed: [] });
    server.use(http.patch('/api/admin/manual-payouts/:id/complete', () => HttpResponse.json(body, { status: 409 })));
    const { user } = await openManualPayouts();
    await user.click(await screen.findByRole('button', { name: 'Mark as Complete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark Payout as Complete?' }));
    await user.type(dialog.getByRole('textbox', { name: 'PayPal Transaction ID' }), '5TY05013RG002845M');
    await user.click(dialog.getByRole('button', { name: 'Yes, Mark as Complete' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error')).toBeInTheDocument();
    expect(toasts.getByText(expected)).toBeInTheDocument();
    expect(toasts.queryByText('Payout Marked Complete')).not.toBeInTheDocument();
  });
});

describe('claiming a manual payout', () => {
  it('Claim to Send POSTs the claim; then the holder sees Mark as Complete and Release, and another administrator sees who holds it', async () => {
    const state = { pending: [aManualPayout({ payoutStatus: 'pending', claim: null })], completed: [] as ManualPayout[] };
    serveManualPayouts(state);
    const posted: string[] = [];
    server.use(
      http.post('/api/admin/manual-payouts/:id/:change', ({ params }) => {
        posted.push(`${String(params.change)} ${String(params.id)}`);
        state.pending = [
          aManualPayout({
            claim: params.change === 'claim' ? MINE : null,
            payoutStatus: params.change === 'claim' ? 'sending' : 'pending',
          }),
        ];
        return HttpResponse.json(state.pending[0]);
      }),
    );
    const { user } = await openManualPayouts();
    const card = within(await screen.findByRole('listitem', { name: 'Noah' }));
    expect(card.getByText('Pending', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Claim to Send' }));
    expect(await within(toastRegion()).findByText('Payout Claimed')).toBeInTheDocument();
    expect(await card.findByRole('button', { name: 'Mark as Complete' })).toBeInTheDocument();
    expect(card.getByText(/^Being sent by you since/)).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: "Release Noah's payout: it was not sent" }));
    expect(await within(toastRegion()).findByText('Claim Released')).toBeInTheDocument();
    expect(posted).toEqual(['claim r-1', 'release r-1']);
  });

  it('shows another administrator’s claim with their name and time, without Mark as Complete', async () => {
    serveManualPayouts({
      pending: [aManualPayout({ claim: { by: 'rachel', at: '2030-04-03T09:05:00.000Z', byYou: false } })],
      completed: [],
    });
    await openManualPayouts();
    const card = within(await screen.findByRole('listitem', { name: 'Noah' }));
    expect(card.getByText(/^Being sent by rachel since Apr 3, 2030 at/)).toBeInTheDocument();
    expect(card.getByText('Being sent', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Mark as Complete' })).not.toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Claim to Send' })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: "Release rachel’s claim on Noah's payout" })).toBeInTheDocument();
  });
});
