import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { format } from 'date-fns';
import { useFormik, type FormikErrors } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import PrintIcon from '@mui/icons-material/Print';
import SendIcon from '@mui/icons-material/Send';
import { useNavigate } from 'react-router';
import { paths } from '@core/page-paths';
import { formatMoney, type Currency } from '@core/money';
import { renderThankYouCard } from '@core/thank-you/render-card';
import type { CelebrationType } from '@core/model/celebration-title';
import { useToast } from '@/components/toast';
import { isApiError, type FieldErrors } from '@/lib/api-fetch';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { fromWireAmount } from '@api/amount';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';
import { useThankYouActions } from '@/features/thank-you/api/thank-you-actions';
import type { ContributorView, ThankYouNoteView } from '@api/thank-you';
import { cardValuesSchema, type CardValues } from '@/features/thank-you/lib/card-values';
import { cardStatus } from '@/features/thank-you/lib/contributors';
import { EmailPreview } from '@/components/email-preview';
import { CardStatusChip, GivenByHandChip } from './contributor-list';
import { CardPhotosField } from './card-photos-field';
import { NotDeliveredNotice } from './not-delivered-notice';
import { sendNoteSchema } from '@core/thank-you/note-schemas';
import { PhotoSizeField } from './photo-size-field';
import { TemplateField } from './template-field';

const FIELD_ORDER = ['templateId', 'customMessage', 'imageUrls', 'imageSize'] as const satisfies readonly (keyof CardValues)[];

/** The card fields among the field messages a refused save sent back. */
function cardErrorsOf(fields: FieldErrors): FormikErrors<CardValues> {
  const errors: FormikErrors<CardValues> = {};
  for (const name of FIELD_ORDER) {
    const message = fields[name];
    if (message) errors[name] = message;
  }
  return errors;
}

function sentDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, REGISTRY_DATE_FORMAT);
}

interface CardEditorProps {
  registryId: string;
  childName: string;
  celebrationType: CelebrationType;
  currency: Currency;
  contributor: ContributorView;
  initialValues: CardValues;
  /** Told of every change, so unsaved edits survive choosing another contributor and back. */
  onValuesChange: (giftId: string, values: CardValues) => void;
}

/**
 * The right column (docs/product.md#thank-you-cards-page): one contributor's card with its template, message, photos
 * and photo size, the live preview of the e-mail, Save Draft, and Send Card (Resend once sent),
 * which saves the card first and then sends it. A gift given by hand also offers Print Card (the
 * card saved, then its print-ready page); without an e-mail address that is the only way to send it.
 */
export function CardEditor({
  registryId,
  childName,
  celebrationType,
  currency,
  contributor,
  initialValues,
  onValuesChange,
}: CardEditorProps) {
  const idPrefix = `card-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}-`;
  const headingId = `${idPrefix}heading`;
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { saveNote, sendNote, refresh } = useThankYouActions(registryId);
  const [busy, setBusy] = useState<'save' | 'send' | 'print' | null>(null);
  const navigate = useNavigate();
  const byHand = contributor.givenBy !== 'online';
  const note = contributor.thankYouNote;
  // Where the card goes: the address the family corrected it to, else the giver's own.
  const cardAddress = note?.sendTo ?? contributor.giftGiverEmail;
  const notDelivered = note?.status === 'sent' && note.notDeliveredAt !== null;
  const [address, setAddress] = useState(cardAddress ?? '');
  const [addressError, setAddressError] = useState<string | undefined>(undefined);
  const canEmail = cardAddress !== null;
  const [uploading, setUploading] = useState(false);
  const [savedNoteId, setSavedNoteId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Set at once on a click, before any re-render: a second click never saves or sends twice.
  const inFlight = useRef(false);

  // The editor opens when a contributor is chosen: the focus follows, so keyboard and
  // screen-reader users land on the card (below the list on a small screen).
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const formik = useFormik<CardValues>({
    initialValues,
    validationSchema: cardValuesSchema,
    validateOnMount: true,
    onSubmit: () => {},
  });
  const { values } = formik;

  useEffect(() => {
    onValuesChange(contributor.id, values);
  }, [contributor.id, values, onValuesChange]);

  const noteId = savedNoteId ?? note?.id ?? null;
  const alreadySent = note?.status === 'sent';
  const giver = contributor.giftGiverName;

  const previewHtml = useMemo(
    () => renderThankYouCard({ ...values, childName, celebrationType, giverName: giver, givenByHand: byHand }, window.location.origin).html,
    [values, childName, celebrationType, giver, byHand],
  );
  const shownPreview = useDeferredValue(previewHtml);

  // A card opens valid (the saved or the default message), so any message here comes from an edit.
  const messageError = formik.errors.customMessage;
  const photosError = typeof formik.errors.imageUrls === 'string' ? formik.errors.imageUrls : undefined;

  /** Shows what stops a save, and moves the focus to the first field to fix. */
  const readyToSave = async (): Promise<boolean> => {
    const errors = await formik.validateForm();
    if (Object.keys(errors).length === 0) return true;
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) document.getElementById(`${idPrefix}${first}`)?.focus();
    return false;
  };

  const save = async (): Promise<ThankYouNoteView | null> => {
    try {
      const saved = await saveNote({ giftId: contributor.id, noteId, ...values });
      setSavedNoteId(saved.id);
      return saved;
    } catch (error) {
      if (onUnauthorized(error)) return null;
      if (isApiError(error) && error.fields) formik.setErrors(cardErrorsOf(error.fields));
      toast({ title: 'Error', description: 'Failed to save note', variant: 'destructive' });
      return null;
    }
  };

  const onSaveDraft = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await readyToSave())) return;
      setBusy('save');
      const saved = await save();
      if (!saved) return;
      toast({ title: 'Draft Saved', description: `Your card for ${giver} is saved.` });
      void refresh();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  /** After a card was not delivered: the address to send it to, checked as the server checks it; null when it is not one. */
  const readyAddress = async (): Promise<string | null> => {
    if (!notDelivered) return cardAddress;
    try {
      const checked = (await sendNoteSchema.validate({ email: address })).email?.trim() ?? '';
      if (!checked) throw new Error('Email is required');
      setAddressError(undefined);
      return checked;
    } catch (error) {
      setAddressError(error instanceof Error ? error.message : 'Please enter a valid email address');
      document.getElementById(`${idPrefix}address`)?.focus();
      return null;
    }
  };

  const onSend = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const to = await readyAddress();
      if (!to || !(await readyToSave())) return;
      setBusy('send');
      const saved = await save();
      if (!saved) return;
      try {
        await sendNote(saved, to !== cardAddress ? to : undefined);
        toast({ title: 'Thank You Card Sent!', description: `Your card is on its way to ${to}.` });
      } catch (error) {
        if (onUnauthorized(error)) return;
        if (isApiError(error) && error.fields?.email) setAddressError(error.fields.email);
        toast({ title: 'Error', description: 'Failed to send email', variant: 'destructive' });
      }
      void refresh();
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const onPrint = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      if (!(await readyToSave())) return;
      setBusy('print');
      const saved = await save();
      if (!saved) return;
      navigate(paths.thankYouCardPrint(registryId, contributor.id));
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  };

  const sentOn = alreadySent ? sentDate(note?.sentAt) : null;
  // The fields wait while a save or send is under way; the buttons stay focusable (a click
  // then does nothing), so a keyboard user's focus is not lost to the page.
  const locked = busy !== null;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            sx={{
              fontSize: { xs: '1.35rem', sm: '1.6rem' },
              overflowWrap: 'anywhere',
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            Thank You Card for {giver}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5 }}>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {cardAddress ?? 'No e-mail address'}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(fromWireAmount(contributor.amount), currency)}
            </Typography>
            <CardStatusChip status={cardStatus(contributor)} />
            {byHand && <GivenByHandChip givenBy={contributor.givenBy} />}
            {sentOn && (
              <Typography variant="body2" color="text.secondary">
                Sent {sentOn}
              </Typography>
            )}
          </Box>
          {contributor.personalMessage && (
            <Box sx={{ mt: 1, p: 1.5, borderRadius: 2, bgcolor: 'background.default' }}>
              <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                {giver}'s message
              </Typography>
              <Typography
                component="blockquote"
                sx={{ m: 0, mt: 0.5, fontStyle: 'italic', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {contributor.personalMessage}
              </Typography>
            </Box>
          )}
        </Box>

        <Box
          component="form"
          noValidate
          aria-labelledby={headingId}
          onSubmit={(event) => event.preventDefault()}
          sx={{ display: 'grid', gap: 3 }}
        >
          {notDelivered && (
            <NotDeliveredNotice
              id={`${idPrefix}address`}
              giver={giver}
              address={address}
              onAddressChange={(typed) => {
                setAddress(typed);
                setAddressError(undefined);
              }}
              error={addressError}
              disabled={busy !== null}
            />
          )}
          <TemplateField
            id={`${idPrefix}templateId`}
            value={values.templateId}
            onChange={(template) => void formik.setFieldValue('templateId', template)}
            disabled={locked}
          />

          <TextField
            id={`${idPrefix}customMessage`}
            name="customMessage"
            label="Personal Message"
            required
            multiline
            minRows={8}
            value={values.customMessage}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={!!messageError}
            helperText={messageError ?? 'Blank lines start a new paragraph on the card.'}
            disabled={locked}
          />

          <CardPhotosField
            id={`${idPrefix}imageUrls`}
            value={values.imageUrls}
            onChange={(urls) => void formik.setFieldValue('imageUrls', urls)}
            onUploadingChange={setUploading}
            disabled={locked}
            error={photosError}
          />

          <PhotoSizeField
            id={`${idPrefix}imageSize`}
            value={values.imageSize}
            onChange={(size) => void formik.setFieldValue('imageSize', size)}
            disabled={locked}
          />

          <Box>
            <Typography component="h3" variant="h4" sx={{ mb: 1 }}>
              Live Preview
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {canEmail ? `This is the e-mail ${giver} receives.` : `This is the card you print and give to ${giver}.`}
            </Typography>
            <EmailPreview html={shownPreview} title="Card preview" />
          </Box>

          {!canEmail && (
            <Typography color="text.secondary">
              {`${giver} gave by hand and left no e-mail address: print the card and give it to them, then mark it as given.`}
            </Typography>
          )}
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column-reverse', sm: 'row' },
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              gap: 1.5,
            }}
          >
            <Button
              type="button"
              variant="outlined"
              size="large"
              startIcon={busy === 'save' ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <SaveIcon />}
              onClick={() => void onSaveDraft()}
              aria-busy={busy === 'save'}
              disabled={uploading}
            >
              Save Draft
            </Button>
            {(byHand || notDelivered) && (
              <Button
                type="button"
                variant={canEmail ? 'outlined' : 'contained'}
                size="large"
                startIcon={busy === 'print' ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <PrintIcon />}
                onClick={() => void onPrint()}
                aria-busy={busy === 'print'}
                disabled={uploading || !formik.isValid}
              >
                Print Card
              </Button>
            )}
            {canEmail && (
              <Button
                type="button"
                variant="contained"
                size="large"
                startIcon={busy === 'send' ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <SendIcon />}
                onClick={() => void onSend()}
                aria-busy={busy === 'send'}
                disabled={uploading || !formik.isValid}
              >
                {notDelivered ? 'Send Again' : alreadySent ? 'Resend' : 'Send Card'}
              </Button>
            )}
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
