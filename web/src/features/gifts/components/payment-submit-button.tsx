import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import LockIcon from '@mui/icons-material/Lock';
import { ActionWithAmount } from './action-with-amount';

const LOADING_PAYMENT_FORM = 'Loading payment form...';

interface PaymentSubmitButtonProps {
  /** The total charge, formatted. */
  total: string;
  /** The payment form can take the card. */
  ready: boolean;
  busy: boolean;
}

/**
 * 'Complete Payment - {total}', or 'Loading payment form...' until the form is ready. Pressing it
 * early is allowed and explains itself ('Payment Not Ready'); only a payment under way disables it.
 */
export function PaymentSubmitButton({ total, ready, busy }: PaymentSubmitButtonProps) {
  let label: ReactNode = LOADING_PAYMENT_FORM;
  if (busy) label = 'Processing payment…';
  else if (ready) label = <ActionWithAmount action="Complete Payment" amount={total} />;
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy}
      startIcon={<LockIcon />}
      sx={{ py: 1.5, fontSize: '1.05rem' }}
    >
      {label}
    </Button>
  );
}
