import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { MAX_REFUND_REASON_LENGTH, refundSchema } from '@core/gift/gift-schemas';
import { formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import type { RefundedGift } from '@api/gifts';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { refundGift, refundGiftAtPlatformCost } from '@/lib/refund-gift';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { FormDialog } from './form-dialog';
import { useToast } from './toast';

const ID_PREFIX = 'refund-';
const FIELD_ORDER = ['reason'] as const;
const REFUND_FAILED = 'Refund failed';

/** What the dialog needs to know of the gift it refunds (both lists' items have it). */
export interface RefundableGift {
  id: string;
  giftGiverName: string;
  amount: number;
  /** All the giver paid, fees included: what they get back. */
  refundAmount: number;
}

interface RefundGiftDialogProps {
  gift: RefundableGift | null;
  currency: Currency;
  onClose: () => void;
  /** After the refund went through (the lists are then asked for again). */
  onRefunded: (refunded: RefundedGift) => void;
  /**
   * An administrator's refund once the family's or the charity's payout was claimed or sent: the
   * platform bears it, and the dialog says so before anything is done.
   */
  atPlatformCost?: boolean;
}

/**
 * Confirms a refund: who gets how much back, that it leaves the total and cannot be undone, and
 * why (required, kept in the audit trail). A refusal is shown here, with the server's words.
 */
export function RefundGiftDialog({ gift, currency, onClose, onRefunded, atPlatformCost = false }: RefundGiftDialogProps) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [failure, setFailure] = useState<string | null>(null);
  const open = gift !== null;
  const money = (amount: number) => formatMoney(fromWireAmount(amount), currency);

  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: refundSchema,
    onSubmit: async (values, helpers) => {
      if (!gift) return;
      setFailure(null);
      try {
        const refunded = await (atPlatformCost ? refundGiftAtPlatformCost : refundGift)(gift.id, values.reason.trim());
        toast({
          title: atPlatformCost ? 'Gift Refunded at the Platform’s Cost' : 'Gift Refunded',
          description: `${money(refunded.refundedAmount)} is on its way back to ${gift.giftGiverName}, who has been e-mailed.`,
        });
        onRefunded(refunded);
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'The gift could not be refunded. Please try again.'));
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { resetForm } = formik;
  useEffect(() => {
    if (open) {
      resetForm({ values: { reason: '' } });
      setFailure(null);
    }
  }, [open, gift?.id, resetForm]);

  const busy = formik.isSubmitting;
  const field = fieldProps(formik, 'reason', ID_PREFIX);

  return (
    <FormDialog
      open={open}
      title={gift ? `Refund ${gift.giftGiverName}’s gift${atPlatformCost ? ' at the platform’s cost' : ''}?` : 'Refund gift?'}
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel={gift ? `Refund ${money(gift.refundAmount)}${atPlatformCost ? ' at the Platform’s Cost' : ''}` : 'Refund'}
      busyLabel="Refunding…"
    >
      {gift && atPlatformCost && (
        <Alert severity="warning">
          <AlertTitle>The platform bears this refund</AlertTitle>
          The family’s or the charity’s payout is already being sent or was sent, so both keep their parts of this gift.{' '}
          {gift.giftGiverName} gets back {money(gift.refundAmount)}, and the platform loses the gift of {money(gift.amount)} and the card
          fee. {gift.giftGiverName} and the family are told by e-mail. A refund cannot be undone.
        </Alert>
      )}
      {gift && !atPlatformCost && (
        <DialogContentText>
          {gift.giftGiverName} gets back {money(gift.refundAmount)}: the gift of {money(gift.amount)} and the fees they paid. The gift
          leaves the registry’s total and its charity share, and {gift.giftGiverName} is told by e-mail. A refund cannot be undone.
        </DialogContentText>
      )}
      <TextField
        {...field}
        label="Reason for the refund"
        required
        multiline
        minRows={2}
        autoFocus
        disabled={busy}
        helperText={field.helperText ?? 'Kept with the refund for the records; not sent to the giver.'}
        slotProps={{ htmlInput: { maxLength: MAX_REFUND_REASON_LENGTH } }}
      />
      {failure !== null && (
        <Alert severity="error">
          <AlertTitle sx={{ mb: failure ? 0.5 : 0 }}>{REFUND_FAILED}</AlertTitle>
          {failure}
        </Alert>
      )}
    </FormDialog>
  );
}
