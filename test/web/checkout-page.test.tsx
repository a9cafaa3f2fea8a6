import { screen, waitFor, within } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_STORAGE_KEY } from '../../web/src/features/gifts/lib/checkout-storage';
import { aCheckout, amountFor, serveReconcile, storeCheckout, storedCheckout } from './gift-fixtures';
import { sandboxConfig, server } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

const checkoutPath = `/checkout/${REGISTRY_ID}`;

async function openCheckout(path = checkoutPath) {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Complete Your Gift' });
  return app;
}

/** Records the bodies of POST /api/sandbox/confirm and answers with the given response. */
function serveSandboxConfirm(answer: () => Response = () => HttpResponse.json({ status: 'succeeded' })) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/sandbox/confirm', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

async function payWith(user: ReturnType<typeof renderApp>['user'], card: string) {
  const input = await screen.findByLabelText(/^Test card number/);
  await user.clear(input);
  await fillIn(user, input, card);
  await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));
}

describe('checkout without a gift to pay', () => {
  it('shows No Payment Data with a way back to the gift form', async () => {
    await openCheckout();
    expect(await screen.findByRole('heading', { level: 2, name: 'No Payment Data' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Gift Process' })).toHaveAttribute('href', `/gift/${REGISTRY_ID}`);
    expect(screen.queryByRole('button', { name: /Complete Payment/ })).not.toBeInTheDocument();
  });

  it('ignores the data of a gift to another registry', async () => {
    storeCheckout(aCheckout({ registryId: 'another-registry' }));
    await openCheckout();
    expect(await screen.findByRole('heading', { name: 'No Payment Data' })).toBeInTheDocument();
  });

  it('ignores whatever else the key holds', async () => {
    window.sessionStorage.setItem(CHECKOUT_STORAGE_KEY, '{not json');
    await openCheckout();
    expect(await screen.findByRole('heading', { name: 'No Payment Data' })).toBeInTheDocument();
  });

  it('shows Payment Setup Error when the data has no client secret', async () => {
    const { clientSecret: _secret, ...withoutSecret } = aCheckout();
    storeCheckout(withoutSecret);
    await openCheckout();
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment Setup Error' })).toBeInTheDocument();
    expect(screen.getByText('Payment information is missing. Please try starting the gift process again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restart Gift Process' })).toHaveAttribute('href', `/gift/${REGISTRY_ID}`);
  });
});

describe('sandbox checkout', () => {
  it('shows the summary, a Back link and the test-mode card form', async () => {
    storeCheckout(aCheckout());
    await openCheckout();
    const summary = screen.getByRole('region', { name: 'Gift Summary' });
    expect(amountFor('Gift Amount', summary)).toBe('$100.00');
    expect(amountFor('Platform Fee (Flat)', summary)).toBe('$3.00');
    expect(amountFor('Processing Fee', summary)).toBe('$3.39');
    expect(amountFor('Total Charge', summary)).toBe('$106.39');
    expect(amountFor('From', summary)).toBe('Rachel Levy');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/gift/${REGISTRY_ID}`);

    const card = await screen.findByLabelText(/^Test card number/);
    expect(card).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByText(/no real card is charged\./)).toHaveTextContent(
      'Test mode: no real card is charged. Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to see a decline. 4000 0000 0000 0259 succeeds and is disputed moments later: evidence containing winning_evidence wins the dispute, losing_evidence loses it.',
    );
    expect(screen.getByText('winning_evidence', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText('losing_evidence', { selector: 'code' })).toBeInTheDocument();
    expect(card).toHaveAttribute('placeholder', '4242 4242 4242 4242');
    expect(screen.getByRole('button', { name: 'Complete Payment - $106.39' })).toBeEnabled();
    expect(loadStripe).not.toHaveBeenCalled();
  });

  it("shows CA$ amounts for a CAD registry's gift", async () => {
    storeCheckout(aCheckout({ currency: 'CAD' }));
    await openCheckout();
    expect(amountFor('Total Charge', screen.getByRole('region', { name: 'Gift Summary' }))).toBe('CA$106.39');
    expect(await screen.findByRole('button', { name: 'Complete Payment - CA$106.39' })).toBeInTheDocument();
  });

  it("reads 'Loading payment form...' until the server's set-up is known, and says so if pressed", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get('/api/config', async () => {
        await answered;
        return HttpResponse.json(sandboxConfig);
      }),
    );
    storeCheckout(aCheckout());
    const { user } = await openCheckout();
    const button = screen.getByRole('button', { name: 'Loading payment form...' });
    await user.click(button);
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Not Ready')).toBeInTheDocument();
    expect(toast.getByText('Please wait for the payment form to load completely.')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Complete Payment - $106.39' })).toBeInTheDocument();
  });

  it('pays with the success card: thanks, reconciles and forgets the checkout data', async () => {
    storeCheckout(aCheckout());
    const confirms = serveSandboxConfirm();
    const reconciles = serveReconcile();
    const { user } = await openCheckout();
    await payWith(user, '4242 4242 4242 4242');

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
    expect(within(toastRegion()).getByText('Payment Successful!')).toBeInTheDocument();
    expect(confirms).toEqual([{ clientSecret: 'pi_test_1_secret_abc', cardNumber: '4242 4242 4242 4242' }]);
    expect(screen.getByText("Your contribution of $100.00 to Noah's Bar/Bat Mitzvah has been received.")).toBeInTheDocument();
    const impact = screen.getByRole('region', { name: 'Your Impact' });
    expect(amountFor('To the celebration', impact)).toBe('$90.00');
    expect(amountFor('To charity: Jewish Federation Community Fund', impact)).toBe('$10.00');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(reconciles).toEqual([{ paymentIntentId: 'pi_test_1' }]));
    expect(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it('still thanks the giver when the reconcile call fails', async () => {
    storeCheckout(aCheckout());
    serveSandboxConfirm();
    const reconciles = serveReconcile(500);
    const { user } = await openCheckout();
    await payWith(user, '4242424242424242');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
    await waitFor(() => expect(reconciles).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
  });

  it("declines the decline card with 'Payment Failed' and keeps the gift to try again", async () => {
    storeCheckout(aCheckout());
    serveSandboxConfirm(() => HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 }));
    const { user } = await openCheckout();
    await payWith(user, '4000 0000 0000 0002');

    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Failed')).toBeInTheDocument();
    expect(toast.getByText('Your card was declined.')).toBeInTheDocument();
    expect(toast.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Test card number/)).toHaveFocus());
    expect(storedCheckout()).toEqual(aCheckout());
  });

  it("shows the server's message for a card the sandbox does not take", async () => {
    storeCheckout(aCheckout());
    const message =
      'Test mode takes only the test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 0259 succeeds and is disputed moments later.';
    serveSandboxConfirm(() => HttpResponse.json({ message }, { status: 400 }));
    const { user } = await openCheckout();
    await payWith(user, '5555 5555 5555 4444');
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Failed')).toBeInTheDocument();
    expect(toast.getByText(message)).toBeInTheDocument();
  });

  it("says 'Payment Error' with the message when the call fails otherwise", async () => {
    storeCheckout(aCheckout());
    serveSandboxConfirm(() => HttpResponse.error());
    const { user } = await openCheckout();
    await payWith(user, '4242 4242 4242 4242');
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Error')).toBeInTheDocument();
    expect(toast.getByText('Network error - please check your connection')).toBeInTheDocument();
  });

  it('asks for a card number before sending anything', async () => {
    storeCheckout(aCheckout());
    const confirms = serveSandboxConfirm();
    const { user } = await openCheckout();
    await screen.findByLabelText(/^Test card number/);
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));
    expect(await screen.findByText('Enter a test card number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Test card number/)).toHaveFocus();
    expect(confirms).toHaveLength(0);
  });
});

describe('checkout after a redirect back from the provider', () => {
  it('reconciles the payment and then thanks the giver', async () => {
    storeCheckout(aCheckout());
    const reconciles = serveReconcile();
    await openCheckout(
      `${checkoutPath}?status=return&payment_intent=pi_test_1&payment_intent_client_secret=pi_test_1_secret_abc&redirect_status=succeeded`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
    expect(reconciles).toEqual([{ paymentIntentId: 'pi_test_1' }]);
    expect(within(toastRegion()).getByText('Payment Successful!')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it('says the payment failed and offers the form again', async () => {
    storeCheckout(aCheckout());
    await openCheckout(`${checkoutPath}?status=return&payment_intent=pi_test_1&redirect_status=failed`);
    expect(await within(toastRegion()).findByText('Payment Failed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Complete Payment - $106.39' })).toBeInTheDocument();
    expect(storedCheckout()).toEqual(aCheckout());
  });
});
