import { useEffect, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aCheckout, storeCheckout } from './gift-fixtures';
import { sandboxConfig, server } from './msw-server';
import { renderApp, toastRegion, fillIn } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

/**
 * Issue 22: a declined or failed card says why under the card, and keeps saying it until the guest
 * changes something, as Stripe Checkout does; the toast alone is gone in five seconds.
 *
 * Stripe's React bindings are replaced by stand-ins (as in stripe-checkout.test.tsx): the Payment
 * Element is a field whose changes reach the app as Stripe's onChange would.
 */
const fake = vi.hoisted(() => ({ stripe: { confirmPayment: vi.fn() }, elements: { id: 'fake-elements' } }));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  PaymentElement: ({ onReady, onChange }: { onReady?: () => void; onChange?: (event: unknown) => void }) => {
    useEffect(() => onReady?.(), []);
    return (
      <input aria-label="Card number (Stripe)" onChange={() => onChange?.({ elementType: 'payment', complete: false, empty: false })} />
    );
  },
  useStripe: () => fake.stripe,
  useElements: () => fake.elements,
}));

const checkoutPath = `/checkout/${REGISTRY_ID}`;
const DECLINED = 'Your card was declined.';

async function openCheckout() {
  storeCheckout(aCheckout());
  const app = renderApp(checkoutPath, { width: 360 });
  await screen.findByRole('heading', { level: 1, name: 'Complete Your Gift' }, { timeout: 15_000 });
  return app;
}

async function closeToast(user: ReturnType<typeof renderApp>['user']) {
  await user.click(within(toastRegion()).getByRole('button', { name: 'Close notification' }));
  await waitFor(() => expect(within(toastRegion()).queryByText('Payment Failed')).not.toBeInTheDocument());
}

describe('the sandbox card form', () => {
  beforeEach(() => {
    server.use(http.post('/api/sandbox/confirm', () => HttpResponse.json({ message: DECLINED }, { status: 402 })));
  });

  it('puts the decline under the card field, as its description, and keeps it once the toast is gone', async () => {
    const { user } = await openCheckout();
    const card = await screen.findByLabelText(/^Test card number/);
    await fillIn(user, card, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));

    expect(await within(toastRegion()).findByText('Payment Failed')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveAccessibleDescription(DECLINED);
    expect(card).toHaveAttribute('aria-invalid', 'true');

    await closeToast(user);
    expect(card).toHaveAccessibleDescription(DECLINED);
    expect(screen.getByText(DECLINED)).toBeVisible();
  });

  it('clears the message once the guest changes the card', async () => {
    const { user } = await openCheckout();
    const card = await screen.findByLabelText(/^Test card number/);
    await fillIn(user, card, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));
    await waitFor(() => expect(card).toHaveAccessibleDescription(DECLINED));

    await user.clear(card);
    await fillIn(user, card, '4242 4242 4242 4242');
    expect(card).toHaveAccessibleDescription('Only the test cards above work here.');
    expect(card).toHaveAttribute('aria-invalid', 'false');
  });

  it('says a failure that is not the card’s under the field too', async () => {
    server.use(http.post('/api/sandbox/confirm', () => HttpResponse.json({ message: 'Payments are resting' }, { status: 503 })));
    const { user } = await openCheckout();
    const card = await screen.findByLabelText(/^Test card number/);
    await fillIn(user, card, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));
    expect(await within(toastRegion()).findByText('Payment Error')).toBeInTheDocument();
    expect(card).toHaveAccessibleDescription('Payments are resting');
  });
});

describe('the Stripe Payment Element', () => {
  beforeEach(() => {
    fake.stripe.confirmPayment.mockReset();
    vi.mocked(loadStripe).mockReset();
    vi.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
    server.use(
      http.get('/api/config', () =>
        HttpResponse.json({ ...sandboxConfig, paymentProvider: 'stripe', stripePublishableKey: 'pk_test_inline' }),
      ),
    );
  });

  it("shows Stripe's decline under the card, keeps it once the toast is gone, and clears it when the card changes", async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', message: DECLINED } });
    const { user } = await openCheckout();
    const form = await screen.findByRole('form', { name: 'Card payment' });
    await user.click(await screen.findByRole('button', { name: 'Complete Payment - $106.39' }));

    expect(await within(toastRegion()).findByText('Payment Failed')).toBeInTheDocument();
    const message = within(form).getByText(DECLINED);
    // Below the card, before the button.
    const element = within(form).getByLabelText('Card number (Stripe)');
    expect(element.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      message.compareDocumentPosition(within(form).getByRole('button', { name: /Complete Payment/ })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    await closeToast(user);
    expect(within(form).getByText(DECLINED)).toBeVisible();

    await fillIn(user, element, '4');
    expect(within(form).queryByText(DECLINED)).not.toBeInTheDocument();
  });

  it('shows a payment that did not go through, and an error, the same way', async () => {
    fake.stripe.confirmPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_test_1', status: 'requires_payment_method' } });
    fake.stripe.confirmPayment.mockRejectedValueOnce(new Error('Stripe is unreachable'));
    const { user } = await openCheckout();
    const form = await screen.findByRole('form', { name: 'Card payment' });
    await user.click(await screen.findByRole('button', { name: 'Complete Payment - $106.39' }));
    expect(await within(form).findByText('Your payment could not be completed. Please try another card.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Complete Payment - $106.39' }));
    expect(await within(form).findByText('Stripe is unreachable')).toBeVisible();
    expect(within(form).queryByText('Your payment could not be completed. Please try another card.')).not.toBeInTheDocument();
  });
});
