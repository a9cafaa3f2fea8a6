import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_STORAGE_KEY } from '../../web/src/features/gifts/lib/checkout-storage';
import type { RegistryView } from '@api/registries';
import { aCheckout, aStartedPayment, amountFor, storeCheckout, storedCheckout } from './gift-fixtures';
import { charities, sandboxConfig, server } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { aRegistry, REGISTRY_ID, serveRegistry } from './registry-fixtures';

const giftPath = `/gift/${REGISTRY_ID}`;
const choice = { allowCharityChoice: true, preferredCharityId: null, preferredCharity: null } as const;

async function openGiftForm(overrides: Partial<RegistryView> = {}) {
  serveRegistry(aRegistry(overrides));
  const app = renderApp(giftPath);
  await screen.findByRole('heading', { level: 1, name: 'Give a Gift' });
  await screen.findByRole('form', { name: 'Gift details' });
  return app;
}

function submitButton() {
  return screen.getByRole('button', { name: /^Proceed to Payment/ });
}

/** Records the bodies of POST /api/create-payment-intent and answers as the server does. */
function serveIntent(answer?: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/create-payment-intent', async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      bodies.push(body);
      return answer ? answer() : HttpResponse.json(aStartedPayment(body.amount), { status: 201 });
    }),
  );
  return bodies;
}

describe('gift form: loading and the registry state', () => {
  it('shows a spinner, then Registry Not Found for a missing registry', async () => {
    serveRegistry(aRegistry());
    renderApp('/gift/no-such-registry');
    // The spinner is gone as soon as the answer arrives: finding it once is the check.
    await screen.findByRole('progressbar', { name: 'Loading registry…' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registry Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Gift details' })).not.toBeInTheDocument();
  });

  it('says a closed registry no longer accepts gifts, without the form', async () => {
    serveRegistry(aRegistry({ status: 'closed' }));
    renderApp(giftPath);
    expect(await screen.findByRole('heading', { name: 'This registry is closed, and gifts are no longer accepted' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Gift details' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Registry' })).toHaveAttribute('href', `/registry/${REGISTRY_ID}`);
  });
});

describe('gift form: the charity section', () => {
  it('lists every active charity under "Choose a Charity to Support" when the giver chooses', async () => {
    server.use(
      http.get('/api/charities', () =>
        HttpResponse.json([...charities, { ...charities[0], id: 'c-3', name: 'Retired Charity', isActive: false }]),
      ),
    );
    await openGiftForm(choice);
    const group = screen.getByRole('radiogroup', { name: 'Choose a Charity to Support' });
    expect(screen.getByRole('heading', { level: 2, name: 'Choose a Charity to Support' })).toBeInTheDocument();
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    expect(within(group).getByRole('radio', { name: /Jewish Federation Community Fund/ })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: /Tikkun Civil Rights Project/ })).not.toBeChecked();
    expect(within(group).queryByRole('radio', { name: /Retired Charity/ })).not.toBeInTheDocument();
  });

  it('shows only the preferred charity under "Supporting Charity", chosen already', async () => {
    await openGiftForm();
    const group = screen.getByRole('radiogroup', { name: 'Supporting Charity' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(1);
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Jewish Federation Community Fund/ })).toBeChecked());
    expect(screen.queryByRole('radiogroup', { name: 'Choose a Charity to Support' })).not.toBeInTheDocument();
  });

  it('lists every charity under "Supporting Charity" when none is set and the giver may not choose', async () => {
    await openGiftForm({ allowCharityChoice: false, preferredCharityId: null, preferredCharity: null });
    const group = screen.getByRole('radiogroup', { name: 'Supporting Charity' });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('chooses the only charity on offer for the giver', async () => {
    server.use(http.get('/api/charities', () => HttpResponse.json([charities[1]])));
    await openGiftForm(choice);
    const group = screen.getByRole('radiogroup', { name: 'Choose a Charity to Support' });
    await waitFor(() => expect(within(group).getByRole('radio', { name: /Tikkun Civil Rights Project/ })).toBeChecked());
  });
});

describe('gift form: amount, breakdown and submit', () => {
  it('sets the amount from a preset and names it on the submit button', async () => {
    const { user } = await openGiftForm();
    const presets = screen.getByRole('group', { name: 'Choose an amount' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['$36.00', '$72.00', '$108.00', '$180.00', '$360.00', '$720.00']);
    expect(screen.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();

    await user.click(within(presets).getByRole('button', { name: '$36.00' }));
    expect(within(presets).getByRole('button', { name: '$36.00' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(presets).getByRole('button', { name: '$72.00' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Custom Amount')).toHaveValue(36);
    expect(screen.getByRole('button', { name: 'Proceed to Payment - $36.00' })).toBeEnabled();
  });

  it('offers a custom amount input with minimum 1 and step 0.01', async () => {
    await openGiftForm();
    const custom = screen.getByLabelText('Custom Amount');
    expect(custom).toHaveAttribute('type', 'number');
    expect(custom).toHaveAttribute('min', '1');
    expect(custom).toHaveAttribute('step', '0.01');
  });

  it('formats the presets in the registry currency', async () => {
    await openGiftForm({ currency: 'CAD' });
    const presets = screen.getByRole('group', { name: 'Choose an amount' });
    expect(within(presets).getByRole('button', { name: 'CA$36.00' })).toBeInTheDocument();
  });

  it('shows the breakdown the server charges: $100 gives $90.00, $10.00, $3.00, $3.39 and $106.39', async () => {
    const { user } = await openGiftForm();
    expect(screen.queryByRole('heading', { name: 'Your Gift Breakdown' })).not.toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Custom Amount'), '100');
    const breakdown = screen.getByRole('region', { name: 'Your Gift Breakdown' });
    expect(amountFor('Gift Amount', breakdown)).toBe('$100.00');
    expect(amountFor('To the celebration (90%)', breakdown)).toBe('$90.00');
    expect(amountFor('To charity (10%)', breakdown)).toBe('$10.00');
    expect(amountFor('Platform Fee (Flat)', breakdown)).toBe('$3.00');
    expect(amountFor('Processing Fee', breakdown)).toBe('$3.39');
    expect(amountFor('Total Charge', breakdown)).toBe('$106.39');
    expect(screen.getByRole('button', { name: 'Proceed to Payment - $100.00' })).toBeInTheDocument();
  });

  it('shows CA$ amounts for a CAD registry', async () => {
    const { user } = await openGiftForm({ currency: 'CAD' });
    await fillIn(user, screen.getByLabelText('Custom Amount'), '100');
    const breakdown = screen.getByRole('region', { name: 'Your Gift Breakdown' });
    expect(amountFor('To the celebration (90%)', breakdown)).toBe('CA$90.00');
    expect(amountFor('To charity (10%)', breakdown)).toBe('CA$10.00');
    expect(amountFor('Platform Fee (Flat)', breakdown)).toBe('CA$3.00');
    expect(amountFor('Total Charge', breakdown)).toBe('CA$106.39');
    expect(screen.getByRole('button', { name: 'Proceed to Payment - CA$100.00' })).toBeInTheDocument();
  });

  it('uses the processing rate the server answers in /api/config, the one it charges', async () => {
    const processingRates = { ...sandboxConfig.processingRates, USD: { basisPoints: 350, fixedCents: 50 } };
    server.use(http.get('/api/config', () => HttpResponse.json({ ...sandboxConfig, processingRates })));
    const { user } = await openGiftForm();
    await fillIn(user, screen.getByLabelText('Custom Amount'), '100');
    const breakdown = await screen.findByRole('region', { name: 'Your Gift Breakdown' });
    // ceil((10000 + 300 + 50) / (1 - 3.5%)) = 10726 cents.
    expect(amountFor('Processing Fee', breakdown)).toBe('$4.26');
    expect(amountFor('Total Charge', breakdown)).toBe('$107.26');
    expect(amountFor('Gift Amount', breakdown)).toBe('$100.00');
  });

  it('keeps the submit disabled without an amount, and without a charity', async () => {
    const { user } = await openGiftForm(choice);
    const group = screen.getByRole('radiogroup', { name: 'Choose a Charity to Support' });
    await waitFor(() => expect(within(group).getAllByRole('radio')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Choose a charity and enter an amount' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '$72.00' }));
    expect(screen.getByRole('button', { name: 'Choose a charity' })).toBeDisabled();

    await user.click(within(group).getByRole('radio', { name: /Tikkun Civil Rights Project/ }));
    expect(screen.getByRole('button', { name: 'Proceed to Payment - $72.00' })).toBeEnabled();

    await user.clear(screen.getByLabelText('Custom Amount'));
    expect(screen.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();
  });

  it('shows the spec messages for the name, the e-mail and the amount, and focuses the first', async () => {
    const bodies = serveIntent();
    const { user } = await openGiftForm();
    const amount = screen.getByLabelText('Custom Amount');
    await fillIn(user, amount, '5');
    await user.clear(amount);
    await user.tab();
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();

    await fillIn(user, amount, '0');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'not-an-email');
    await user.click(submitButton());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Your Name/)).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('asks for a charity with a toast when the form is sent without one', async () => {
    const bodies = serveIntent();
    const { user } = await openGiftForm(choice);
    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    await fillIn(user, screen.getByLabelText(/^Your Name/), 'Rachel Levy');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await user.click(screen.getByRole('button', { name: '$36.00' }));
    // The button is disabled; a submission that bypasses it (Enter, assistive technology) is caught.
    fireEvent.submit(screen.getByRole('form', { name: 'Gift details' }));

    const toast = within(toastRegion());
    expect(await toast.findByText('Please select a charity')).toBeInTheDocument();
    expect(toast.getByText('You must choose a charity to support with your gift.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Jewish Federation Community Fund/ })).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });
});

describe('gift form: opening the payment', () => {
  it("sends exactly the spec fields and the giver's consent, keeps the checkout data under one key and goes to the checkout", async () => {
    const bodies = serveIntent();
    const { user } = await openGiftForm(choice);
    await user.click(await screen.findByRole('radio', { name: /Tikkun Civil Rights Project/ }));
    await fillIn(user, screen.getByLabelText(/^Your Name/), '  Rachel Levy ');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await fillIn(user, screen.getByLabelText('Custom Amount'), '50.25');
    await fillIn(user, screen.getByLabelText(/^Personal Message/), 'Mazel tov!');
    const share = screen.getByRole('checkbox', { name: 'Share my e-mail with Tikkun Civil Rights Project so it can thank me' });
    expect(share).not.toBeChecked();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment - $50.25' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Gift' })).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        registryId: REGISTRY_ID,
        charityId: 'c-2',
        giftGiverName: 'Rachel Levy',
        giftGiverEmail: 'rachel@example.com',
        amount: 50.25,
        personalMessage: 'Mazel tov!',
        shareEmailWithCharity: true,
      },
    ]);
    expect(Object.keys(window.sessionStorage)).toEqual([CHECKOUT_STORAGE_KEY]);
    const started = aStartedPayment(50.25);
    expect(storedCheckout()).toEqual({
      registryId: REGISTRY_ID,
      amount: 50.25,
      giftGiverName: 'Rachel Levy',
      charityId: 'c-2',
      currency: 'USD',
      clientSecret: started.clientSecret,
      paymentIntentId: started.paymentIntentId,
      breakdown: started.breakdown,
      charityName: 'Tikkun Civil Rights Project',
      childName: 'Noah',
      celebrationType: 'unspecified',
    });
    expect(screen.getByRole('button', { name: 'Complete Payment - $55.15' })).toBeInTheDocument();
  });

  it('sends a preset amount as a number and an empty message when none is written', async () => {
    const bodies = serveIntent();
    const { user } = await openGiftForm();
    await fillIn(user, screen.getByLabelText(/^Your Name/), 'Rachel Levy');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await user.click(screen.getByRole('button', { name: '$36.00' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment - $36.00' }));
    await screen.findByRole('heading', { level: 1, name: 'Complete Your Gift' });
    expect(bodies).toEqual([
      {
        registryId: REGISTRY_ID,
        charityId: 'c-1',
        giftGiverName: 'Rachel Levy',
        giftGiverEmail: 'rachel@example.com',
        amount: 36,
        personalMessage: '',
        shareEmailWithCharity: false,
      },
    ]);
  });

  async function fillAndSend(user: ReturnType<typeof renderApp>['user']) {
    await fillIn(user, screen.getByLabelText(/^Your Name/), 'Rachel Levy');
    await fillIn(user, screen.getByLabelText(/^Your Email/), 'rachel@example.com');
    await user.click(screen.getByRole('button', { name: '$180.00' }));
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment - $180.00' }));
  }

  it('says "Failed to process gift. Please try again." when the server fails, and stays on the form', async () => {
    serveIntent(() => HttpResponse.json({ message: 'Failed to process gift. Please try again.' }, { status: 502 }));
    const { user } = await openGiftForm();
    await fillAndSend(user);
    const toast = within(toastRegion());
    expect(await toast.findByText('Error')).toBeInTheDocument();
    expect(toast.getByText('Failed to process gift. Please try again.')).toBeInTheDocument();
    expect(toastRegion()).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'Give a Gift' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it('says the same when the server cannot be reached', async () => {
    serveIntent(() => HttpResponse.error());
    const { user } = await openGiftForm();
    await fillAndSend(user);
    expect(await within(toastRegion()).findByText('Failed to process gift. Please try again.')).toBeInTheDocument();
  });

  it("shows the server's reason for a closed registry, and then the closed notice", async () => {
    const { user } = await openGiftForm();
    serveIntent(() => HttpResponse.json({ message: 'This registry is closed and no longer accepts gifts' }, { status: 409 }));
    serveRegistry(aRegistry({ status: 'closed' }));
    await fillAndSend(user);
    expect(await within(toastRegion()).findByText('This registry is closed and no longer accepts gifts')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'This registry is closed, and gifts are no longer accepted' })).toBeInTheDocument();
  });

  it('comes back from the checkout (Back) with the giver, amount and charity of the gift in progress', async () => {
    storeCheckout(aCheckout({ charityId: 'c-2', amount: 72 }));
    await openGiftForm(choice);
    await waitFor(() => expect(screen.getByRole('radio', { name: /Tikkun Civil Rights Project/ })).toBeChecked());
    expect(screen.getByLabelText(/^Your Name/)).toHaveValue('Rachel Levy');
    expect(screen.getByLabelText(/^Your Email/)).toHaveValue('');
    expect(screen.getByLabelText('Custom Amount')).toHaveValue(72);
    expect(screen.getByRole('button', { name: '$72.00' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("puts the server's field messages on the fields", async () => {
    serveIntent(() =>
      HttpResponse.json({ message: 'Please check the form', errors: { giftGiverEmail: 'Valid email is required' } }, { status: 400 }),
    );
    const { user } = await openGiftForm();
    await fillAndSend(user);
    expect(await screen.findByText('Valid email is required')).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Please check the form')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Your Email/)).toHaveFocus());
  });
});
