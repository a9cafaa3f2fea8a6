import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FailedPayout, ManualPayout } from '@api/admin';
import type { PayoutStatusView } from '@api/payouts';
import { redirectTo } from '../../web/src/lib/redirect';
import { admin, member, server, signInAs } from './msw-server';
import { aCheckPayout } from '../support/builders';
import { aClosedRegistry, aPayoutStatus } from './payout-fixtures';
import { ownerToolsLoaded, renderApp, toastRegion, fillIn } from './render-app';
import { REGISTRY_ID, serveRegistry } from './registry-fixtures';

vi.mock('../../web/src/lib/redirect', () => ({ redirectTo: vi.fn() }));

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

const refused = { success: false as const, reason: 'account_closed', message: 'The bank account could not accept the transfer.' };

/** The owner's closed registry whose bank transfer was refused; the payout status follows what the test sets. */
async function openRefusedPayout(path = `/registry/${REGISTRY_ID}`, currency: 'USD' | 'CAD' = 'USD') {
  const registry = aClosedRegistry({ payoutMethod: 'bank', currency });
  const state: { payout: PayoutStatusView } = {
    payout: aPayoutStatus(registry, { transferResult: refused, retryAvailableAt: registry.closedAt }),
  };
  signInAs(member);
  serveRegistry(registry);
  server.use(http.get(`/api/registries/${REGISTRY_ID}/payout-status`, () => HttpResponse.json(state.payout)));
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  const status = within(screen.getByRole('region', { name: 'Payout Status' }));
  await status.findByText('Payout Issue');
  return { ...app, registry, state, status };
}

describe('the family’s ways out of a refused bank payout', () => {
  it('Update Bank Account asks for the provider’s link for this registry and goes there', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/connect/account-update-link', async ({ request }) => {
        asked.push(await request.json());
        return HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=update-1' });
      }),
    );
    const { user, status } = await openRefusedPayout();
    expect(
      status.getByText(
        'If your bank account changed or was closed, update it first, or have the payout sent by PayPal or a check instead.',
      ),
    ).toBeInTheDocument();
    await user.click(status.getByRole('button', { name: 'Update Bank Account' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=update-1'));
    expect(asked).toEqual([{ registryId: REGISTRY_ID }]);
  });

  it('back from the provider (connect=return), says to try again', async () => {
    const { status } = await openRefusedPayout(`/registry/${REGISTRY_ID}?connect=return`);
    expect(
      status.getByText('Welcome back. If you changed your bank account, choose Try again to send the transfer to it.'),
    ).toBeInTheDocument();
  });

  it('an expired link (connect=refresh) asks for a fresh one and goes there', async () => {
    server.use(
      http.post('/api/connect/account-update-link', () =>
        HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=fresh' }),
      ),
    );
    await openRefusedPayout(`/registry/${REGISTRY_ID}?connect=refresh`);
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=fresh'));
  });

  it('says when the link could not be had, with the server’s message', async () => {
    server.use(
      http.post('/api/connect/account-update-link', () =>
        HttpResponse.json({ message: 'The payment provider could not be reached. Please try again.' }, { status: 502 }),
      ),
    );
    const { user, status } = await openRefusedPayout();
    await user.click(status.getByRole('button', { name: 'Update Bank Account' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error loading onboarding')).toBeInTheDocument();
    expect(toasts.getByText('The payment provider could not be reached. Please try again.')).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('Switch to PayPal or Check checks the details as closing does, PUTs them, and shows the payout waiting to be mailed', async () => {
    const bodies: unknown[] = [];
    const { user, status, registry, state } = await openRefusedPayout();
    server.use(
      http.put(`/api/registries/${REGISTRY_ID}/payout-method`, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        bodies.push(body);
        const switched = {
          ...registry,
          payoutMethod: 'check' as const,
          mailingName: body.mailingName!,
          mailingAddress: body.mailingAddress!,
          mailingCity: body.mailingCity!,
          mailingState: body.mailingState!,
          mailingZip: body.mailingZip!,
        };
        state.payout = aPayoutStatus(switched);
        serveRegistry(switched);
        return HttpResponse.json(switched);
      }),
    );
    await user.click(status.getByRole('button', { name: 'Switch to PayPal or Check' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Switch to PayPal or Check' }));
    await user.click(dialog.getByRole('button', { name: 'Switch Payout' }));
    expect(await dialog.findByText('Name on the check is required')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    // Pasted rather than typed key by key: the fields' rules are the closure section's, tested there.
    for (const [label, value] of [
      [/^Name on Check/, 'Rachel Cohen'],
      [/^Street Address/, '12 Elm St'],
      [/^City/, 'Teaneck'],
      [/^State \/ Province/, 'NJ'],
      [/^ZIP \/ Postal Code/, '07666'],
    ] as const) {
      await user.click(dialog.getByLabelText(label));
      await user.paste(value);
    }
    await user.click(dialog.getByRole('button', { name: 'Switch Payout' }));

    expect(await within(toastRegion()).findByText('Payout switched')).toBeInTheDocument();
    expect(bodies).toEqual([{ ...aCheckPayout(), mailingCountry: 'US' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const after = within(screen.getByRole('region', { name: 'Payout Status' }));
    expect(await after.findByText('Your check will be mailed within 5-7 business days after closing.')).toBeInTheDocument();
    expect(after.queryByText('Payout Issue')).not.toBeInTheDocument();
    // A dialog of many fields: on a busy machine it takes longer than the default.
  }, 40_000);

  it('a CAD registry’s switch to a check mails it to Canada unless changed', async () => {
    const { user, status } = await openRefusedPayout(`/registry/${REGISTRY_ID}`, 'CAD');
    await user.click(status.getByRole('button', { name: 'Switch to PayPal or Check' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Switch to PayPal or Check' }));
    expect(dialog.getByLabelText('Country')).toHaveValue('CA');
  });

  it('shows a refused switch in the dialog, with the server’s message', async () => {
    server.use(
      http.put(`/api/registries/${REGISTRY_ID}/payout-method`, () =>
        HttpResponse.json(
          { message: 'The bank transfer went through after all, so the payout cannot be switched. Reload the page to see it.' },
          { status: 409 },
        ),
      ),
    );
    const { user, status } = await openRefusedPayout();
    await user.click(status.getByRole('button', { name: 'Switch to PayPal or Check' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Switch to PayPal or Check' }));
    await user.click(dialog.getByRole('radio', { name: 'PayPal' }));
    await fillIn(user, dialog.getByLabelText(/^PayPal Email/), 'rachel@example.com');
    await user.click(dialog.getByRole('button', { name: 'Switch Payout' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The bank transfer went through after all');
    expect(within(toastRegion()).queryByText('Payout switched')).not.toBeInTheDocument();
  });
});

function aFailedPayout(overrides: Partial<FailedPayout> = {}): FailedPayout {
  return {
    id: 'r-9',
    childName: 'Tamar',
    shortCode: 'k7m2q9xz',
    currency: 'USD',
    closedAt: '2025-04-02T15:00:00.000Z',
    payoutAmount: 162,
    transferAttempts: 3,
    transferFailureReason: 'account_closed',
    transferFailureMessage: 'The bank account could not accept the transfer.',
    // A refusal may be tried again at once: from closing.
    retryAvailableAt: '2025-04-02T15:00:00.000Z',
    owner: { name: 'Dana Weiss', email: 'dana@example.com' },
    ...overrides,
  };
}

async function openFailedPayouts(list: FailedPayout[]) {
  const state = { list };
  server.use(http.get('/api/admin/failed-payouts', () => HttpResponse.json(state.list)));
  signInAs(admin);
  const app = renderApp('/admin/failed-payouts');
  await screen.findByRole('heading', { level: 1, name: 'Failed Payouts' });
  return { ...app, state };
}

describe('Admin → Failed Payouts', () => {
  it('lists each failed bank payout with the provider’s reason, the tries and the family’s contact', async () => {
    await openFailedPayouts([aFailedPayout()]);
    const card = within(await screen.findByRole('listitem', { name: 'Tamar' }));
    expect(card.getByText('$162.00')).toBeInTheDocument();
    expect(card.getByText("Provider's reason").nextElementSibling).toHaveTextContent(
      'The bank account could not accept the transfer.account_closed',
    );
    expect(card.getByText('Tries').nextElementSibling).toHaveTextContent('3 tries');
    expect(card.getByText("Family's contact").nextElementSibling).toHaveTextContent('Dana Weiss');
    expect(card.getByRole('link', { name: 'dana@example.com' })).toHaveAttribute('href', 'mailto:dana@example.com');
    expect(card.getByRole('button', { name: 'Retry' })).toHaveAccessibleDescription('Tamar $162.00');
    expect(document.title).toBe('Failed Payouts | Mitzvah Gifts');
  });

  it('says so when nothing failed', async () => {
    await openFailedPayouts([]);
    expect(await screen.findByText('No bank payout is waiting: every one went through.')).toBeInTheDocument();
  });

  it('Retry tries the transfer again and says what the provider answered', async () => {
    const { user, state } = await openFailedPayouts([aFailedPayout()]);
    const retried: string[] = [];
    server.use(
      http.post('/api/admin/failed-payouts/:id/retry', ({ params }) => {
        retried.push(String(params.id));
        state.list = [];
        return HttpResponse.json({ transferResult: { success: true } });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await within(toastRegion()).findByText('Payout sent')).toBeInTheDocument();
    expect(retried).toEqual(['r-9']);
    expect(await screen.findByText('No bank payout is waiting: every one went through.')).toBeInTheDocument();
  });

  it('Switch Method sends PayPal or a check on the family’s word, and the payout leaves the list', async () => {
    const { user, state } = await openFailedPayouts([aFailedPayout()]);
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/admin/failed-payouts/:id/payout-method', async ({ request }) => {
        bodies.push(await request.json());
        state.list = [];
        return HttpResponse.json({ id: 'r-9', childName: 'Tamar', payoutMethod: 'paypal' } as Partial<ManualPayout>);
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Switch Method' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Switch to PayPal or Check' }));
    expect(dialog.getByText(/as the family asked\. The switch is recorded in the audit trail under your name\./)).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'PayPal' }));
    await fillIn(user, dialog.getByLabelText(/^PayPal Email/), 'dana.paypal@example.com');
    await user.click(dialog.getByRole('button', { name: 'Switch Payout' }));
    expect(await within(toastRegion()).findByText('Payout switched')).toBeInTheDocument();
    expect(bodies).toEqual([{ payoutMethod: 'paypal', paypalEmail: 'dana.paypal@example.com' }]);
    expect(await screen.findByText('No bank payout is waiting: every one went through.')).toBeInTheDocument();
  });

  it('offers neither action while the last try may still be under way', async () => {
    await openFailedPayouts([
      aFailedPayout({ transferFailureReason: null, transferFailureMessage: null, retryAvailableAt: '2999-01-01T00:00:00.000Z' }),
    ]);
    const card = within(await screen.findByRole('listitem', { name: 'Tamar' }));
    expect(card.getByRole('button', { name: 'Retry' })).toBeDisabled();
    expect(card.getByRole('button', { name: 'Switch Method' })).toBeDisabled();
    expect(
      card.getByText('The last try may still be under way: reload this page in a few minutes to try it again or switch it.'),
    ).toBeInTheDocument();
  });
});
