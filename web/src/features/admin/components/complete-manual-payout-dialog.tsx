import { useEffect, useMemo } from 'react';
import { useFormik } from 'formik';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { formatMoney } from '@core/money';
import { manualPayoutCompletionSchema, REFERENCE_NUMBER_MAX } from '@core/payout/payout-schemas';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { fromWireAmount } from '@api/amount';
import { completeManualPayout, type ManualPayout } from '@/features/admin/api/admin-payouts';

const ID_PREFIX = 'manual-payout-';
const FIELD_ORDER = ['referenceNumber'] as const;
const EMPTY = { referenceNumber: '' };

const WORDS = {
  paypal: { method: 'PayPal', label: 'PayPal Transaction ID', hint: 'As PayPal shows it on the payment, e.g. 5TY05013RG002845M.' },
  check: { method: 'check', label: 'Check Number', hint: 'The number printed on the check you mailed.' },
} as const;

interface CompleteManualPayoutDialogProps {
  payout: ManualPayout | null;
  onClose: () => void;
  /** After it was recorded as sent; the lists are then asked for again. */
  onCompleted: (payout: ManualPayout) => void;
  /** Refused for a reason other than the field (completed or claimed by another meanwhile): the lists are asked for again. */
  onRefused: () => void;
}

/**
 * 'Mark as Complete' for a family's PayPal or check payout: the administrator confirms it was sent
 * and records its PayPal transaction id or check number (required, as the server requires it), so
 * the payout can be traced at PayPal or the bank and the books can name it.
 */
export function CompleteManualPayoutDialog({ payout, onClose, onCompleted, onRefused }: CompleteManualPayoutDialogProps) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const open = payout !== null;
  const words = WORDS[payout?.payoutMethod ?? 'check'];
  const schema = useMemo(() => manualPayoutCompletionSchema(payout?.payoutMethod ?? 'check'), [payout?.payoutMethod]);
  const amount = payout ? formatMoney(fromWireAmount(payout.payoutAmount ?? 0), payout.currency) : '';

  const formik = useFormik({
    initialValues: EMPTY,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      if (!payout) return;
      try {
        await completeManualPayout(payout.id, { referenceNumber: values.referenceNumber.trim() });
        toast({ title: 'Payout Marked Complete', description: `${amount} to ${payout.childName}'s family is recorded as sent.` });
        onCompleted(payout);
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields?.referenceNumber) {
          helpers.setErrors({ referenceNumber: error.fields.referenceNumber });
          return;
        }
        toast({ title: 'Error', description: serverMessage(error, 'Failed to mark payout as complete'), variant: 'destructive' });
        onRefused();
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { resetForm } = formik;
  useEffect(() => {
    if (open) resetForm({ values: EMPTY });
  }, [open, payout?.id, resetForm]);

  const busy = formik.isSubmitting;
  const field = fieldProps(formik, 'referenceNumber', ID_PREFIX);
  return (
    <FormDialog
      open={open}
      title="Mark Payout as Complete?"
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Yes, Mark as Complete"
      busyLabel="Saving…"
      maxWidth="xs"
    >
      {payout && (
        <DialogContentText>
          Confirm that {amount} was sent to {payout.childName}&apos;s family by {words.method}. The family&apos;s registry is then marked as
          paid.
        </DialogContentText>
      )}
      <TextField
        {...field}
        label={words.label}
        required
        autoFocus
        disabled={busy}
        helperText={field.helperText ?? words.hint}
        slotProps={{ htmlInput: { maxLength: REFERENCE_NUMBER_MAX, autoComplete: 'off' } }}
      />
    </FormDialog>
  );
}
