import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { focusNotifications, useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { errorMessage } from '@/lib/error-message';
import { cardInGroups } from '@api/card-in-groups';
import type { SandboxTestModeAnswer } from '@api/sandbox';
import { confirmSandboxPayment } from '@/features/gifts/api/payment-actions';
import { paymentError, paymentFailed, UNEXPECTED_PAYMENT_ERROR } from '@/features/gifts/lib/payment-messages';
import { PaymentSubmitButton } from './payment-submit-button';
import { TextInput } from '@/components/text-input';

const CARD_INPUT_ID = 'sandbox-card-number';

interface SandboxPaymentFormProps {
  clientSecret: string;
  /** The total charge, formatted. */
  total: string;
  /** The server's test cards and dispute evidence words (GET /api/config). */
  testMode: SandboxTestModeAnswer | null;
  onPaid: () => void;
}

/**
 * The sandbox provider's card form (docs/architecture.md#payments): clearly test mode, one card-number field
 * that the browser is told not to remember, confirmed by POST /api/sandbox/confirm.
 */
export function SandboxPaymentForm({ clientSecret, total, testMode, onPaid }: SandboxPaymentFormProps) {
  const { toast } = useToast();
  const [cardNumber, setCardNumber] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  // Why the last try failed, under the card field until the guest changes the card (as Stripe Checkout does).
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // After a refused card the focus returns to the field, once it is enabled again.
  const focusCardWhenIdle = useRef(false);
  useEffect(() => {
    if (busy || !focusCardWhenIdle.current) return;
    focusCardWhenIdle.current = false;
    inputRef.current?.focus();
  }, [busy]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (cardNumber.trim() === '') {
      setFieldError('Enter a test card number');
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      const result = await confirmSandboxPayment(clientSecret, cardNumber);
      if (result?.status === 'succeeded') {
        onPaid();
        return;
      }
      // Paid after the registry closed: the payment was refunded at once (docs/architecture.md#lifecycles).
      const refunded = 'This registry closed before your payment went through, so it was refunded.';
      setFailure(refunded);
      toast(paymentFailed(refunded));
      focusNotifications();
    } catch (error) {
      if (isApiError(error) && (error.status === 402 || error.status === 400)) {
        setFailure(error.message);
        toast(paymentFailed(error.message));
        // The card is what to change: the focus goes back to it, and its description says why.
        focusCardWhenIdle.current = true;
      } else {
        const message = errorMessage(error, UNEXPECTED_PAYMENT_ERROR);
        setFailure(message);
        toast(paymentError(message));
        focusNotifications();
      }
    }
    setBusy(false);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Test card payment"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Alert severity="info" variant="outlined">
        <strong>Test mode:</strong> no real card is charged.
        {testMode && <TestCards testMode={testMode} />}
      </Alert>
      <TextInput
        id={CARD_INPUT_ID}
        inputRef={inputRef}
        name="sandbox-card"
        label="Test card number"
        value={cardNumber}
        onChange={(event) => {
          setCardNumber(event.target.value);
          if (fieldError) setFieldError(null);
          if (failure) setFailure(null);
        }}
        autoComplete="off"
        placeholder={testMode ? cardInGroups(testMode.cards.succeeds) : undefined}
        required
        disabled={busy}
        error={!!(fieldError ?? failure)}
        helperText={fieldError ?? failure ?? 'Only the test cards above work here.'}
        htmlInput={{ inputMode: 'numeric', maxLength: 23, spellCheck: false, 'data-1p-ignore': true, 'data-lpignore': 'true' }}
      />
      <PaymentSubmitButton total={total} ready busy={busy} />
    </Box>
  );
}

/** The hint's cards, and how a dispute is tried: its card, then evidence with the words that decide it (sent from Admin → Disputes). */
function TestCards({ testMode: { cards, evidence } }: { testMode: SandboxTestModeAnswer }) {
  return (
    <>
      {' '}
      Use <CardNumber digits={cards.succeeds} /> to succeed or <CardNumber digits={cards.declined} /> to see a decline.{' '}
      <CardNumber digits={cards.disputed} /> succeeds and is disputed moments later: evidence containing <code>{evidence.wins}</code> wins
      the dispute, <code>{evidence.loses}</code> loses it.
    </>
  );
}

/** A card number kept on one line, so that a phone never splits its groups. */
function CardNumber({ digits }: { digits: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {cardInGroups(digits)}
    </Box>
  );
}
