import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/Lock';
import { giftBreakdown } from '@core/fees';
import { toWireAmount } from '@api/amount';
import { formatMoney } from '@core/money';
import { paths } from '@core/page-paths';
import { focusNotifications, useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { fieldProps, useFocusFirstError } from '@/lib/form-field';
import { typedBeforeLive } from '@/lib/typed-before-live';
import { useCharities } from '@/lib/use-charities';
import { useConfig } from '@/lib/use-config';
import type { GiftRequest } from '@api/gifts';
import type { AnyRegistryView } from '@api/registries';
import { createPaymentIntent } from '@/features/gifts/api/payment-actions';
import { giftCharities } from '@/features/gifts/lib/charity-options';
import { loadCheckout, saveCheckout } from '@/features/gifts/lib/checkout-storage';
import { saveGiftDraft, takeGiftDraft } from '@/features/gifts/lib/gift-draft-storage';
import { beforeReloadForNewRelease } from '@/lib/chunk-recovery';
import { giftAmountCents } from '@/features/gifts/lib/gift-amount';
import { guestLinkFrom } from '@/features/gifts/lib/guest-link';
import { ActionWithAmount } from './action-with-amount';
import { AmountPicker } from './amount-picker';
import { CharityPicker } from './charity-picker';
import { GiftBreakdownList } from './gift-breakdown-list';
import { TextInput } from '@/components/text-input';
import { phoneFieldSx } from '@/features/gifts/lib/phone-field-sx';
import { loadGiftFormRules } from '@/features/gifts/lib/load-gift-form-rules';
import type { GiftFormValues } from '@/features/gifts/lib/gift-form-values';
import { useGiftFormState } from '@/features/gifts/lib/use-gift-form-state';

const ID_PREFIX = 'gift-';
const FIELD_ORDER = ['charityId', 'giftGiverName', 'giftGiverEmail', 'amount', 'personalMessage'] as const;
const NAME_MAX_LENGTH = 100;
const MESSAGE_MAX_LENGTH = 1000;

const GIFT_FAILED_MESSAGE = 'Failed to process gift. Please try again.';

/**
 * The form as the server draws it: empty, but for a single charity on offer, chosen from the start
 * so the page the server draws shows it chosen. A gift this tab started is brought back after the
 * first render (the server has no tab's storage, and the first render must draw what it drew).
 */
function initialValuesFor(options: readonly { id: string }[] | undefined): GiftFormValues {
  return { charityId: options?.length === 1 ? options[0]!.id : '', giftGiverName: '', giftGiverEmail: '', amount: '', personalMessage: '' };
}

interface GiftFormProps {
  registry: AnyRegistryView;
  /** The registry changed on the server (it closed, or went away): fetch it again. */
  onStale: () => void;
}

/**
 * The gift form of docs/product.md#gift-form: the charity, the giver, the amount (presets or custom) with
 * its breakdown, and a personal message. Submitting opens the payment (POST
 * /api/create-payment-intent), keeps the checkout data in the tab and moves to the checkout.
 */
export function GiftForm({ registry, onStale }: GiftFormProps) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const amountHeadingId = useId();
  const { charities: charityList, error: charitiesError, mutate: reloadCharities } = useCharities();
  const { config } = useConfig();
  const charities = useMemo(() => giftCharities(registry, charityList), [registry, charityList]);
  const { currency } = registry;
  // Unticked unless the giver ticks it: the charity has the giver's name on its donor list, their e-mail only with this.
  const [shareEmail, setShareEmail] = useState(false);

  const formik = useGiftFormState({
    initialValues: initialValuesFor(charities.options),
    // The rules (with Yup) load when the giver first touches the form, not with the page. While
    // they cannot load, nothing is checked here, and pressing the button says the gift failed.
    validate: async (values) => {
      const rules = await loadGiftFormRules().catch(() => null);
      return rules ? rules.giftFormErrors(values) : {};
    },
    onSubmit: async (values, helpers) => {
      const charity = charities.options?.find((option) => option.id === values.charityId);
      if (!charity) return; // submit() below says so before the form is sent
      const cents = giftAmountCents(values.amount);
      if (cents === null) {
        helpers.setFieldError('amount', 'Amount must be a positive number');
        return;
      }

      const rules = await loadGiftFormRules().catch(() => null);
      if (!rules) {
        toast({ title: 'Error', description: GIFT_FAILED_MESSAGE, variant: 'destructive' });
        focusNotifications();
        return;
      }
      // Exactly the spec's fields, trimmed, with the amount as a number (e.g. 36 or 50.25).
      const body: GiftRequest = {
        ...rules.giftRequestFields({
          registryId: registry.id,
          charityId: charity.id,
          giftGiverName: values.giftGiverName,
          giftGiverEmail: values.giftGiverEmail,
          personalMessage: values.personalMessage,
          shareEmailWithCharity: shareEmail,
          guestLink: guestLinkFrom(window.location.hash) ?? undefined,
        }),
        amount: toWireAmount(cents),
      };

      try {
        const started = await createPaymentIntent(body);
        saveCheckout({
          registryId: registry.id,
          amount: body.amount,
          giftGiverName: body.giftGiverName,
          charityId: charity.id,
          currency,
          clientSecret: started.clientSecret,
          paymentIntentId: started.paymentIntentId,
          breakdown: started.breakdown,
          charityName: charity.name,
          childName: registry.childName,
          celebrationType: registry.celebrationType,
        });
        navigate(paths.checkout(registry.id));
      } catch (error) {
        // A refusal (bad input, a closed registry, too many tries) says why; anything else is ours.
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        const fieldErrors = refused && error.fields ? pickFieldErrors(error.fields) : {};
        if (Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
        toast({ title: 'Error', description: refused ? error.message : GIFT_FAILED_MESSAGE, variant: 'destructive' });
        if (refused && (error.status === 404 || error.status === 409)) onStale();
        // Field messages get the focus from useFocusFirstError; otherwise the toast does.
        if (Object.keys(fieldErrors).length === 0) focusNotifications();
      }
    },
  });
  useFocusFirstError(formik, FIELD_ORDER, ID_PREFIX);

  const { setFieldValue } = formik;
  // A gift this tab started for the registry and did not pay (its giver, amount and charity), back
  // from the checkout: set before the browser paints, so the empty form never shows.
  useLayoutEffect(() => {
    const started = loadCheckout(registry.id);
    if (!started) return;
    void setFieldValue('charityId', started.charityId, false);
    void setFieldValue('giftGiverName', started.giftGiverName, false);
    void setFieldValue('amount', String(started.amount), false);
  }, [registry.id, setFieldValue]);

  // What the guest typed, kept across a reload into a new release (a chunk the rollout took away)
  // and brought back after it, newer than a gift this tab started.
  const latestValues = useRef(formik.values);
  latestValues.current = formik.values;
  useEffect(() => beforeReloadForNewRelease(() => saveGiftDraft(registry.id, latestValues.current)), [registry.id]);
  useLayoutEffect(() => {
    const draft = takeGiftDraft(registry.id);
    if (!draft) return;
    for (const [name, value] of Object.entries(draft)) if (value !== '') void setFieldValue(name as keyof GiftFormValues, value, false);
  }, [registry.id, setFieldValue]);

  // What a guest on a slow phone typed into the form the server drew, before the app took it over:
  // kept, and newer than a gift this tab started before.
  const formRef = useRef<HTMLFormElement>(null);
  const firstValues = useRef(formik.values);
  useLayoutEffect(() => {
    if (!formRef.current) return;
    for (const [name, value] of typedBeforeLive(formRef.current, firstValues.current)) void setFieldValue(name, value, false);
  }, [setFieldValue]);

  // A single charity on offer is chosen for the giver (once the list arrives, if it came late); a
  // choice no longer offered is dropped.
  const selectedCharity = formik.values.charityId;
  useEffect(() => {
    const options = charities.options;
    if (!options) return;
    if (options.length === 1 && options[0]!.id !== selectedCharity) {
      void setFieldValue('charityId', options[0]!.id, false);
    } else if (selectedCharity !== '' && !options.some((option) => option.id === selectedCharity)) {
      void setFieldValue('charityId', '', false);
    }
  }, [charities.options, selectedCharity, setFieldValue]);

  /**
   * The charity is checked first (docs/product.md#validation-rules). The submit button is disabled without one, but a
   * submission can still come another way (Enter in a field, assistive technology).
   */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = charities.options?.some((option) => option.id === formik.values.charityId);
    if (!chosen) {
      toast({
        title: 'Please select a charity',
        description: 'You must choose a charity to support with your gift.',
        variant: 'destructive',
      });
      const firstCharity = document.getElementById(`${ID_PREFIX}charityId`);
      if (firstCharity) firstCharity.focus();
      else focusNotifications();
      return;
    }
    formik.handleSubmit(event);
  };

  const busy = formik.isSubmitting;
  const cents = giftAmountCents(formik.values.amount);
  // The processor's price is the server's (GET /api/config): the preview is the very charge.
  const rate = config?.processingRates?.[currency];
  const breakdown = cents === null || !rate ? null : giftBreakdown(cents, rate);
  const amountError = formik.touched.amount ? formik.errors.amount : undefined;
  const missing = missingForPayment(formik.values);
  const canSubmit = missing === null && !busy;
  const field = (name: keyof GiftFormValues) => fieldProps(formik, name, ID_PREFIX);
  const chosenCharityName = charities.options?.find((option) => option.id === formik.values.charityId)?.name;

  // Until it can be pressed, the button says what it still needs, in words read aloud too.
  let submitLabel: ReactNode = 'Proceed to Payment';
  if (busy) submitLabel = 'Processing…';
  else if (missing) submitLabel = missing;
  else if (cents !== null) submitLabel = <ActionWithAmount action="Proceed to Payment" amount={formatMoney(cents, currency)} />;

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 4 } }}>
        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={submit}
          // The rules load as the giver starts, so they are there by the first check.
          onFocus={() => void loadGiftFormRules().catch(() => undefined)}
          aria-label="Gift details"
          sx={{ display: 'grid', gap: { xs: 1.5, sm: 4 } }}
        >
          <CharityPicker
            id={`${ID_PREFIX}charityId`}
            charities={charities}
            value={formik.values.charityId}
            onChange={(charityId) => void setFieldValue('charityId', charityId)}
            loadFailed={!!charitiesError}
            onRetry={() => void reloadCharities()}
            disabled={busy}
          />

          {/* No heading of their own: two labelled fields, up on a phone's first screen. */}
          <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2.5 } }}>
            <TextInput
              label="Your Name"
              required
              autoComplete="name"
              disabled={busy}
              sx={phoneFieldSx}
              {...field('giftGiverName')}
              htmlInput={{ maxLength: NAME_MAX_LENGTH }}
            />
            <TextInput
              label="Your Email"
              type="email"
              required
              autoComplete="email"
              disabled={busy}
              sx={phoneFieldSx}
              {...field('giftGiverEmail')}
              helperText={field('giftGiverEmail').helperText ?? 'For your receipt; the family sees it too.'}
            />
          </Box>

          <Box component="section" aria-labelledby={amountHeadingId} sx={{ display: 'grid', gap: { xs: 1, sm: 2 } }}>
            {/* As large as the charity section's heading: both head a part of the choice. */}
            <Typography id={amountHeadingId} component="h2" variant="h3" sx={{ fontSize: { xs: '1.1rem', sm: '1.25rem' } }}>
              Gift Amount
            </Typography>
            <AmountPicker
              id={`${ID_PREFIX}amount`}
              currency={currency}
              value={formik.values.amount}
              onChange={(amount) => {
                void formik.setFieldValue('amount', amount);
                void formik.setFieldTouched('amount', true, false);
              }}
              onBlur={() => void formik.setFieldTouched('amount', true)}
              error={amountError}
              disabled={busy}
            />
            {breakdown && <GiftBreakdownList breakdown={breakdown} currency={currency} />}
          </Box>

          <TextInput
            label="Personal Message (optional)"
            multiline
            // A fixed height, not one that grows: a growing box is measured as it mounts, which costs a
            // slow phone a pause as the form first appears (TextInput draws a plain textarea).
            rows={4}
            disabled={busy}
            {...field('personalMessage')}
            helperText={
              field('personalMessage').helperText ??
              `A note for ${registry.childName} and the family. ${formik.values.personalMessage.length}/${MESSAGE_MAX_LENGTH} characters.`
            }
            htmlInput={{ maxLength: MESSAGE_MAX_LENGTH }}
          />

          {chosenCharityName && (
            <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}>
              <input type="checkbox" checked={shareEmail} disabled={busy} onChange={(event) => setShareEmail(event.target.checked)} />
              Share my e-mail with {chosenCharityName} so it can thank me
            </label>
          )}

          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit} sx={{ py: 1.5, fontSize: '1.05rem' }}>
              {submitLabel}
            </Button>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', justifyContent: 'center', textAlign: 'center' }}
            >
              <LockIcon fontSize="small" aria-hidden="true" />
              <span>
                Your payment is processed securely by our card payment provider. You enter your card details on the next step; they never
                reach our servers.
              </span>
            </Typography>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * What the form needs before the payment can open (docs/product.md#gift-form: an amount and a charity), as
 * the submit button says it; null when nothing is missing. Other fields are checked on submit.
 */
function missingForPayment(values: GiftFormValues): string | null {
  const noCharity = values.charityId === '';
  const noAmount = values.amount.trim() === '';
  if (noCharity && noAmount) return 'Choose a charity and enter an amount';
  if (noCharity) return 'Choose a charity';
  if (noAmount) return 'Enter an amount';
  return null;
}

/** The server's field messages that belong to this form. */
function pickFieldErrors(fields: Record<string, string>): Partial<Record<keyof GiftFormValues, string>> {
  const picked: Partial<Record<keyof GiftFormValues, string>> = {};
  for (const name of FIELD_ORDER) {
    if (fields[name]) picked[name] = fields[name];
  }
  return picked;
}
