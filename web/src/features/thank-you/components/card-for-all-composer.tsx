import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { cardForAllSchema } from '@core/thank-you/card-for-all-schemas';
import { fillGiverName, GIVER_NAME_PLACEHOLDER } from '@core/thank-you/giver-name-placeholder';
import { renderThankYouCard } from '@core/thank-you/render-card';
import type { CelebrationType } from '@core/model/celebration-title';
import type { CardForAllResult, ContributorView } from '@api/thank-you';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useThankYouActions } from '@/features/thank-you/api/thank-you-actions';
import { cardsCount, initialCardForAllValues, namesList, recipientsOf } from '@/features/thank-you/lib/card-for-all';
import type { CardValues } from '@/features/thank-you/lib/card-values';
import { CardForAllConfirmDialog } from './card-for-all-confirm-dialog';
import { EmailPreview } from '@/components/email-preview';
import { CardPhotosField } from './card-photos-field';
import { PhotoSizeField } from './photo-size-field';
import { TemplateField } from './template-field';

const ID = 'card-for-all-';
const FIELD_ORDER = ['templateId', 'customMessage', 'imageUrls', 'imageSize'] as const satisfies readonly (keyof CardValues)[];

interface CardForAllComposerProps {
  registryId: string;
  childName: string;
  celebrationType: CelebrationType;
  contributors: readonly ContributorView[];
  onClose: () => void;
  onSent: (result: CardForAllResult) => void;
}

/**
 * "Send to all without a card": one template and message with {name} where each giver's name
 * goes, previewed as a real giver gets it, then confirmed with the count and the names before the
 * server sends one card to each.
 */
export function CardForAllComposer({ registryId, childName, celebrationType, contributors, onClose, onSent }: CardForAllComposerProps) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { sendCardToAll } = useThankYouActions(registryId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const { recipients, withoutEmail, drafts } = useMemo(() => recipientsOf(contributors), [contributors]);
  const [previewGiftId, setPreviewGiftId] = useState<string | null>(null);
  const previewFor = recipients.find((recipient) => recipient.id === previewGiftId) ?? recipients[0] ?? null;

  const formik = useFormik<CardValues>({
    initialValues: initialCardForAllValues(childName, celebrationType),
    validationSchema: cardForAllSchema,
    validateOnMount: true,
    onSubmit: () => {},
  });
  const { values } = formik;

  const previewHtml = useMemo(() => {
    const giverName = previewFor?.giftGiverName ?? '';
    return renderThankYouCard(
      { ...values, customMessage: fillGiverName(values.customMessage, giverName), childName, celebrationType, giverName },
      window.location.origin,
    ).html;
  }, [values, previewFor, childName, celebrationType]);
  const shownPreview = useDeferredValue(previewHtml);

  const messageError = formik.errors.customMessage;
  const photosError = typeof formik.errors.imageUrls === 'string' ? formik.errors.imageUrls : undefined;

  /** Puts {name} where the cursor is in the message, and the cursor after it. */
  const insertPlaceholder = () => {
    const field = messageRef.current;
    const message = values.customMessage;
    const start = field?.selectionStart ?? message.length;
    const end = field?.selectionEnd ?? message.length;
    const next = `${message.slice(0, start)}${GIVER_NAME_PLACEHOLDER}${message.slice(end)}`;
    void formik.setFieldValue('customMessage', next);
    requestAnimationFrame(() => {
      field?.focus();
      const cursor = start + GIVER_NAME_PLACEHOLDER.length;
      field?.setSelectionRange(cursor, cursor);
    });
  };

  const review = async () => {
    const errors = await formik.validateForm();
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) {
      document.getElementById(`${ID}${first}`)?.focus();
      return;
    }
    setConfirming(true);
  };

  const send = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      const result = await sendCardToAll(values);
      setConfirming(false);
      onSent(result);
    } catch (error) {
      setConfirming(false);
      if (onUnauthorized(error)) return;
      if (isApiError(error) && error.fields) {
        const errors: FormikErrors<CardValues> = {};
        for (const name of FIELD_ORDER) if (error.fields[name]) errors[name] = error.fields[name];
        formik.setErrors(errors);
      }
      toast({
        title: 'Error',
        description: error instanceof Error && error.message ? error.message : 'Failed to send email',
        variant: 'destructive',
      });
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const count = recipients.length;
  return (
    <Card component="section" aria-labelledby={`${ID}heading`} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography
            id={`${ID}heading`}
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            sx={{ fontSize: { xs: '1.35rem', sm: '1.6rem' }, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'none' } }}
          >
            Send to All Without a Card
          </Typography>
          <Typography color="text.secondary">
            {count === 0
              ? 'Every gift with an e-mail already has a card.'
              : `${count === 1 ? '1 gift has' : `${count} gifts have`} no card yet. Write one message, and each giver gets the card with their own name in it.`}
          </Typography>
          {withoutEmail.length > 0 && (
            <Alert severity="info" role="note" sx={{ overflowWrap: 'anywhere' }}>
              {namesList(withoutEmail.map((contributor) => contributor.giftGiverName))} gave without an e-mail, so no card can be sent to
              them here: thank them another way.
            </Alert>
          )}
          {drafts.length > 0 && (
            <Alert severity="warning" role="note" sx={{ overflowWrap: 'anywhere' }}>
              {namesList(drafts.map((contributor) => contributor.giftGiverName))}{' '}
              {drafts.length === 1 ? 'has a draft card' : 'have draft cards'}: this message replaces {drafts.length === 1 ? 'it' : 'them'}.
              To keep a draft, send it from its own card first.
            </Alert>
          )}
        </Box>

        {count > 0 && (
          <Box
            component="form"
            noValidate
            aria-labelledby={`${ID}heading`}
            onSubmit={(event) => event.preventDefault()}
            sx={{ display: 'grid', gap: 3 }}
          >
            <TemplateField
              id={`${ID}templateId`}
              value={values.templateId}
              onChange={(template) => void formik.setFieldValue('templateId', template)}
              disabled={sending}
            />

            <Box sx={{ display: 'grid', gap: 1 }}>
              <TextField
                id={`${ID}customMessage`}
                inputRef={messageRef}
                name="customMessage"
                label="Message for Everyone"
                required
                multiline
                minRows={8}
                value={values.customMessage}
                onChange={formik.handleChange}
                onBlur={formik.handleBlur}
                error={!!messageError}
                helperText={
                  messageError ??
                  `Write ${GIVER_NAME_PLACEHOLDER} where each giver’s name goes: ${previewFor ? `${previewFor.giftGiverName}’s card shows “${previewFor.giftGiverName.trim()}” there` : 'each card shows its giver’s name there'}. Blank lines start a new paragraph.`
                }
                disabled={sending}
              />
              <Button
                type="button"
                variant="outlined"
                size="small"
                onClick={insertPlaceholder}
                disabled={sending}
                sx={{ justifySelf: 'start' }}
              >
                Insert {GIVER_NAME_PLACEHOLDER}
              </Button>
            </Box>

            <CardPhotosField
              id={`${ID}imageUrls`}
              value={values.imageUrls}
              onChange={(urls) => void formik.setFieldValue('imageUrls', urls)}
              onUploadingChange={setUploading}
              disabled={sending}
              error={photosError}
              hintSuffix=", on every card"
            />

            <PhotoSizeField
              id={`${ID}imageSize`}
              value={values.imageSize}
              onChange={(size) => void formik.setFieldValue('imageSize', size)}
              disabled={sending}
            />

            <Box sx={{ display: 'grid', gap: 1.5 }}>
              <Typography component="h3" variant="h4">
                Preview
              </Typography>
              <TextField
                select
                id={`${ID}preview-for`}
                label="Preview the card for"
                value={previewFor?.id ?? ''}
                onChange={(event) => setPreviewGiftId(event.target.value)}
                sx={{ maxWidth: 360 }}
              >
                {recipients.map((recipient) => (
                  <MenuItem key={recipient.id} value={recipient.id}>
                    {recipient.giftGiverName}
                  </MenuItem>
                ))}
              </TextField>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {`This is the e-mail ${previewFor?.giftGiverName ?? ''} receives.`}
              </Typography>
              <EmailPreview html={shownPreview} title={`Card preview for ${previewFor?.giftGiverName ?? ''}`} />
            </Box>

            <Box sx={{ display: 'flex', flexDirection: { xs: 'column-reverse', sm: 'row' }, justifyContent: 'flex-end', gap: 1.5 }}>
              <Button type="button" variant="outlined" size="large" onClick={onClose} disabled={sending}>
                Cancel
              </Button>
              <Button
                type="button"
                variant="contained"
                size="large"
                startIcon={<SendIcon />}
                onClick={() => void review()}
                disabled={uploading || sending}
              >
                Review and Send {cardsCount(count)}
              </Button>
            </Box>
          </Box>
        )}
        {count === 0 && (
          <Button type="button" variant="outlined" onClick={onClose} sx={{ justifySelf: 'start' }}>
            Back
          </Button>
        )}
      </CardContent>
      <CardForAllConfirmDialog
        open={confirming}
        busy={sending}
        recipientNames={recipients.map((recipient) => recipient.giftGiverName)}
        draftNames={drafts.map((recipient) => recipient.giftGiverName)}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </Card>
  );
}
