import { useEffect, type ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_STORAGE_KEY } from '../../web/src/features/gifts/lib/checkout-storage';
import { aCheckout, serveReconcile, storeCheckout } from './gift-fixtures';
import { sandboxConfig, server } from './msw-server';
import { renderApp, toastRegion } from './render-app';
import { REGISTRY_ID } from './registry-fixtures';

/**
 * Stripe's React bindings are replaced by stand-ins that record what the app gives them, and
 * loadStripe (mocked for every test in setup.ts) answers a fake Stripe: no Stripe.js is loaded.
 */
const fake = vi.hoisted(() => ({
  stripe: { confirmPayment: vi.fn() },
  elements: { id: 'fake-elements' },
  elementsOptions: [] as unknown[],
  paymentElementOptions: [] as unknown[],
  /** What the Payment Element does once mounted. */
  element: { behaviour: 'ready' as 'ready' | 'loading' | 'load-error' },
}));

vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    fake.elementsOptions.push(options);
    return <>{children}</>;
  },
  PaymentElement: ({
    options,
    onReady,
    onLoadError,
  }: {
    options: unknown;
    onReady?: () => void;
    onLoadError?: (event: unknown) => void;
  }) => {
    fake.paymentElementOptions.push(options);
    // Once, when mounted, as Stripe's element does.
    useEffect(() => {
      if (fake.element.behaviour === 'ready') onReady?.();
      if (fake.element.behaviour === 'load-error') onLoadError?.({ elementType: 'payment', error: { message: 'Failed' } });
    }, []);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => fake.stripe,
  useElements: () => fake.elements,
}));

const checkoutPath = `/checkout/${REGISTRY_ID}`;

function serveStripeConfig(publishableKey = 'pk_test_123') {
  server.use(
    http.get('/api/config', () => HttpResponse.json({ ...sandboxConfig, paymentProvider: 'stripe', stripePublishableKey: publishableKey })),
  );
}

beforeEach(() => {
  fake.stripe.confirmPayment.mockReset();
  fake.elementsOptions.length = 0;
  fake.paymentElementOptions.length = 0;
  fake.element.behaviour = 'ready';
  vi.mocked(loadStripe).mockReset();
  vi.mocked(loadStripe).mockResolvedValue(fake.stripe as never);
  serveStripeConfig();
});

async function openStripeCheckout(overrides: Parameters<typeof aCheckout>[0] = {}) {
  storeCheckout(aCheckout(overrides));
  const app = renderApp(checkoutPath);
  await screen.findByTestId('payment-element');
  return app;
}

describe('Stripe checkout', () => {
  it("renders Stripe's Payment Element with the client secret, and never the sandbox card form", async () => {
    await openStripeCheckout();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.elementsOptions.at(-1)).toMatchObject({ clientSecret: 'pi_test_1_secret_abc' });
    expect(fake.paymentElementOptions.at(-1)).toMatchObject({
      defaultValues: { billingDetails: { name: 'Rachel Levy', address: { country: 'US' } } },
    });
    expect(await screen.findByRole('button', { name: 'Complete Payment - $106.39' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Test card number/)).not.toBeInTheDocument();
    expect(screen.queryByText(/no real card is charged/)).not.toBeInTheDocument();
  });

  it('defaults the billing country to CA for a CAD gift', async () => {
    await openStripeCheckout({ currency: 'CAD' });
    expect(fake.paymentElementOptions.at(-1)).toMatchObject({ defaultValues: { billingDetails: { address: { country: 'CA' } } } });
  });

  it('confirms in place, then thanks the giver, reconciles and forgets the checkout data', async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_test_1', status: 'succeeded' } });
    const reconciles = serveReconcile();
    const { user } = await openStripeCheckout();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment - $106.39' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Thank You!' })).toBeInTheDocument();
    expect(fake.stripe.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      confirmParams: { return_url: `${window.location.origin}/checkout/${REGISTRY_ID}?status=return` },
      redirect: 'if_required',
    });
    expect(within(toastRegion()).getByText('Payment Successful!')).toBeInTheDocument();
    await waitFor(() => expect(reconciles).toEqual([{ paymentIntentId: 'pi_test_1' }]));
    expect(window.sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it("shows 'Payment Failed' with Stripe's message", async () => {
    fake.stripe.confirmPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const { user } = await openStripeCheckout();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment - $106.39' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Failed')).toBeInTheDocument();
    expect(toast.getByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
  });

  it("shows 'Payment Error' when confirming throws", async () => {
    fake.stripe.confirmPayment.mockRejectedValue(new Error('Stripe is unreachable'));
    const { user } = await openStripeCheckout();
    await user.click(await screen.findByRole('button', { name: 'Complete Payment - $106.39' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Error')).toBeInTheDocument();
    expect(toast.getByText('Stripe is unreachable')).toBeInTheDocument();
  });

  it("reads 'Loading payment form...' until the Payment Element is ready, and says 'Payment Not Ready' if pressed", async () => {
    fake.element.behaviour = 'loading';
    const { user } = await openStripeCheckout();
    await user.click(screen.getByRole('button', { name: 'Loading payment form...' }));
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Not Ready')).toBeInTheDocument();
    expect(toast.getByText('Please wait for the payment form to load completely.')).toBeInTheDocument();
    expect(fake.stripe.confirmPayment).not.toHaveBeenCalled();
  });

  it("says 'Payment Form Error' when the Payment Element fails to load", async () => {
    fake.element.behaviour = 'load-error';
    await openStripeCheckout();
    const toast = within(toastRegion());
    expect(await toast.findByText('Payment Form Error')).toBeInTheDocument();
    expect(toast.getByText('Failed to load payment form. Please refresh the page.')).toBeInTheDocument();
  });

  it("says 'Payment Form Error' when Stripe.js cannot be loaded", async () => {
    vi.mocked(loadStripe).mockResolvedValue(null);
    // Stripe.js is loaded once per key in a page's life: another key loads afresh.
    serveStripeConfig('pk_test_unloadable');
    await openStripeCheckout();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_unloadable');
    expect(await within(toastRegion()).findByText('Payment Form Error')).toBeInTheDocument();
  });
});
