import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { payoutInfoSchema } from '@core/payout/payout-schemas';
import type { PayoutInfoBody } from '@api/payouts';
import { FormDialog } from './form-dialog';
import { CheckFields, PaypalFields } from './payout-details-fields';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useFocusFirstError } from '@/lib/form-field';
import {
  emptyPayoutForm,
  PAYOUT_FIELD_ID_PREFIX,
  PAYOUT_FIELD_ORDER,
  payoutFieldId,
  payoutInfoBody,
  type PayoutFormValues,
} from '@/lib/payout-form';
import type { Currency } from '@core/money';
import { PAYPAL_TIMING } from '@core/payout/payout-timing';

/** The ways a refused bank payout can be sent instead, as the closure section names them. */
const CHOICES = [
  { value: 'paypal', label: 'PayPal' },
  { value: 'check', label: 'Mailed check' },
] as const;

interface SwitchPayoutDialogProps {
  open: boolean;
  title: string;
  /** What switching does, said before the fields. */
  intro: ReactNode;
  submitLabel: string;
  /** The registry's: a check goes to its country unless changed. */
  currency: Currency;
  onClose: () => void;
  /** Sends the switch; a throw is shown in the dialog, with the fields the server named. */
  onSubmit: (body: PayoutInfoBody) => Promise<void>;
}

/**
 * A bank payout that did not go through, sent by PayPal or a mailed check instead: the method and
 * its details, checked by core's payout schema as the closure section checks them. Used by the
 * family on their registry page and by an administrator on the family's word.
 */
export function SwitchPayoutDialog({ open, title, intro, submitLabel, currency, onClose, onSubmit }: SwitchPayoutDialogProps) {
  const legendId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const formik = useFormik<PayoutFormValues>({
    initialValues: emptyPayoutForm(currency),
    validationSchema: payoutInfoSchema,
    onSubmit: async (values, helpers) => {
      setFailure(null);
      try {
        await onSubmit(payoutInfoBody(values));
      } catch (error) {
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        setFailure(serverMessage(error, 'The payout could not be switched. Please try again.'));
        requestAnimationFrame(() => failureRef.current?.focus());
      }
    },
  });
  useFocusFirstError(formik, PAYOUT_FIELD_ORDER, PAYOUT_FIELD_ID_PREFIX);

  // Each opening starts afresh.
  useEffect(() => {
    if (!open) return;
    formik.resetForm({ values: emptyPayoutForm(currency) });
    setFailure(null);
    // resetForm is stable enough for this: only the opening matters.
  }, [open, currency]);

  const busy = formik.isSubmitting;
  return (
    <FormDialog
      open={open}
      title={title}
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void formik.submitForm();
      }}
      submitLabel={submitLabel}
      busyLabel="Switching…"
    >
      <DialogContentText component="div">{intro}</DialogContentText>
      <FormControl component="fieldset" disabled={busy}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
          Send the payout by
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name="payoutMethod"
          value={formik.values.payoutMethod}
          onChange={(_, next) => void formik.setFieldValue('payoutMethod', next)}
          sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 3 }}
        >
          {CHOICES.map((choice, index) => (
            <FormControlLabel
              key={choice.value}
              value={choice.value}
              label={choice.label}
              control={<Radio slotProps={{ input: index === 0 ? { id: payoutFieldId('payoutMethod') } : {} }} />}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {formik.values.payoutMethod === 'paypal' && (
        <PaypalFields formik={formik} disabled={busy} help={`The funds are sent to this PayPal account ${PAYPAL_TIMING}.`} />
      )}
      {formik.values.payoutMethod === 'check' && <CheckFields formik={formik} disabled={busy} />}
      {failure && (
        <Alert severity="error" ref={failureRef} tabIndex={-1}>
          {failure}
        </Alert>
      )}
    </FormDialog>
  );
}
