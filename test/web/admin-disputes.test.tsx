import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DisputeView } from '@api/disputes';
import { admin, server, signInAs } from './msw-server';
import { fillIn, renderApp, toastRegion } from './render-app';

function aDispute(overrides: Partial<DisputeView> = {}): DisputeView {
  return {
    id: 'd-1',
    providerDisputeId: 'du_1Test',
    currency: 'USD',
    amount: 106.39,
    reason: 'fraudulent',
    reasonText: 'The cardholder says they did not make it',
    status: 'needs_response',
    outcome: null,
    evidenceDueBy: '2026-12-02T23:59:59.000Z',
    awaitsEvidence: true,
    evidenceSubmittedAt: null,
    evidenceText: null,
    phase: 'held',
    withdrawnAmount: 106.39,
    withdrawnFee: 15,
    returned: null,
    reversibleAmount: null,
    transferReversalId: null,
    reversedAmount: null,
    followUp: null,
    createdAt: '2026-11-25T12:00:00.000Z',
    closedAt: null,
    gift: { id: 'g-1', giftGiverName: 'Shira Rosen', giftGiverEmail: 'shira@example.com', amount: 100 },
    registry: { id: 'r-1', childName: 'Noa', shortCode: 'noa2027', status: 'open' },
    ...overrides,
  };
}

async function openDisputes(list: DisputeView[]) {
  const state = { list };
  server.use(http.get('/api/admin/disputes', () => HttpResponse.json(state.list)));
  signInAs(admin);
  const app = renderApp('/admin/disputes');
  // The page loads lazily: the first visit in a file also pays for compiling it.
  await screen.findByRole('heading', { level: 1, name: 'Disputes' }, { timeout: 15_000 });
  return { ...app, state };
}

describe('Admin → Disputes', () => {
  it('a won dispute says what came back: the amount and the fee, or the amount with the fee the provider kept', async () => {
    const won = {
      status: 'won' as const,
      outcome: 'won' as const,
      awaitsEvidence: false,
      closedAt: '2026-12-01T12:00:00.000Z',
      withdrawnAmount: 40.48,
      withdrawnFee: 15,
    };
    await openDisputes([
      aDispute({ ...won, id: 'd-all', returned: { amount: 40.48, fee: 15 } }),
      aDispute({
        ...won,
        id: 'd-kept',
        returned: { amount: 40.48, fee: 0 },
        gift: { id: 'g-2', giftGiverName: 'Avi Levi', giftGiverEmail: 'avi@example.com', amount: 36 },
      }),
      aDispute({
        ...won,
        id: 'd-not-yet',
        returned: null,
        gift: { id: 'g-3', giftGiverName: 'Dana Rose', giftGiverEmail: 'dana@example.com', amount: 36 },
      }),
    ]);
    const all = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(all.queryByText('Taken by the provider')).not.toBeInTheDocument();
    expect(all.getByText('Came back from the provider').nextElementSibling).toHaveTextContent(
      'Won: the $40.48 and the $15.00 fee came back',
    );
    const kept = within(screen.getByRole('listitem', { name: 'Avi Levi’s gift to Noa' }));
    expect(kept.getByText('Came back from the provider').nextElementSibling).toHaveTextContent(
      'Won: the $40.48 came back; the provider kept the $15.00 fee',
    );
    const notYet = within(screen.getByRole('listitem', { name: 'Dana Rose’s gift to Noa' }));
    expect(notYet.getByText('Came back from the provider').nextElementSibling).toHaveTextContent(
      'Won: nothing has come back yet of the $40.48 and the $15.00 fee',
    );
  });

  it('shows each dispute’s gift, giver, amount, reason, evidence due date and status', async () => {
    await openDisputes([aDispute()]);
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(card.getByText('$106.39')).toBeInTheDocument();
    expect(card.getByText('Needs evidence')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'shira@example.com' })).toHaveAttribute('href', 'mailto:shira@example.com');
    expect(card.getByText('Bank’s reason').nextElementSibling).toHaveTextContent('The cardholder says they did not make it');
    expect(card.getByText('Evidence due').nextElementSibling).toHaveTextContent('Dec 2, 2026');
    expect(card.getByText('Gift').nextElementSibling).toHaveTextContent(
      '$100.00Held out of the family’s and the charity’s amounts until decided.',
    );
    expect(card.getByText('Taken by the provider').nextElementSibling).toHaveTextContent('$106.39 and a $15.00 fee');
    expect(card.queryByRole('button', { name: 'Reverse Family Transfer' })).toBeNull();
    expect(document.title).toBe('Disputes | Mitzvah Gifts');
  });

  it('says so when no gift was disputed', async () => {
    await openDisputes([]);
    expect(await screen.findByText('No gift has been disputed.')).toBeInTheDocument();
  });

  it('Submit Evidence asks for the text, sends it, and shows the server’s refusal in the dialog', async () => {
    const { user, state } = await openDisputes([aDispute()]);
    const bodies: unknown[] = [];
    let refuse = true;
    server.use(
      http.post('/api/admin/disputes/:id/evidence', async ({ request }) => {
        bodies.push(await request.json());
        if (refuse) return HttpResponse.json({ message: 'The payment provider did not confirm the evidence arrived.' }, { status: 502 });
        state.list = [
          aDispute({
            status: 'under_review',
            awaitsEvidence: false,
            evidenceText: 'winning_evidence',
            evidenceSubmittedAt: '2026-11-25T13:00:00.000Z',
          }),
        ];
        return HttpResponse.json(state.list[0]);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Submit Evidence' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Evidence for Shira Rosen’s gift' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Evidence' }));
    expect(await dialog.findByText('Please write the evidence to send to the bank')).toBeInTheDocument();
    await fillIn(user, dialog.getByRole('textbox', { name: 'Evidence' }), 'winning_evidence');
    await user.click(dialog.getByRole('button', { name: 'Submit Evidence' }));
    expect(await dialog.findByText('The payment provider did not confirm the evidence arrived.')).toBeInTheDocument();
    refuse = false;
    await user.click(dialog.getByRole('button', { name: 'Submit Evidence' }));
    expect(await within(toastRegion()).findByText('Evidence submitted')).toBeInTheDocument();
    expect(bodies).toEqual([{ evidence: 'winning_evidence' }, { evidence: 'winning_evidence' }]);
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(await card.findByText('Under review')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Submit Evidence' })).toBeNull();
  });

  it('offers to reverse the family’s transfer after a lost dispute paid out by bank, and says what it takes back', async () => {
    const lost = aDispute({
      status: 'lost',
      outcome: 'lost',
      awaitsEvidence: false,
      phase: 'paid',
      reversibleAmount: 90,
      registry: { id: 'r-1', childName: 'Noa', shortCode: 'noa2027', status: 'payout_sent' },
    });
    const { user, state } = await openDisputes([lost]);
    const reversed: string[] = [];
    server.use(
      http.post('/api/admin/disputes/:id/reverse-transfer', ({ params }) => {
        reversed.push(String(params.id));
        state.list = [{ ...lost, reversibleAmount: null, transferReversalId: 'trr_1', reversedAmount: 90 }];
        return HttpResponse.json(state.list[0]);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Reverse Family Transfer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reverse the family’s transfer?' }));
    expect(
      dialog.getByText(
        /takes \$90\.00 back from that transfer\. It is your choice, it cannot be undone, it is recorded in the audit trail under your name, and the family is told by e-mail\./,
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Take back $90.00' }));
    expect(await within(toastRegion()).findByText('Transfer reversed')).toBeInTheDocument();
    expect(reversed).toEqual(['d-1']);
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(await card.findByText('Taken back from the family’s bank transfer.')).toBeInTheDocument();
  });

  it('lists a dispute won after closing with its follow-up payout: claimed first, then the check that sent it recorded by its holder', async () => {
    const followUp = {
      method: 'check' as const,
      amount: 36,
      status: 'pending' as const,
      claim: null,
      reference: null,
      failureMessage: null,
      sentAt: null,
      sentBy: null,
    };
    const claimed = { ...followUp, status: 'sending' as const, claim: { by: 'ops', at: '2026-12-01T11:00:00.000Z', byYou: true } };
    const won = aDispute({
      status: 'won',
      outcome: 'won',
      awaitsEvidence: false,
      followUp,
      registry: { id: 'r-1', childName: 'Noa', shortCode: 'noa2027', status: 'closed' },
    });
    const { user, state } = await openDisputes([won]);
    const bodies: unknown[] = [];
    const calls: string[] = [];
    server.use(
      http.post('/api/admin/disputes/:id/follow-up-payout/claim', ({ params }) => {
        calls.push(`claim ${String(params.id)}`);
        state.list = [{ ...won, followUp: claimed }];
        return HttpResponse.json(state.list[0]);
      }),
      http.post('/api/admin/disputes/:id/follow-up-payout/complete', async ({ request }) => {
        bodies.push(await request.json());
        state.list = [
          {
            ...won,
            followUp: {
              ...claimed,
              status: 'completed',
              claim: null,
              reference: '1042',
              sentAt: '2026-12-01T12:00:00.000Z',
              sentBy: 'admin:ops',
            },
          },
        ];
        return HttpResponse.json(state.list[0]);
      }),
    );
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(card.getByText('Gift').nextElementSibling).toHaveTextContent('Held back at closing; now paid in a follow-up payout.');
    expect(card.getByText('Follow-up payout').nextElementSibling).toHaveTextContent(
      '$36.00 by check: waiting for an administrator to send it.',
    );
    // Nobody holds it: it is claimed before it is sent, as a manual payout.
    expect(card.queryByRole('button', { name: 'Mark Follow-up Sent' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Claim to Send' }));
    expect(await within(toastRegion()).findByText('Follow-up Claimed')).toBeInTheDocument();
    expect(calls).toEqual(['claim d-1']);
    const held = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(await held.findByText(/^Being sent by you since /)).toBeInTheDocument();
    expect(held.getByText('Follow-up payout').nextElementSibling).toHaveTextContent('$36.00 by check: being sent by you.');
    await user.click(held.getByRole('button', { name: 'Mark Follow-up Sent' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Mark the follow-up payout sent?' }));
    await user.click(dialog.getByRole('button', { name: 'Mark Sent' }));
    expect(await dialog.findByText('Please enter the PayPal transaction ID or the check number')).toBeInTheDocument();
    await fillIn(user, dialog.getByRole('textbox', { name: 'Check number' }), '1042');
    await user.click(dialog.getByRole('button', { name: 'Mark Sent' }));
    expect(await within(toastRegion()).findByText('Follow-up marked sent')).toBeInTheDocument();
    expect(bodies).toEqual([{ reference: '1042' }]);
    const after = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(await after.findByText(/\$36\.00 by check: sent .* by admin:ops \(1042\)\./)).toBeInTheDocument();
    expect(after.queryByRole('button', { name: 'Mark Follow-up Sent' })).toBeNull();
  });

  it('shows a follow-up another administrator holds as theirs: no way to mark it sent, and releasing their claim asks first', async () => {
    const followUp = {
      method: 'paypal' as const,
      amount: 36,
      status: 'sending' as const,
      claim: { by: 'rachel', at: '2026-12-01T11:00:00.000Z', byYou: false },
      reference: null,
      failureMessage: null,
      sentAt: null,
      sentBy: null,
    };
    const won = aDispute({
      status: 'won',
      outcome: 'won',
      awaitsEvidence: false,
      followUp,
      registry: { id: 'r-1', childName: 'Noa', shortCode: 'noa2027', status: 'closed' },
    });
    const { user, state } = await openDisputes([won]);
    const released: string[] = [];
    server.use(
      http.post('/api/admin/disputes/:id/follow-up-payout/release', ({ params }) => {
        released.push(String(params.id));
        state.list = [{ ...won, followUp: { ...followUp, status: 'pending', claim: null } }];
        return HttpResponse.json(state.list[0]);
      }),
    );
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(card.getByText(/^Being sent by rachel since /)).toBeInTheDocument();
    expect(card.getByText('Follow-up payout').nextElementSibling).toHaveTextContent('$36.00 by PayPal: being sent by rachel.');
    expect(card.queryByRole('button', { name: 'Mark Follow-up Sent' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Claim to Send' })).toBeNull();
    await user.click(card.getByRole('button', { name: /Release rachel’s claim/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Release rachel’s claim?' }));
    expect(dialog.getByText(/Release the claim only if you know the money was not sent/)).toBeInTheDocument();
    expect(released).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Yes, Release the Claim' }));
    expect(await within(toastRegion()).findByText('Claim Released')).toBeInTheDocument();
    expect(released).toEqual(['d-1']);
    const after = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(await after.findByRole('button', { name: 'Claim to Send' })).toBeInTheDocument();
  });

  it('says a follow-up its gift’s refund cancelled pays nothing, and offers nothing to send', async () => {
    const followUp = {
      method: 'check' as const,
      amount: 36,
      status: 'cancelled' as const,
      claim: null,
      reference: null,
      failureMessage: null,
      sentAt: null,
      sentBy: null,
    };
    await openDisputes([
      aDispute({
        status: 'won',
        outcome: 'won',
        awaitsEvidence: false,
        followUp,
        registry: { id: 'r-1', childName: 'Noa', shortCode: 'noa2027', status: 'closed' },
      }),
    ]);
    const card = within(await screen.findByRole('listitem', { name: 'Shira Rosen’s gift to Noa' }));
    expect(card.getByText('Gift').nextElementSibling).toHaveTextContent(
      'Held back at closing, won, then refunded to the giver: nothing is paid for it.',
    );
    expect(card.getByText('Follow-up payout').nextElementSibling).toHaveTextContent(
      '$36.00 by check: cancelled, since the gift was refunded to its giver.',
    );
    expect(card.queryByRole('button', { name: 'Claim to Send' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Mark Follow-up Sent' })).toBeNull();
  });
});
