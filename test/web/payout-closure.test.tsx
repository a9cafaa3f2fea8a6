import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OwnerRegistryView } from '@api/registries';
import { redirectTo } from '../../web/src/lib/redirect';
import { member, server, signInAs } from './msw-server';
import { anAccount, noAccount, serveAccountStatus, verifiedAccount } from './payout-fixtures';
import { renderApp, toastRegion, ownerToolsLoaded, fillIn } from './render-app';
import { aGift, anOwnerRegistry, NOTHING_HELD, REGISTRY_ID, serveRegistry } from './registry-fixtures';

vi.mock('../../web/src/lib/redirect', () => ({ redirectTo: vi.fn() }));

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});

const CLOSURE = 'Close Registry & Receive Funds';

/** The $180 received: two succeeded $90 gifts, $81 + $9 each. */
const twoGifts = [
  aGift({ id: 'g-1', amount: 90, childAmount: 81, charityAmount: 9 }),
  aGift({ id: 'g-2', amount: 90, childAmount: 81, charityAmount: 9 }),
];

async function openAsOwner(overrides: Partial<OwnerRegistryView> = {}, query = '') {
  signInAs(member);
  const registry = anOwnerRegistry({
    giftCount: 2,
    hasGifts: true,
    totalReceived: 180,
    gifts: twoGifts,
    closingAmounts: { payoutAmount: 162, charityPayoutAmount: 18, held: NOTHING_HELD },
    ...overrides,
  });
  serveRegistry(registry);
  const app = renderApp(`/registry/${REGISTRY_ID}${query}`);
  await screen.findByRole('heading', { level: 1, name: "Noah's Bar/Bat Mitzvah" });
  await ownerToolsLoaded();
  return { ...app, registry };
}

function closure() {
  return within(screen.getByRole('region', { name: CLOSURE }));
}

function closeButton() {
  return closure().getByRole('button', { name: 'Close Registry' });
}

function closedRegistry(registry: OwnerRegistryView, changes: Partial<OwnerRegistryView>): OwnerRegistryView {
  return {
    ...registry,
    status: 'closed',
    closedAt: '2030-04-02T15:00:00.000Z',
    payoutAmount: 162,
    charityPayoutAmount: 18,
    ...changes,
  };
}

/** PUT payout-info and PUT close, recorded in the order they came. */
function serveClose(registry: OwnerRegistryView, closeAnswer: (saved: OwnerRegistryView) => Response | Promise<Response>) {
  const calls: { path: string; body: unknown }[] = [];
  let saved = registry;
  server.use(
    http.put('/api/registries/:id/payout-info', async ({ request }) => {
      const body = (await request.json()) as Partial<OwnerRegistryView>;
      calls.push({ path: 'payout-info', body });
      saved = { ...registry, ...body };
      return HttpResponse.json(saved);
    }),
    http.put('/api/registries/:id/close', async ({ request }) => {
      calls.push({ path: 'close', body: await request.text() });
      return closeAnswer(saved);
    }),
  );
  return calls;
}

describe('closure section of an open registry', () => {
  it('offers the three payout methods, shows the split, and keeps Close disabled until a method is chosen', async () => {
    await openAsOwner();
    const section = closure();
    const group = section.getByRole('radiogroup', { name: 'How would you like to receive the funds?' });
    for (const name of ['Bank transfer', 'PayPal', 'Mailed check']) {
      expect(within(group).getByRole('radio', { name })).not.toBeChecked();
    }
    expect(section.getByText('$180.00')).toBeInTheDocument();
    expect(section.getByText('$162.00')).toBeInTheDocument();
    expect(section.getByText('$18.00')).toBeInTheDocument();
    expect(closeButton()).toBeDisabled();
    expect(section.getByText('Choose how you would like to receive the funds above to close the registry')).toBeInTheDocument();
  });

  it("shows the sum of each succeeded gift's own split, as the server pays it, not a split of the total", async () => {
    const { user } = await openAsOwner({
      giftCount: 2,
      totalReceived: 2.1,
      // The server's sum of the succeeded gifts' own splits: 2 × $0.94 and 2 × $0.11.
      closingAmounts: { payoutAmount: 1.88, charityPayoutAmount: 0.22, held: NOTHING_HELD },
      paypalEmail: 'sarah@example.com',
      payoutMethod: 'paypal',
      gifts: [
        aGift({ id: 'g-1', amount: 1.05, childAmount: 0.94, charityAmount: 0.11 }),
        aGift({ id: 'g-2', amount: 1.05, childAmount: 0.94, charityAmount: 0.11 }),
        aGift({ id: 'g-3', amount: 50, childAmount: 45, charityAmount: 5, paymentStatus: 'pending' }),
      ],
    });
    const section = closure();
    expect(section.getByText('Total received').nextElementSibling).toHaveTextContent('$2.10');
    expect(section.getByText('To your family (90%)').nextElementSibling).toHaveTextContent('$1.88');
    expect(section.getByText('To charity (10%)').nextElementSibling).toHaveTextContent('$0.22');

    await user.click(closeButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Close Registry?' }));
    expect(dialog.getByText('To your family').nextElementSibling).toHaveTextContent('$1.88');
    expect(dialog.getByText('To charity').nextElementSibling).toHaveTextContent('$0.22');
  });

  it('says beforehand what a dispute holds back and that the rest is paid at closing, and lets the registry close', async () => {
    const { user } = await openAsOwner({
      totalReceived: 90,
      closingAmounts: {
        payoutAmount: 81,
        charityPayoutAmount: 9,
        held: { giftCount: 1, amount: 40, payoutAmount: 36, charityPayoutAmount: 4 },
      },
      paypalEmail: 'sarah@example.com',
      payoutMethod: 'paypal',
    });
    const said =
      '1 gift of $40.00 is disputed by its giver’s bank, so closing holds it back: your family’s $36.00 from it is paid to you once the bank decides for the gift, usually within 75 days, and the charity’s $4.00 joins its next payout. You do not need to wait: everything else is paid when you close.';
    expect(closure().getByRole('note')).toHaveTextContent(said);
    expect(closeButton()).toBeEnabled();
    await user.click(closeButton());
    const dialog = within(await screen.findByRole('dialog', { name: 'Close Registry?' }));
    expect(dialog.getByText(said)).toBeInTheDocument();
    expect(dialog.getByText('To your family').nextElementSibling).toHaveTextContent('$81.00');
  });

  it('says nothing of disputes when none is undecided', async () => {
    await openAsOwner();
    expect(closure().queryByText(/disputed by/)).not.toBeInTheDocument();
  });

  it('shows the figures the server answers for closing, and sums no gifts of its own', async () => {
    // The gift list is the owner's to read; what closing pays is the server's rule (closingAmounts).
    await openAsOwner({ gifts: [], closingAmounts: { payoutAmount: 162.01, charityPayoutAmount: 17.99, held: NOTHING_HELD } });
    const section = closure();
    expect(section.getByText('To your family (90%)').nextElementSibling).toHaveTextContent('$162.01');
    expect(section.getByText('To charity (10%)').nextElementSibling).toHaveTextContent('$17.99');
  });

  it('PayPal: the hint until an e-mail is entered, then Close is enabled', async () => {
    const { user } = await openAsOwner();
    await user.click(closure().getByRole('radio', { name: 'PayPal' }));
    expect(closeButton()).toBeDisabled();
    expect(closure().getByText('Enter your PayPal email above to close the registry')).toBeInTheDocument();
    expect(closeButton()).toHaveAccessibleDescription('Enter your PayPal email above to close the registry');

    await fillIn(user, closure().getByLabelText(/^PayPal Email/), 'sarah@example.com');
    expect(closeButton()).toBeEnabled();
    expect(closure().queryByText('Enter your PayPal email above to close the registry')).not.toBeInTheDocument();
  });

  it('check: the hint until name, street address, city, state and ZIP are all filled; the country defaults to US', async () => {
    const { user } = await openAsOwner();
    await user.click(closure().getByRole('radio', { name: 'Mailed check' }));
    const hint = 'Fill in your mailing address above to close the registry';
    expect(closure().getByText(hint)).toBeInTheDocument();
    expect(closure().getByLabelText('Country')).toHaveValue('US');
    expect(
      within(closure().getByLabelText('Country'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['United States', 'Canada']);

    await fillIn(user, closure().getByLabelText(/^Name on Check/), 'Sarah Cohen');
    await fillIn(user, closure().getByLabelText(/^Street Address/), '12 Main St');
    await fillIn(user, closure().getByLabelText(/^City/), 'Springfield');
    await fillIn(user, closure().getByLabelText(/^State \/ Province/), 'IL');
    expect(closeButton()).toBeDisabled();
    await fillIn(user, closure().getByLabelText(/^ZIP \/ Postal Code/), '62701');
    expect(closeButton()).toBeEnabled();
    expect(closure().queryByText(hint)).not.toBeInTheDocument();
  });

  it('a CAD registry’s check goes to Canada unless changed', async () => {
    const { user } = await openAsOwner({ currency: 'CAD' });
    await user.click(closure().getByRole('radio', { name: 'Mailed check' }));
    expect(closure().getByLabelText('Country')).toHaveValue('CA');
  });

  it('a check saved to the United States for a CAD registry stays there', async () => {
    await openAsOwner({
      currency: 'CAD',
      payoutMethod: 'check',
      mailingName: 'Sarah Cohen',
      mailingAddress: '12 Main St',
      mailingCity: 'Buffalo',
      mailingState: 'NY',
      mailingZip: '14201',
      mailingCountry: 'US',
    });
    expect(closure().getByLabelText('Country')).toHaveValue('US');
  });

  it('comes back to the bank method saved before leaving for the onboarding, with no ?connect in the address', async () => {
    serveAccountStatus(verifiedAccount);
    await openAsOwner({ payoutMethod: 'bank' });
    expect(closure().getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    expect(await closure().findByText('Bank account verified')).toBeInTheDocument();
  });

  it('comes back with the details saved before', async () => {
    await openAsOwner({ payoutMethod: 'paypal', paypalEmail: 'saved@example.com' });
    expect(closure().getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(closure().getByLabelText(/^PayPal Email/)).toHaveValue('saved@example.com');
    expect(closeButton()).toBeEnabled();
  });

  it('saves the payout details on request', async () => {
    const { user, registry } = await openAsOwner({ payoutMethod: 'check', mailingCountry: 'US' });
    const calls = serveClose(registry, () => HttpResponse.json({}));
    await fillIn(user, closure().getByLabelText(/^Name on Check/), 'Sarah Cohen');
    await fillIn(user, closure().getByLabelText(/^Street Address/), '1 Rue Principale');
    await fillIn(user, closure().getByLabelText(/^City/), 'Montreal');
    await fillIn(user, closure().getByLabelText(/^State \/ Province/), 'QC');
    await fillIn(user, closure().getByLabelText(/^ZIP \/ Postal Code/), 'H2X 1Y4');
    await user.selectOptions(closure().getByLabelText('Country'), 'CA');
    await user.click(closure().getByRole('button', { name: 'Save Payout Details' }));
    expect(await within(toastRegion()).findByText('Payout details saved')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        path: 'payout-info',
        body: {
          payoutMethod: 'check',
          mailingName: 'Sarah Cohen',
          mailingAddress: '1 Rue Principale',
          mailingCity: 'Montreal',
          mailingState: 'QC',
          mailingZip: 'H2X 1Y4',
          mailingCountry: 'CA',
        },
      },
    ]);
  });
});

describe('bank account setup', () => {
  it('creates the payment account (US for a USD registry), saves the bank method and goes straight on to the onboarding link', async () => {
    serveAccountStatus(noAccount);
    const created: unknown[] = [];
    const linked: unknown[] = [];
    const calls: string[] = [];
    const saved: unknown[] = [];
    server.use(
      http.put('/api/registries/:id/payout-info', async ({ request }) => {
        calls.push('payout-info');
        saved.push(await request.json());
        return HttpResponse.json(
          anOwnerRegistry({
            payoutMethod: 'bank',
            giftCount: 2,
            hasGifts: true,
            totalReceived: 180,
            gifts: twoGifts,
            closingAmounts: { payoutAmount: 162, charityPayoutAmount: 18, held: NOTHING_HELD },
          }),
        );
      }),
      http.post('/api/connect/create-account', async ({ request }) => {
        calls.push('create-account');
        created.push(await request.json());
        return HttpResponse.json(anAccount());
      }),
      http.post('/api/connect/onboarding-link', async ({ request }) => {
        calls.push('onboarding-link');
        linked.push(await request.json());
        return HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=t-1' });
      }),
    );
    const { user } = await openAsOwner();
    await user.click(closure().getByRole('radio', { name: 'Bank transfer' }));
    const bank = within(await closure().findByRole('group', { name: 'Bank Account' }));
    await user.click(await bank.findByRole('button', { name: 'Create Payment Account' }));
    expect(closeButton()).toBeDisabled();
    expect(closure().getByText('Complete your bank account setup above to close the registry')).toBeInTheDocument();

    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=t-1'));
    expect(redirectTo).toHaveBeenCalledTimes(1);
    expect(created).toEqual([{ country: 'US' }]);
    expect(linked).toEqual([{ registryId: REGISTRY_ID }]);
    // Saved before leaving, so however the family comes back (a reload, days later) bank is chosen.
    expect(saved).toEqual([{ payoutMethod: 'bank' }]);
    expect(calls).toEqual(['create-account', 'payout-info', 'onboarding-link']);
    // The page is leaving: no second click is asked for, and nothing offers one.
    expect(bank.getByText('Payment account created. Opening the bank account setup…')).toBeInTheDocument();
    expect(bank.queryByRole('button', { name: 'Continue Setup' })).not.toBeInTheDocument();
    expect(closeButton()).toBeDisabled();
  });

  it('keeps the new account and offers Continue Setup when the onboarding link fails right after creating it', async () => {
    serveAccountStatus(noAccount);
    let links = 0;
    server.use(
      http.post('/api/connect/create-account', () => HttpResponse.json(anAccount())),
      http.post('/api/connect/onboarding-link', () =>
        ++links === 1
          ? HttpResponse.json({ message: 'The payment provider is unavailable' }, { status: 502 })
          : HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=t-2' }),
      ),
    );
    const { user } = await openAsOwner({ payoutMethod: 'bank' });
    const bank = within(await closure().findByRole('group', { name: 'Bank Account' }));
    await user.click(await bank.findByRole('button', { name: 'Create Payment Account' }));

    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error loading onboarding')).toBeInTheDocument();
    expect(toasts.getByText('The payment provider is unavailable')).toBeInTheDocument();
    expect(await bank.findByText('Bank account not verified yet')).toBeInTheDocument();
    expect(bank.getByText('Bank account details')).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();

    await user.click(bank.getByRole('button', { name: 'Continue Setup' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=t-2'));
    expect(closeButton()).toBeDisabled();
  });

  it('asks for a Canadian account for a CAD registry', async () => {
    serveAccountStatus(noAccount);
    const created: unknown[] = [];
    server.use(
      http.post('/api/connect/create-account', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json(anAccount({ country: 'CA' }));
      }),
      http.post('/api/connect/onboarding-link', () => HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=t-ca' })),
    );
    const { user } = await openAsOwner({ currency: 'CAD', payoutMethod: 'bank' });
    const bank = within(await closure().findByRole('group', { name: 'Bank Account' }));
    expect(await bank.findByText(/The bank account must be in Canada/)).toBeInTheDocument();
    await user.click(bank.getByRole('button', { name: 'Create Payment Account' }));
    await waitFor(() => expect(created).toEqual([{ country: 'CA' }]));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=t-ca'));
  });

  it('names the United States as a sentence does for a USD registry, and for an account abroad', async () => {
    serveAccountStatus(noAccount);
    await openAsOwner({ currency: 'USD', payoutMethod: 'bank' });
    const bank = within(await closure().findByRole('group', { name: 'Bank Account' }));
    expect(await bank.findByText(/The bank account must be in the United States, because this registry is in USD/)).toBeInTheDocument();
  });

  it('says a Canadian account cannot take a USD registry’s funds, naming the United States', async () => {
    serveAccountStatus({ ...verifiedAccount, country: 'CA' });
    await openAsOwner({ currency: 'USD', payoutMethod: 'bank' });
    const bank = within(await closure().findByRole('group', { name: 'Bank Account' }));
    expect(
      await bank.findByText(
        /Your bank account is in Canada, but this registry is in USD, so its funds\s+can only go to a bank account in the United States\./,
      ),
    ).toBeInTheDocument();
  });

  it.each([
    [{ message: 'The payment provider is unavailable' }, 'The payment provider is unavailable'],
    [{}, 'Failed to create payment account. Please try again.'],
  ])('shows "Error creating account" with the server message or the fallback (%j)', async (body, expected) => {
    serveAccountStatus(noAccount);
    server.use(http.post('/api/connect/create-account', () => HttpResponse.json(body, { status: 502 })));
    const { user } = await openAsOwner({ payoutMethod: 'bank' });
    await user.click(await closure().findByRole('button', { name: 'Create Payment Account' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error creating account')).toBeInTheDocument();
    expect(toasts.getByText(expected)).toBeInTheDocument();
  });

  it('shows "Error loading onboarding" with the server message, and says when no URL came back', async () => {
    serveAccountStatus(anAccount());
    server.use(
      http.post('/api/connect/onboarding-link', () => HttpResponse.json({ message: 'Create a payment account first' }, { status: 409 })),
    );
    const { user } = await openAsOwner({ payoutMethod: 'bank' });
    await user.click(await closure().findByRole('button', { name: 'Continue Setup' }));
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error loading onboarding')).toBeInTheDocument();
    expect(toasts.getByText('Create a payment account first')).toBeInTheDocument();

    server.use(http.post('/api/connect/onboarding-link', () => HttpResponse.json({})));
    await user.click(closure().getByRole('button', { name: 'Continue Setup' }));
    expect(await toasts.findByText('No onboarding URL received from server')).toBeInTheDocument();
    expect(redirectTo).not.toHaveBeenCalled();
  });

  it('enables Close once the account is verified', async () => {
    serveAccountStatus(verifiedAccount);
    await openAsOwner({ payoutMethod: 'bank' });
    expect(await closure().findByText('Bank account verified')).toBeInTheDocument();
    expect(closeButton()).toBeEnabled();
    expect(closure().queryByText('Complete your bank account setup above to close the registry')).not.toBeInTheDocument();
  });

  it('keeps Close disabled for a verified account in the other country', async () => {
    serveAccountStatus({ ...verifiedAccount, country: 'CA' });
    await openAsOwner({ payoutMethod: 'bank' });
    expect(await closure().findByText('Bank account in another country')).toBeInTheDocument();
    expect(closeButton()).toBeDisabled();
    expect(closure().getByText('Complete your bank account setup above to close the registry')).toBeInTheDocument();
  });

  it('asks for no account status unless the bank method is chosen', async () => {
    const calls = serveAccountStatus(noAccount);
    const { user } = await openAsOwner({ payoutMethod: 'paypal', paypalEmail: 'a@example.com' });
    await user.click(closure().getByRole('radio', { name: 'Mailed check' }));
    expect(calls).toHaveLength(0);
    await user.click(closure().getByRole('radio', { name: 'Bank transfer' }));
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('?connect=refresh asks for a fresh onboarding link and goes straight back to it', async () => {
    serveAccountStatus(anAccount());
    const linked: unknown[] = [];
    server.use(
      http.post('/api/connect/onboarding-link', async ({ request }) => {
        linked.push(await request.json());
        return HttpResponse.json({ url: 'http://localhost:3000/sandbox/onboarding?token=fresh' });
      }),
    );
    const saved: unknown[] = [];
    server.use(
      http.put('/api/registries/:id/payout-info', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json(anOwnerRegistry({ payoutMethod: 'bank' }));
      }),
    );
    await openAsOwner({ payoutMethod: null }, '?connect=refresh');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://localhost:3000/sandbox/onboarding?token=fresh'));
    expect(linked).toEqual([{ registryId: REGISTRY_ID }]);
    expect(saved).toEqual([{ payoutMethod: 'bank' }]);
    expect(closure().getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    expect(closure().getByText('Getting a fresh bank account setup link…')).toBeInTheDocument();
  });

  it('?connect=return says so when verification is not complete (coming back is not being verified)', async () => {
    serveAccountStatus(anAccount());
    await openAsOwner({ payoutMethod: null }, '?connect=return');
    expect(closure().getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    expect(
      await closure().findByText('Welcome back. Your bank account setup is not complete yet, so it is not verified.'),
    ).toBeInTheDocument();
    expect(closure().getByRole('button', { name: 'Continue Setup' })).toBeInTheDocument();
    expect(closeButton()).toBeDisabled();
  });

  it('?connect=return asks for the status again and says when the account is verified', async () => {
    serveAccountStatus(verifiedAccount);
    await openAsOwner({ payoutMethod: 'bank' }, '?connect=return');
    expect(await closure().findByText('Welcome back! Your bank account is verified. You can now close the registry.')).toBeInTheDocument();
    expect(closeButton()).toBeEnabled();
  });
});

describe('closing the registry', () => {
  it('PayPal: asks to confirm, saves the payout info first, then closes: plain "Registry closed"', async () => {
    const { user, registry } = await openAsOwner();
    const calls = serveClose(registry, (saved) => HttpResponse.json({ message: 'Registry closed', registry: closedRegistry(saved, {}) }));
    await user.click(closure().getByRole('radio', { name: 'PayPal' }));
    await fillIn(user, closure().getByLabelText(/^PayPal Email/), 'sarah@example.com');
    await user.click(closeButton());

    const dialog = within(await screen.findByRole('dialog', { name: 'Close Registry?' }));
    expect(dialog.getByText(/is permanent: it cannot be reopened, and no more gifts can be made/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(calls).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Yes, Close Registry' }));

    const toasts = within(toastRegion());
    expect(await toasts.findByText('Registry closed')).toBeInTheDocument();
    expect(toasts.getByText('Your payout will be sent to sarah@example.com within 3-5 business days.')).toBeInTheDocument();
    expect(calls).toEqual([
      { path: 'payout-info', body: { payoutMethod: 'paypal', paypalEmail: 'sarah@example.com' } },
      { path: 'close', body: '' },
    ]);

    const status = within(await screen.findByRole('region', { name: 'Payout Status' }));
    expect(status.getByRole('heading', { name: 'Payout Status' })).toHaveFocus();
    expect(status.getByText('Processing')).toBeInTheDocument();
    expect(status.getByText('Your payout will be sent to your PayPal account within 3-5 business days.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: CLOSURE })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Make Your Contribution' })).not.toBeInTheDocument();
  });

  it('bank: saves the method, closes, and says the payout is on its way to the bank account', async () => {
    serveAccountStatus(verifiedAccount);
    const { user, registry } = await openAsOwner({ payoutMethod: 'bank' });
    const calls = serveClose(registry, (saved) =>
      HttpResponse.json({ message: 'Registry closed', registry: closedRegistry(saved, {}), transferResult: { success: true } }),
    );
    await user.click(await closure().findByRole('button', { name: 'Close Registry' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close Registry?' })).getByRole('button', { name: 'Yes, Close Registry' }),
    );

    const toasts = within(toastRegion());
    expect(await toasts.findByText('Registry closed')).toBeInTheDocument();
    expect(toasts.getByText('Your payout of $162.00 is on its way to your bank account.')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([{ payoutMethod: 'bank' }, '']);
    const status = within(await screen.findByRole('region', { name: 'Payout Status' }));
    expect(status.getByText('Your payout is being transferred to your bank account.')).toBeInTheDocument();
  });

  it('bank: a transfer that did not go through gives "Registry closed with payout pending" and the Payout Issue box', async () => {
    serveAccountStatus(verifiedAccount);
    const { user, registry } = await openAsOwner({ payoutMethod: 'bank' });
    serveClose(registry, (saved) =>
      HttpResponse.json({
        message: 'Registry closed',
        registry: closedRegistry(saved, {}),
        transferResult: { success: false, reason: 'transfer_rejected', message: 'The bank refused the transfer' },
      }),
    );
    await user.click(await closure().findByRole('button', { name: 'Close Registry' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close Registry?' })).getByRole('button', { name: 'Yes, Close Registry' }),
    );

    expect(await within(toastRegion()).findByText('Registry closed with payout pending')).toBeInTheDocument();
    const status = within(await screen.findByRole('region', { name: 'Payout Status' }));
    expect(status.getByText('Failed')).toBeInTheDocument();
    expect(status.getByText('Payout Issue')).toBeInTheDocument();
    expect(status.getByText('There was an issue processing your payout. Please contact support.')).toBeInTheDocument();
    expect(status.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the payout-info validation errors on the fields and does not close', async () => {
    const { user, registry } = await openAsOwner({ payoutMethod: 'check' });
    const calls: string[] = [];
    server.use(
      http.put('/api/registries/:id/payout-info', () => {
        calls.push('payout-info');
        return HttpResponse.json(
          {
            message: 'Validation failed',
            errors: {
              mailingZip: 'ZIP must be at most 20 characters',
              mailingCity: 'City cannot contain line breaks or control characters',
            },
          },
          { status: 400 },
        );
      }),
      http.put('/api/registries/:id/close', () => {
        calls.push('close');
        return HttpResponse.json({ registry });
      }),
    );
    await fillIn(user, closure().getByLabelText(/^Name on Check/), 'Sarah Cohen');
    await fillIn(user, closure().getByLabelText(/^Street Address/), '12 Main St');
    await fillIn(user, closure().getByLabelText(/^City/), 'Springfield');
    await fillIn(user, closure().getByLabelText(/^State \/ Province/), 'IL');
    await fillIn(user, closure().getByLabelText(/^ZIP \/ Postal Code/), '62701');
    await user.click(closeButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close Registry?' })).getByRole('button', { name: 'Yes, Close Registry' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const city = closure().getByLabelText(/^City/);
    await waitFor(() => expect(city).toHaveAccessibleDescription('City cannot contain line breaks or control characters'));
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(closure().getByLabelText(/^ZIP \/ Postal Code/)).toHaveAccessibleDescription('ZIP must be at most 20 characters');
    await waitFor(() => expect(city).toHaveFocus());
    expect(within(toastRegion()).getByText('Error closing registry')).toBeInTheDocument();
    expect(calls).toEqual(['payout-info']);
    expect(screen.getByRole('region', { name: CLOSURE })).toBeInTheDocument();
  });

  it('checks the PayPal e-mail before asking to confirm', async () => {
    const { user } = await openAsOwner({ payoutMethod: 'paypal' });
    await fillIn(user, closure().getByLabelText(/^PayPal Email/), 'not-an-email');
    await user.click(closeButton());
    expect(await closure().findByText('Enter a valid PayPal email')).toBeInTheDocument();
    expect(closure().getByLabelText(/^PayPal Email/)).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [{ message: 'Complete your bank account setup first' }, 'Complete your bank account setup first'],
    [{}, 'Failed to close registry. Please try again.'],
  ])('shows "Error closing registry" with the server message or the fallback (%j)', async (body, expected) => {
    const { user, registry } = await openAsOwner({ payoutMethod: 'paypal', paypalEmail: 'sarah@example.com' });
    serveClose(registry, () => HttpResponse.json(body, { status: 409 }));
    await user.click(closeButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close Registry?' })).getByRole('button', { name: 'Yes, Close Registry' }),
    );
    const toasts = within(toastRegion());
    expect(await toasts.findByText('Error closing registry')).toBeInTheDocument();
    expect(toasts.getByText(expected)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: CLOSURE })).toBeInTheDocument();
  });

  it('Cancel keeps the registry open', async () => {
    const { user } = await openAsOwner({ payoutMethod: 'paypal', paypalEmail: 'sarah@example.com' });
    await user.click(closeButton());
    await user.click(within(await screen.findByRole('dialog', { name: 'Close Registry?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closeButton()).toBeEnabled();
  });
});
