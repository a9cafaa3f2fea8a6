import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { focusNotifications, useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-fetch';
import { errorMessage } from '../../../lib/error-message';
import { confirmSandboxPayment, SANDBOX_DECLINE_CARD, SANDBOX_SUCCESS_CARD } from '../api/payment-actions';
import { paymentError, paymentFailed, UNEXPECTED_PAYMENT_ERROR } from '../lib/payment-messages';
import { PaymentSubmitButton } from './payment-submit-button';
import { TextInput } from '../../../components/text-input';

const CARD_INPUT_ID = 'sandbox-card-number';

interface SandboxPaymentFormProps {
  clientSecret: string;
  /** The total charge, formatted. */
  total: string;
  onPaid: () => void;
}

/**
 * The sandbox provider's card form (docs/architecture.md#payments): clearly test mode, one card-number field
 * that the browser is told not to remember, confirmed by POST /api/sandbox/confirm.
 */
export function SandboxPaymentForm({ clientSecret, total, onPaid }: SandboxPaymentFormProps) {
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
    <Box component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)} aria-label="Test card payment" sx={{ display: 'grid', gap: 2.5 }}>
      <Alert severity="info" variant="outlined">
        <strong>Test mode:</strong> no real card is charged. Use {SANDBOX_SUCCESS_CARD} to succeed or {SANDBOX_DECLINE_CARD} to see a decline.
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
        placeholder={SANDBOX_SUCCESS_CARD}
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
