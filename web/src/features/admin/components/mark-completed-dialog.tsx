import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { formatMoney } from '@core/money';
import {
  CHARITY_PAYOUT_METHOD_MAX,
  charityPayoutCompletionSchema,
  PAYOUT_NOTES_MAX,
  REFERENCE_NUMBER_MAX,
} from '@core/payout/payout-schemas';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { fromWireAmount } from '@api/amount';
import { completeCharityPayout, type CharityPayoutView } from '@/features/admin/api/admin-payouts';

const ID_PREFIX = 'charity-payout-';
const FIELD_ORDER = ['paymentMethod', 'referenceNumber', 'notes'] as const;

/** docs/product.md#errors-and-messages: the charity payouts page says this in the dialog, never in a toast. */
const UPDATE_FAILED = 'Failed to update payout status';

interface CompletionValues {
  paymentMethod: string;
  referenceNumber: string;
  notes: string;
}

const EMPTY: CompletionValues = { paymentMethod: '', referenceNumber: '', notes: '' };
const completionSchema = charityPayoutCompletionSchema.pick(['paymentMethod', 'referenceNumber', 'notes']);

interface MarkCompletedDialogProps {
  payout: CharityPayoutView | null;
  onClose: () => void;
  /** After the payout was recorded as completed (the lists are then asked for again). */
  onCompleted: (payout: CharityPayoutView) => void;
  /** The lists changed under the administrator (e.g. the amount grew): ask for them again. */
  onStale: () => void;
}

/**
 * 'Mark Completed' for a pending charity payout: how it was paid (required), the reference number
 * (required) and notes (optional). A refusal is shown here, not in a toast.
 */
export function MarkCompletedDialog({ payout, onClose, onCompleted, onStale }: MarkCompletedDialogProps) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [failure, setFailure] = useState<string | null>(null);
  const open = payout !== null;

  const formik = useFormik<CompletionValues>({
    initialValues: EMPTY,
    validationSchema: completionSchema,
    onSubmit: async (values, helpers) => {
      if (!payout) return;
      setFailure(null);
      try {
        const notes = values.notes.trim();
        await completeCharityPayout(payout.id, {
          paymentMethod: values.paymentMethod.trim(),
          referenceNumber: values.referenceNumber.trim(),
          notes: notes === '' ? null : notes,
          expectedAmount: payout.amount,
        });
        toast({
          title: 'Payout Marked Complete',
          description: `${formatMoney(fromWireAmount(payout.amount), payout.currency)} to ${payout.charityName} is recorded as paid.`,
        });
        onCompleted(payout);
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        const detail = serverMessage(error, '');
        setFailure(detail && detail !== UPDATE_FAILED ? detail : '');
        if (isApiError(error) && error.status === 409) onStale();
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { resetForm } = formik;
  useEffect(() => {
    if (open) {
      resetForm({ values: EMPTY });
      setFailure(null);
    }
  }, [open, payout?.id, resetForm]);

  const busy = formik.isSubmitting;

  return (
    <FormDialog
      open={open}
      title="Mark Payout Completed"
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Confirm Payout"
      busyLabel="Saving…"
    >
      {payout && (
        <DialogContentText>
          Record how {formatMoney(fromWireAmount(payout.amount), payout.currency)} was paid to {payout.charityName}.
        </DialogContentText>
      )}
      <TextField
        {...fieldProps(formik, 'paymentMethod', ID_PREFIX)}
        label="Payment Method"
        required
        autoFocus
        disabled={busy}
        helperText={fieldProps(formik, 'paymentMethod', ID_PREFIX).helperText ?? 'For example: check, ACH or wire transfer.'}
        slotProps={{ htmlInput: { maxLength: CHARITY_PAYOUT_METHOD_MAX } }}
      />
      <TextField
        {...fieldProps(formik, 'referenceNumber', ID_PREFIX)}
        label="Reference Number"
        required
        disabled={busy}
        helperText={fieldProps(formik, 'referenceNumber', ID_PREFIX).helperText ?? 'The check number or the transfer confirmation.'}
        slotProps={{ htmlInput: { maxLength: REFERENCE_NUMBER_MAX } }}
      />
      <TextField
        {...fieldProps(formik, 'notes', ID_PREFIX)}
        label="Notes (optional)"
        multiline
        minRows={3}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: PAYOUT_NOTES_MAX } }}
      />
      {failure !== null && (
        <Alert severity="error">
          <AlertTitle sx={{ mb: failure ? 0.5 : 0 }}>{UPDATE_FAILED}</AlertTitle>
          {failure}
        </Alert>
      )}
    </FormDialog>
  );
}
