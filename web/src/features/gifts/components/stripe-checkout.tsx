/**
 * Stripe's Payment Element. This module is imported lazily, and only when GET /api/config says
 * the provider is Stripe, so Stripe.js (from js.stripe.com) is never fetched by the sandbox.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
// The "pure" entry point fetches Stripe.js only when loadStripe is called, not on import.
import { loadStripe } from '@stripe/stripe-js/pure';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { Currency } from '@core/money';
import { paths } from '@core/page-paths';
import { focusNotifications, useToast } from '@/components/toast';
import { errorMessage } from '@/lib/error-message';
import {
  PAYMENT_FORM_ERROR,
  PAYMENT_NOT_READY,
  paymentError,
  paymentFailed,
  UNEXPECTED_PAYMENT_ERROR,
} from '@/features/gifts/lib/payment-messages';
import { PaymentSubmitButton } from './payment-submit-button';

const loaded = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once; null when it cannot be loaded (never rejects). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      loaded.delete(publishableKey);
      return null;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

/** docs/product.md#checkout: the billing country defaults to CA for a CAD registry, otherwise US. */
export function billingCountryOf(currency: Currency): 'CA' | 'US' {
  return currency === 'CAD' ? 'CA' : 'US';
}

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  registryId: string;
  currency: Currency;
  giftGiverName: string;
  /** The total charge, formatted. */
  total: string;
  onPaid: (paymentIntentId: string) => void;
}

export default function StripeCheckout({ publishableKey, clientSecret, ...form }: StripeCheckoutProps) {
  const { toast } = useToast();
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);

  useEffect(() => {
    let current = true;
    void stripe.then((loadedStripe) => {
      if (current && !loadedStripe) toast(PAYMENT_FORM_ERROR);
    });
    return () => {
      current = false;
    };
  }, [stripe, toast]);

  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#1e3a8a' } } }}>
      <StripePaymentForm {...form} />
    </Elements>
  );
}

function StripePaymentForm({
  registryId,
  currency,
  giftGiverName,
  total,
  onPaid,
}: Omit<StripeCheckoutProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const { toast } = useToast();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  // Why the last try failed, under the card until the guest changes anything in it (as Stripe Checkout does).
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!stripe || !elements || !ready) {
      toast(PAYMENT_NOT_READY);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paths.checkout(registryId)}?status=return` },
        // Cards are confirmed in place; only methods that need it leave the page.
        redirect: 'if_required',
      });
      if (error) {
        const message = error.message ?? 'Your payment could not be completed.';
        setFailure(message);
        toast(paymentFailed(message));
        focusNotifications();
      } else if (paymentIntent && (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing')) {
        onPaid(paymentIntent.id);
        return;
      } else {
        const message = 'Your payment could not be completed. Please try another card.';
        setFailure(message);
        toast(paymentFailed(message));
        focusNotifications();
      }
    } catch (error) {
      const message = errorMessage(error, UNEXPECTED_PAYMENT_ERROR);
      setFailure(message);
      toast(paymentError(message));
      focusNotifications();
    }
    setBusy(false);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Card payment"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <PaymentElement
        options={{
          layout: 'tabs',
          defaultValues: { billingDetails: { name: giftGiverName, address: { country: billingCountryOf(currency) } } },
        }}
        onReady={() => setReady(true)}
        onChange={() => setFailure(null)}
        onLoadError={() => {
          toast(PAYMENT_FORM_ERROR);
          focusNotifications();
        }}
      />
      {failure && (
        // Not a live region: the toast already announces it.
        <Alert severity="error" role="none">
          {failure}
        </Alert>
      )}
      <PaymentSubmitButton total={total} ready={ready && !!stripe && !!elements} busy={busy} />
    </Box>
  );
}
