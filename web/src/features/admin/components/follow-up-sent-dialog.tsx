import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { formatMoney } from '@core/money';
import { followUpSentSchema } from '@core/dispute/dispute-schemas';
import { fromWireAmount } from '@api/amount';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { completeFollowUpPayout, type DisputeView } from '@/features/admin/api/admin-disputes';

const ID_PREFIX = 'follow-up-';
const FIELD_ORDER = ['reference'] as const;

interface FollowUpSentDialogProps {
  dispute: DisputeView | null;
  onClose: () => void;
  onSent: (dispute: DisputeView) => void;
  /** The server refused for the state it is in (sent, or held by another administrator meanwhile): the page reloads the list. */
  onRefused: () => void;
}

/** An administrator records the PayPal payment or check that sent a won dispute's follow-up payout. */
export function FollowUpSentDialog({ dispute, onClose, onSent, onRefused }: FollowUpSentDialogProps) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [failure, setFailure] = useState<string | null>(null);
  const open = dispute !== null;
  const formik = useFormik({
    initialValues: { reference: '' },
    validationSchema: followUpSentSchema,
    onSubmit: async (values, helpers) => {
      if (!dispute) return;
      setFailure(null);
      try {
        onSent(await completeFollowUpPayout(dispute.id, values.reference.trim()));
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.status === 409) {
          toast({
            title: 'Error',
            description: serverMessage(error, 'The follow-up payout could not be marked sent.'),
            variant: 'destructive',
          });
          onRefused();
          return;
        }
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'The follow-up payout could not be marked sent. Please try again.'));
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { resetForm } = formik;
  useEffect(() => {
    if (open) {
      resetForm({ values: { reference: '' } });
      setFailure(null);
    }
  }, [open, dispute?.id, resetForm]);

  const busy = formik.isSubmitting;
  const field = fieldProps(formik, 'reference', ID_PREFIX);
  const followUp = dispute?.followUp;
  const paypal = followUp?.method === 'paypal';
  return (
    <FormDialog
      open={open}
      title="Mark the follow-up payout sent?"
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Mark Sent"
      busyLabel="Saving…"
    >
      {dispute && followUp && (
        <DialogContentText>
          The bank decided {dispute.gift.giftGiverName}’s dispute for the gift after {dispute.registry.childName}’s registry closed. Send
          the family {formatMoney(fromWireAmount(followUp.amount), dispute.currency)} {paypal ? 'by PayPal' : 'by check'}, then record it
          here: it is kept in the audit trail under your name.
        </DialogContentText>
      )}
      <TextField
        {...field}
        label={paypal ? 'PayPal transaction ID' : 'Check number'}
        required
        autoFocus
        disabled={busy}
        helperText={field.helperText ?? 'So the payment can be found again in PayPal or the checkbook.'}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </FormDialog>
  );
}
