import { useEffect, useId, useRef } from 'react';
import { format } from 'date-fns';
import { useFormik } from 'formik';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { formatMoney, type Currency } from '@core/money';
import { OFFLINE_GIFT_METHOD_LABELS, OFFLINE_GIFT_METHODS, type OfflineGiftMethod } from '@core/model/offline-gift';
import { latestOfflineGiftDay, OFFLINE_GIFT_NOTE_MAX_LENGTH } from '@core/offline-gift/offline-gift-schemas';
import { FormDialog } from '@/components/form-dialog';
import { TextInput } from '@/components/text-input';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { offlineGiftFormSchema, useOfflineGiftActions, type OfflineGiftValues } from '@/features/registries/api/offline-gift-actions';

const ID_PREFIX = 'by-hand-';
const FIELD_ORDER = ['giftGiverName', 'giftGiverEmail', 'amount', 'method', 'receivedOn', 'note'] as const;

/** The gift being corrected, as the gift list shows it. */
export interface OfflineGiftToEdit {
  id: string;
  values: OfflineGiftValues;
}

function emptyValues(): OfflineGiftValues {
  return { giftGiverName: '', giftGiverEmail: '', amount: '', method: 'cash', receivedOn: format(new Date(), 'yyyy-MM-dd'), note: '' };
}

/** "$" or "CA$": the sign the registry's amounts are shown with. */
function currencySign(currency: Currency): string {
  return formatMoney(0, currency).replace(/[\d.,\s]/g, '');
}

interface OfflineGiftDialogProps {
  registryId: string;
  currency: Currency;
  open: boolean;
  onClose: () => void;
  /** Absent to record a new gift. */
  editing?: OfflineGiftToEdit | null;
}

/**
 * Record a gift given by hand (cash, a check or other), or correct one: the giver, an optional
 * e-mail for the thank-you card, the amount in the registry's currency, how and when it was
 * given, and a note. The core's rules check it here and again on the server.
 */
export function OfflineGiftDialog({ registryId, currency, open, onClose, editing = null }: OfflineGiftDialogProps) {
  const { toast } = useToast();
  const { record, update } = useOfflineGiftActions(registryId);
  const onUnauthorized = useUnauthorizedRedirect();
  const methodLabelId = useId();
  const methodHelpId = useId();

  const formik = useFormik<OfflineGiftValues>({
    initialValues: editing?.values ?? emptyValues(),
    // The date's upper bound moves with the clock: each check reads the time anew.
    validationSchema: () => offlineGiftFormSchema(new Date()),
    onSubmit: async (values, helpers) => {
      try {
        if (editing) await update(editing.id, values);
        else await record(values);
        const name = values.giftGiverName.trim();
        toast(
          editing
            ? { title: 'Gift updated', description: `${name}’s gift has been saved.` }
            : { title: 'Gift recorded', description: `${name}’s gift is in your gift list, marked given by hand.` },
        );
        onClose();
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields) helpers.setErrors(error.fields);
        toast({ title: 'Error', description: serverMessage(error, 'Failed to save the gift. Please try again.'), variant: 'destructive' });
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  // Each opening starts from the gift as it is now, or from an empty form (and only an opening resets it).
  const latest = useRef(editing);
  useEffect(() => {
    latest.current = editing;
  }, [editing]);
  const { resetForm } = formik;
  useEffect(() => {
    if (open) resetForm({ values: latest.current?.values ?? emptyValues() });
  }, [open, resetForm]);

  const busy = formik.isSubmitting;
  const methodError = formik.touched.method ? formik.errors.method : undefined;

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit gift given by hand' : 'Record a gift given by hand'}
      busy={busy}
      onClose={onClose}
      onSubmit={formik.handleSubmit}
      submitLabel={editing ? 'Save Changes' : 'Record Gift'}
      busyLabel="Saving…"
    >
      <Typography color="text.secondary">
        For cash, checks and other gifts you received in person. They count in your totals and thank-you cards; no money passes through us,
        so they are never part of a payout or the charity’s share.
      </Typography>
      <TextInput
        {...fieldProps(formik, 'giftGiverName', ID_PREFIX)}
        label="Giver’s name"
        required
        autoComplete="off"
        disabled={busy}
        htmlInput={{ maxLength: 100 }}
      />
      <TextInput
        {...fieldProps(formik, 'giftGiverEmail', ID_PREFIX)}
        helperText={
          fieldProps(formik, 'giftGiverEmail', ID_PREFIX).helperText ??
          'Optional: to e-mail the thank-you card. Without one you can print it.'
        }
        label="Giver’s email"
        type="email"
        autoComplete="off"
        disabled={busy}
      />
      <TextInput
        {...fieldProps(formik, 'amount', ID_PREFIX)}
        label={`Amount (${currency})`}
        required
        type="number"
        disabled={busy}
        htmlInput={{ min: 0.01, step: 0.01, inputMode: 'decimal' }}
        startAdornment={<InputAdornment position="start">{currencySign(currency)}</InputAdornment>}
      />
      <FormControl component="fieldset" error={!!methodError} disabled={busy}>
        <FormLabel component="legend" id={methodLabelId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          How it was given
        </FormLabel>
        <RadioGroup
          id={`${ID_PREFIX}method`}
          name="method"
          row
          value={formik.values.method}
          onChange={(event) => void formik.setFieldValue('method', event.target.value as OfflineGiftMethod)}
          aria-labelledby={methodLabelId}
          aria-describedby={methodError ? methodHelpId : undefined}
        >
          {OFFLINE_GIFT_METHODS.map((method) => (
            <FormControlLabel key={method} value={method} control={<Radio />} label={OFFLINE_GIFT_METHOD_LABELS[method]} />
          ))}
        </RadioGroup>
        {methodError && (
          <FormHelperText id={methodHelpId} sx={{ mx: 0 }}>
            {methodError}
          </FormHelperText>
        )}
      </FormControl>
      <TextInput
        {...fieldProps(formik, 'receivedOn', ID_PREFIX)}
        label="Date given"
        required
        type="date"
        disabled={busy}
        htmlInput={{ max: latestOfflineGiftDay(new Date()) }}
        sx={{ '& input': { minHeight: '1.4375em' } }}
      />
      <TextInput
        {...fieldProps(formik, 'note', ID_PREFIX)}
        helperText={fieldProps(formik, 'note', ID_PREFIX).helperText ?? 'Optional, for you: e.g. check number, or what the card said.'}
        label="Note"
        multiline
        minRows={2}
        disabled={busy}
        htmlInput={{ maxLength: OFFLINE_GIFT_NOTE_MAX_LENGTH }}
      />
    </FormDialog>
  );
}
