import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormik } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import SaveIcon from '@mui/icons-material/Save';
import { formatMoney } from '@core/money';
import { payoutNotReadyReason } from '@core/payout/payout-readiness';
import { payoutInfoSchema } from '@core/payout/payout-schemas';
import { PAYOUT_METHODS } from '@core/model/registry';
import { useToast } from '@/components/toast';
import { isApiError, type FieldErrors } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useFocusFirstError } from '@/lib/form-field';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import type { OwnerRegistryView } from '@api/registries';
import { celebrationTitle } from '@core/model/celebration-title';
import { fromWireAmount } from '@api/amount';
import { useAccountStatus, usePayoutActions } from '@/features/payouts/api/payout-api';
import type { PayoutMethod } from '@api/payouts';
import {
  CHOOSE_METHOD_HINT,
  CLOSE_ERROR_FALLBACK,
  CLOSE_ERROR_TITLE,
  CLOSE_HINTS,
  closeResultToast,
  PAYOUT_METHOD_LABELS,
  PAYPAL_TIMING,
} from '@/features/payouts/lib/payout-copy';
import {
  PAYOUT_FIELD_ID_PREFIX,
  PAYOUT_FIELD_ORDER,
  payoutDetailsOf,
  payoutFieldId,
  payoutFormValues,
  payoutInfoBody,
  type PayoutFormValues,
} from '@/lib/payout-form';
import { BankAccountSetup } from './bank-account-setup';
import { CONNECT_PARAM, connectReturnOf } from '@/features/payouts/lib/use-connect-return';
import { CloseRegistryDialog } from './close-registry-dialog';
import { heldNotice } from '@/features/payouts/lib/held-notice';
import { PaypalFields, CheckFields } from '@/components/payout-details-fields';
import { PayoutStatusSection } from './payout-status-section';

interface ClosureSectionProps {
  registry: OwnerRegistryView;
  /** Asks for the registry again (e.g. after the server refused because of its state). */
  onStale: () => void;
}

/**
 * The owner's closure section (docs/product.md#registry-page): while open, the payout method and its details
 * and the Close button (enabled per docs/product.md#validation-rules); once closed, the payout status.
 */
export function ClosureSection({ registry, onStale }: ClosureSectionProps) {
  // After closing here, the focus moves to the payout status that replaces the form.
  const [justClosed, setJustClosed] = useState(false);
  if (registry.status === 'open') {
    return <OpenClosure registry={registry} onStale={onStale} onClosed={() => setJustClosed(true)} />;
  }
  return <PayoutStatusSection registry={registry} focusHeading={justClosed} onStale={onStale} />;
}

const METHOD_TEXT: Record<PayoutMethod, string> = {
  bank: 'by bank transfer to your verified bank account',
  paypal: 'to your PayPal account',
  check: 'by check, mailed to the address you entered',
};

type Intent = 'close' | 'save';

function OpenClosure({ registry, onStale, onClosed }: ClosureSectionProps & { onClosed: () => void }) {
  const headingId = useId();
  const methodLabelId = useId();
  const hintId = useId();
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { savePayoutInfo, closeRegistry } = usePayoutActions(registry.id);
  const [searchParams] = useSearchParams();
  // Back from a bank account onboarding begun before the method was saved, bank is the one being set up.
  const [fallbackMethod] = useState<PayoutMethod | null>(() => (connectReturnOf(searchParams.get(CONNECT_PARAM)) ? 'bank' : null));
  const intent = useRef<Intent>('close');
  const [confirming, setConfirming] = useState(false);
  const [closing, setClosing] = useState(false);
  const [focusField, setFocusField] = useState<string | null>(null);

  const formik = useFormik<PayoutFormValues>({
    initialValues: payoutFormValues(registry, fallbackMethod),
    validationSchema: payoutInfoSchema,
    onSubmit: async (values) => {
      if (intent.current === 'close') {
        setConfirming(true);
        return;
      }
      await save(values);
    },
  });
  useFocusFirstError(formik, PAYOUT_FIELD_ORDER, PAYOUT_FIELD_ID_PREFIX);

  const method = formik.values.payoutMethod || null;
  const accountStatus = useAccountStatus(method === 'bank');
  // Core's readiness rule, the one the server closes by, read on what the form holds now.
  const ready = payoutNotReadyReason(payoutDetailsOf(formik.values, registry.currency), accountStatus.status) === null;
  const hint = ready ? null : method ? CLOSE_HINTS[method] : CHOOSE_METHOD_HINT;
  const busy = closing || formik.isSubmitting;

  // The first field the server refused gets the focus, once the dialog has given it back.
  useEffect(() => {
    if (!focusField || confirming) return;
    document.getElementById(focusField)?.focus();
    setFocusField(null);
  }, [focusField, confirming]);

  const showFieldErrors = (fields: FieldErrors) => {
    formik.setErrors(fields);
    void formik.setTouched(Object.fromEntries(Object.keys(fields).map((name) => [name, true])), false);
    const first = PAYOUT_FIELD_ORDER.find((name) => fields[name]);
    if (first) setFocusField(payoutFieldId(first));
  };

  /** A refused call: the Unauthorized flow, the fields the server named, and the toast. */
  const refused = (error: unknown, title: string, fallback: string) => {
    if (onUnauthorized(error)) return;
    if (isApiError(error) && error.fields) showFieldErrors(error.fields);
    toast({ title, description: serverMessage(error, fallback), variant: 'destructive' });
    if (isApiError(error) && error.status === 409) {
      onStale();
      if (method === 'bank') void accountStatus.mutate();
    }
  };

  // However the family comes back from the provider's onboarding (its return link, a reload, days
  // later), the method they were setting up is the one saved.
  const rememberBank = async () => {
    if (registry.payoutMethod !== 'bank') await savePayoutInfo({ payoutMethod: 'bank' });
  };

  const save = async (values: PayoutFormValues) => {
    try {
      await savePayoutInfo(payoutInfoBody(values));
      formik.resetForm({ values });
      toast({ title: 'Payout details saved', description: 'You can close the registry whenever you are ready.' });
    } catch (error) {
      refused(error, 'Could not save payout details', 'Failed to save payout details. Please try again.');
    }
  };

  const confirmClose = async () => {
    setClosing(true);
    // PayPal and check save their details first; the bank method saves the method (docs/product.md#states-and-transitions).
    try {
      await savePayoutInfo(payoutInfoBody(formik.values));
    } catch (error) {
      setClosing(false);
      setConfirming(false);
      refused(error, CLOSE_ERROR_TITLE, CLOSE_ERROR_FALLBACK);
      return;
    }
    try {
      const result = await closeRegistry();
      const closed = result.registry;
      const family = closed?.payoutAmount != null ? formatMoney(fromWireAmount(closed.payoutAmount), registry.currency) : null;
      toast(closeResultToast(method, result.transferResult, family, closed?.paypalEmail ?? formik.values.paypalEmail.trim()));
      onClosed();
    } catch (error) {
      setClosing(false);
      setConfirming(false);
      refused(error, CLOSE_ERROR_TITLE, CLOSE_ERROR_FALLBACK);
    }
  };

  const submit = (next: Intent) => {
    intent.current = next;
    void formik.submitForm();
  };

  const total = fromWireAmount(registry.totalReceived);
  // What closing pays is the server's sum (each gift's own split); the page only shows it.
  const familyCents = fromWireAmount(registry.closingAmounts.payoutAmount);
  const charityCents = fromWireAmount(registry.closingAmounts.charityPayoutAmount);
  const money = (cents: number) => formatMoney(cents, registry.currency);
  const held = heldNotice(registry.closingAmounts.held, money);
  const methodError = formik.touched.payoutMethod ? formik.errors.payoutMethod : undefined;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem' }}>
            Close Registry &amp; Receive Funds
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            When you are ready, close the registry to receive the funds: 90% goes to your family and 10% to charity. Closing is permanent,
            and no more gifts can be made afterward.
          </Typography>
        </Box>

        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } }}
        >
          <Amount label="Total received" value={money(total)} />
          <Amount label="To your family (90%)" value={money(familyCents)} />
          <Amount label="To charity (10%)" value={money(charityCents)} />
        </Box>
        {held && (
          <Alert severity="info" role="note">
            {held}
          </Alert>
        )}

        <Box component="form" noValidate onSubmit={(event) => event.preventDefault()} sx={{ display: 'grid', gap: 2.5 }}>
          <FormControl component="fieldset" error={!!methodError} disabled={busy}>
            <FormLabel component="legend" id={methodLabelId} sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
              How would you like to receive the funds?
            </FormLabel>
            <RadioGroup
              aria-labelledby={methodLabelId}
              name="payoutMethod"
              value={formik.values.payoutMethod}
              onChange={(_, next) => void formik.setFieldValue('payoutMethod', next as PayoutMethod)}
              sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 3 }}
            >
              {PAYOUT_METHODS.map((value, index) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  label={PAYOUT_METHOD_LABELS[value]}
                  control={<Radio slotProps={{ input: index === 0 ? { id: payoutFieldId('payoutMethod') } : {} }} />}
                />
              ))}
            </RadioGroup>
            {methodError && <FormHelperText sx={{ mx: 0 }}>{methodError}</FormHelperText>}
          </FormControl>

          {method === 'paypal' && (
            <PaypalFields
              formik={formik}
              disabled={busy}
              help={`The funds are sent to this PayPal account ${PAYPAL_TIMING} after you close the registry.`}
            />
          )}
          {method === 'check' && <CheckFields formik={formik} disabled={busy} />}
          {method === 'bank' && (
            <BankAccountSetup registryId={registry.id} currency={registry.currency} disabled={busy} rememberBank={rememberBank} />
          )}

          <Box sx={{ display: 'grid', gap: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {(method === 'paypal' || method === 'check') && (
                <Button variant="outlined" startIcon={<SaveIcon />} onClick={() => submit('save')} disabled={busy}>
                  {formik.isSubmitting && intent.current === 'save' ? 'Saving…' : 'Save Payout Details'}
                </Button>
              )}
              <Button
                variant="contained"
                color="error"
                startIcon={<LockIcon />}
                onClick={() => submit('close')}
                disabled={!ready || busy}
                aria-describedby={hint ? hintId : undefined}
              >
                Close Registry
              </Button>
            </Box>
            {hint && (
              <Typography id={hintId} variant="body2" color="text.secondary">
                {hint}
              </Typography>
            )}
          </Box>
        </Box>
      </CardContent>

      <CloseRegistryDialog
        open={confirming}
        busy={closing}
        registryTitle={celebrationTitle(registry)}
        methodText={method ? METHOD_TEXT[method] : ''}
        familyAmount={money(familyCents)}
        charityAmount={money(charityCents)}
        heldNotice={held}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmClose()}
      />
    </Card>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}
