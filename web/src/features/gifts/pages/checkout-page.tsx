import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { formatMoney } from '@core/money';
import type { GiftBreakdown } from '@core/fees';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { useToast } from '@/components/toast';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfig } from '@/lib/use-config';
import { useReconcilePayment } from '@/features/gifts/api/payment-actions';
import { CheckoutSummary } from '@/features/gifts/components/checkout-summary';
import { PaymentSubmitButton } from '@/features/gifts/components/payment-submit-button';
import { PaymentSuccess, type PaidGift } from '@/features/gifts/components/payment-success';
import { SandboxPaymentForm } from '@/features/gifts/components/sandbox-payment-form';
import { checkoutBreakdown } from '@/features/gifts/lib/checkout-amounts';
import { clearCheckout, loadCheckout, type CheckoutData } from '@/features/gifts/lib/checkout-storage';
import { PAYMENT_FORM_ERROR, PAYMENT_NOT_READY, PAYMENT_SUCCESSFUL, paymentFailed } from '@/features/gifts/lib/payment-messages';

// Stripe's code (and Stripe.js itself) loads only when the server's provider is Stripe.
const StripeCheckout = lazy(() => import('@/features/gifts/components/stripe-checkout'));

function paidGiftOf(data: CheckoutData): PaidGift | null {
  const breakdown = checkoutBreakdown(data);
  if (!breakdown) return null;
  return {
    amount: breakdown.baseAmount,
    childAmount: breakdown.childAmount,
    charityAmount: breakdown.charityAmount,
    currency: data.currency,
    charityName: data.charityName,
    childName: data.childName,
    celebrationType: data.celebrationType,
  };
}

/** /checkout/:id (public): pay for the gift the gift form started (docs/product.md#checkout). */
export default function CheckoutPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Another registry's checkout starts afresh from what the tab holds for it.
  return <CheckoutFlow key={id} id={id} />;
}

function CheckoutFlow({ id }: { id: string }) {
  usePageTitle('Complete Your Gift');
  const { toast } = useToast();
  const reconcile = useReconcilePayment();
  const [searchParams, setSearchParams] = useSearchParams();
  const [data] = useState(() => (id ? loadCheckout(id) : null));
  const [paid, setPaid] = useState<{ gift: PaidGift | null } | null>(null);

  // Back from a provider that had to leave the page: ?payment_intent=…&redirect_status=…
  const returnedIntent = searchParams.get('payment_intent');
  const redirectStatus = searchParams.get('redirect_status');
  const [confirming, setConfirming] = useState(returnedIntent !== null);
  const handledReturn = useRef(false);

  const showSuccess = useCallback(() => {
    toast(PAYMENT_SUCCESSFUL);
    setPaid({ gift: data ? paidGiftOf(data) : null });
    clearCheckout();
  }, [data, toast]);

  /** The payment went through in this page: thanks at once, and the server reconciles meanwhile. */
  const onPaid = useCallback(
    (paymentIntentId?: string) => {
      showSuccess();
      const intent = paymentIntentId ?? data?.paymentIntentId;
      if (intent) void reconcile(id, intent);
    },
    [showSuccess, data, reconcile, id],
  );

  useEffect(() => {
    if (!returnedIntent || handledReturn.current) return;
    handledReturn.current = true;
    void (async () => {
      const status = redirectStatus === 'failed' ? 'failed' : await reconcile(id, returnedIntent);
      setSearchParams({}, { replace: true });
      setConfirming(false);
      if (status === 'failed') {
        toast(paymentFailed('Your payment was not completed. Please try again or use another payment method.'));
        return;
      }
      showSuccess();
    })();
  }, [returnedIntent, redirectStatus, reconcile, id, setSearchParams, toast, showSuccess]);

  if (paid) return <PaymentSuccess gift={paid.gift} />;

  // The summary shows what the server answered it charges; without that answer the payment starts again.
  const breakdown = data ? checkoutBreakdown(data) : null;

  let content: ReactNode;
  if (confirming) {
    content = <PageSpinner label="Confirming your payment…" />;
  } else if (!data) {
    content = (
      <CheckoutProblem
        title="No Payment Data"
        text="We couldn't find a gift in progress for this registry. Start again to choose an amount and a charity."
        action="Start Gift Process"
        href={paths.gift(id)}
      />
    );
  } else if (!data.clientSecret || !breakdown) {
    content = (
      <CheckoutProblem
        title="Payment Setup Error"
        text="Payment information is missing. Please try starting the gift process again."
        action="Restart Gift Process"
        href={paths.gift(id)}
      />
    );
  } else {
    content = <Checkout data={data} breakdown={breakdown} clientSecret={data.clientSecret} registryId={id} onPaid={onPaid} />;
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 7 } }}>
      <Typography variant="h1" sx={{ mb: { xs: 3, md: 4 } }}>
        Complete Your Gift
      </Typography>
      {content}
    </Container>
  );
}

function CheckoutProblem({ title, text, action, href }: { title: string; text: string; action: string; href: string }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ maxWidth: 640 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Typography id={headingId} component="h2" variant="h2">
          {title}
        </Typography>
        <Typography color="text.secondary">{text}</Typography>
        <Button variant="contained" href={href}>
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}

interface CheckoutProps {
  data: CheckoutData;
  /** What the server answered the card is charged. */
  breakdown: GiftBreakdown;
  clientSecret: string;
  registryId: string;
  onPaid: (paymentIntentId?: string) => void;
}

function Checkout({ data, breakdown, clientSecret, registryId, onPaid }: CheckoutProps) {
  const headingId = useId();
  const total = formatMoney(breakdown.totalAmount, data.currency);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button variant="text" startIcon={<ArrowBackIcon />} href={paths.gift(registryId)} sx={{ px: 1 }}>
          Back
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: 'minmax(0, 5fr) minmax(0, 7fr)' }, alignItems: 'start' }}>
        <CheckoutSummary breakdown={breakdown} currency={data.currency} giftGiverName={data.giftGiverName} charityName={data.charityName} />
        <Card component="section" aria-labelledby={headingId}>
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Typography id={headingId} component="h2" variant="h3">
              Payment Details
            </Typography>
            <PaymentForm
              data={data}
              breakdown={breakdown}
              clientSecret={clientSecret}
              registryId={registryId}
              total={total}
              onPaid={onPaid}
            />
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}

function PaymentForm({ data, clientSecret, registryId, total, onPaid }: CheckoutProps & { total: string }) {
  const { config, error } = useConfig();
  const { toast } = useToast();
  const misconfigured = config?.paymentProvider === 'stripe' && !config.stripePublishableKey;
  const failed = !!error || misconfigured;

  useEffect(() => {
    if (failed) toast(PAYMENT_FORM_ERROR);
  }, [failed, toast]);

  if (failed) return <Alert severity="error">{PAYMENT_FORM_ERROR.description}</Alert>;
  if (!config) return <PaymentFormLoading total={total} />;
  if (config.paymentProvider === 'stripe' && config.stripePublishableKey) {
    return (
      <Suspense fallback={<PaymentFormLoading total={total} />}>
        <StripeCheckout
          publishableKey={config.stripePublishableKey}
          clientSecret={clientSecret}
          registryId={registryId}
          currency={data.currency}
          giftGiverName={data.giftGiverName}
          total={total}
          onPaid={onPaid}
        />
      </Suspense>
    );
  }
  return <SandboxPaymentForm clientSecret={clientSecret} total={total} testMode={config.sandboxTestMode} onPaid={() => onPaid()} />;
}

/** The payment form's place while it loads: its button explains itself if pressed. */
function PaymentFormLoading({ total }: { total: string }) {
  const { toast } = useToast();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    toast(PAYMENT_NOT_READY);
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Payment form loading"
      aria-busy="true"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={32} aria-label="Loading payment form" />
      </Box>
      <PaymentSubmitButton total={total} ready={false} busy={false} />
    </Box>
  );
}
