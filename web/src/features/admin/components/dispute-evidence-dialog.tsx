import { useEffect, useState } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { evidenceSchema, MAX_EVIDENCE_LENGTH } from '@core/dispute/dispute-schemas';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { FormDialog } from '@/components/form-dialog';
import { submitDisputeEvidence, type DisputeView } from '@/features/admin/api/admin-disputes';

const ID_PREFIX = 'evidence-';
const FIELD_ORDER = ['evidence'] as const;

interface DisputeEvidenceDialogProps {
  dispute: DisputeView | null;
  onClose: () => void;
  onSubmitted: (dispute: DisputeView) => void;
}

/** The administrator's text evidence for a dispute: sent to the card issuer at once, and kept in the audit trail. */
export function DisputeEvidenceDialog({ dispute, onClose, onSubmitted }: DisputeEvidenceDialogProps) {
  const onUnauthorized = useUnauthorizedRedirect();
  const [failure, setFailure] = useState<string | null>(null);
  const open = dispute !== null;
  const formik = useFormik({
    initialValues: { evidence: '' },
    validationSchema: evidenceSchema,
    onSubmit: async (values, helpers) => {
      if (!dispute) return;
      setFailure(null);
      try {
        onSubmitted(await submitDisputeEvidence(dispute.id, values.evidence.trim()));
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'The evidence could not be sent. Please try again.'));
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { resetForm } = formik;
  useEffect(() => {
    if (open) {
      resetForm({ values: { evidence: '' } });
      setFailure(null);
    }
  }, [open, dispute?.id, resetForm]);

  const busy = formik.isSubmitting;
  const field = fieldProps(formik, 'evidence', ID_PREFIX);
  return (
    <FormDialog
      open={open}
      title={dispute ? `Evidence for ${dispute.gift.giftGiverName}’s gift` : 'Evidence'}
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel="Submit Evidence"
      busyLabel="Submitting…"
    >
      <DialogContentText>
        Explain to the giver’s bank why the payment stands: who gave, to which celebration, and anything the giver wrote or said. It is sent
        once and cannot be changed afterwards.
      </DialogContentText>
      <TextField
        {...field}
        label="Evidence"
        required
        multiline
        minRows={5}
        autoFocus
        disabled={busy}
        helperText={field.helperText ?? 'Sent to the card issuer through the payment provider, and kept in the audit trail.'}
        slotProps={{ htmlInput: { maxLength: MAX_EVIDENCE_LENGTH } }}
      />
      {failure !== null && <Alert severity="error">{failure}</Alert>}
    </FormDialog>
  );
}
