import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvitationPreviewView } from '@api/invitation-mail';
import { MAX_INVITATION_MESSAGE_LENGTH, MAX_PLACE_LENGTH, REMINDER_DAY_CHOICES, type ReminderDays } from '@core/model/invitation-settings';
import { EmailPreview } from '@/components/email-preview';
import { TextInput } from '@/components/text-input';
import { useToast } from '@/components/toast';
import { isApiError, type FieldErrors } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useInvitations, type InvitationDraft } from '@/features/guests/api/invitation-mail';
import { plural } from '@/features/guests/lib/guest-words';

const EMPTY: InvitationDraft = { message: '', startTime: null, place: null, reminderDays: 7 };
const ID_PREFIX = 'invitation-';

interface Props {
  registryId: string;
  open: boolean;
  /** Guests on the list not yet invited: whom "Send" e-mails. */
  notYetInvited: number;
  onClose: () => void;
}

/**
 * "Invite guests": the family's message, the time and place, the reminder, a preview of the very
 * e-mail the first guest gets, and Send to the guests not yet invited
 * (docs/product.md#invitations-by-e-mail).
 */
export function InviteGuestsDialog({ registryId, open, notYetInvited, onClose }: Props) {
  const { readSettings, saveSettings, preview, send } = useInvitations(registryId);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const titleId = useId();
  const [draft, setDraft] = useState<InvitationDraft>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState<InvitationPreviewView | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | 'send' | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoaded(false);
    setShown(null);
    setErrors({});
    readSettings()
      .then((saved) => {
        if (!current) return;
        setDraft({
          message: saved.message,
          startTime: saved.startTime,
          place: saved.place,
          reminderDays: saved.reminderDays as ReminderDays | null,
        });
        setLoaded(true);
      })
      .catch((failure: unknown) => {
        if (!current || onUnauthorized(failure)) return;
        setLoaded(true);
        toast({
          title: 'Error',
          description: serverMessage(failure, 'The invitation could not be loaded. Please try again.'),
          variant: 'destructive',
        });
      });
    return () => {
      current = false;
    };
  }, [open, readSettings, onUnauthorized, toast]);

  const change = (field: keyof InvitationDraft, value: string) => {
    setShown(null);
    setErrors((before) => ({ ...before, [field]: '' }));
    setDraft((before) => ({
      ...before,
      [field]:
        field === 'reminderDays'
          ? value === 'off'
            ? null
            : (Number(value) as ReminderDays)
          : field === 'message'
            ? value
            : value === ''
              ? null
              : value,
    }));
  };

  const refused = (failure: unknown, fallback: string) => {
    if (onUnauthorized(failure)) return;
    if (isApiError(failure) && failure.fields) setErrors(failure.fields);
    toast({ title: 'Error', description: serverMessage(failure, fallback), variant: 'destructive' });
  };

  const showPreview = async () => {
    setBusy('preview');
    try {
      setShown(await preview(draft));
    } catch (failure) {
      refused(failure, 'The preview could not be made. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    setBusy('save');
    try {
      await saveSettings(draft);
      toast({
        title: 'Invitation saved',
        description:
          draft.reminderDays === null ? 'No reminder will be sent.' : `The reminder goes ${draft.reminderDays} days before the date.`,
      });
      onClose();
    } catch (failure) {
      refused(failure, 'The invitation could not be saved. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy('send');
    try {
      await saveSettings(draft);
      const sent = await send();
      toast({ title: 'Invitations sent', description: sent.message });
      onClose();
    } catch (failure) {
      refused(failure, 'The invitations could not be sent. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    if (!busy) onClose();
  };
  const field = (name: keyof InvitationDraft) => ({
    id: `${ID_PREFIX}${name}`,
    name,
    error: Boolean(errors[name]),
    helperText: errors[name] || undefined,
  });
  const disabled = busy !== null || !loaded;

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      scroll="body"
      // On a phone the dialog takes the width, less a sliver that shows the page is still behind it.
      // (Doubled, to outweigh the dialog's own rule for a scrolling body on a narrow screen.)
      slotProps={{
        paper: {
          sx: (theme) => ({
            [theme.breakpoints.down('sm')]: { '&&': { m: 1, width: 'calc(100% - 16px)', maxWidth: 'calc(100% - 16px)' } },
          }),
        },
      }}
    >
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Invite guests</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important', px: { xs: 2, sm: 3 } }}>
          <Typography color="text.secondary">
            Each guest gets an e-mail from you with the celebration, your photo, your message, their own link to the registry and a calendar
            event. Replies come to your e-mail.
          </Typography>
          <TextInput
            {...field('message')}
            label="Your message"
            value={draft.message}
            onChange={(event) => change('message', event.target.value)}
            multiline
            minRows={4}
            disabled={disabled}
            helperText={errors.message || `${draft.message.length} of ${MAX_INVITATION_MESSAGE_LENGTH} characters`}
            htmlInput={{ maxLength: MAX_INVITATION_MESSAGE_LENGTH }}
            fullWidth
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, alignItems: 'start' }}>
            <TextInput
              {...field('startTime')}
              label="Time (optional)"
              type="time"
              value={draft.startTime ?? ''}
              onChange={(event) => change('startTime', event.target.value)}
              disabled={disabled}
            />
            <TextInput
              {...field('place')}
              label="Place (optional)"
              value={draft.place ?? ''}
              onChange={(event) => change('place', event.target.value)}
              disabled={disabled}
              htmlInput={{ maxLength: MAX_PLACE_LENGTH }}
            />
          </Box>
          <TextField
            select
            id={`${ID_PREFIX}reminderDays`}
            label="Reminder"
            value={draft.reminderDays === null ? 'off' : String(draft.reminderDays)}
            onChange={(event) => change('reminderDays', event.target.value)}
            disabled={disabled}
            helperText={
              errors.reminderDays || 'One reminder, to guests who have neither answered nor given. Guests who unsubscribed get none.'
            }
            error={Boolean(errors.reminderDays)}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            {REMINDER_DAY_CHOICES.map((days) => (
              <option key={days} value={String(days)}>
                {days} days before the date
              </option>
            ))}
            <option value="off">No reminder</option>
          </TextField>
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Button variant="outlined" onClick={() => void showPreview()} disabled={disabled} sx={{ justifySelf: 'start' }}>
              {busy === 'preview' ? 'Making the preview…' : 'Preview'}
            </Button>
            <Box role="status" aria-live="polite">
              {shown && (
                <Typography>
                  What {shown.guestName} will get. Subject: <strong>{shown.subject}</strong>
                </Typography>
              )}
            </Box>
            {shown && <EmailPreview html={shown.html} title={`Invitation preview for ${shown.guestName}`} />}
          </Box>
          {notYetInvited === 0 && (
            <Alert severity="info">Every guest on your list has been invited. To send one again, use Send again on their line.</Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={busy !== null}>
            Cancel
          </Button>
          <Button variant="outlined" onClick={() => void save()} disabled={disabled}>
            {busy === 'save' ? 'Saving…' : 'Save without sending'}
          </Button>
          <Button type="submit" variant="contained" disabled={disabled || notYetInvited === 0}>
            {busy === 'send' ? 'Sending…' : `Send to ${plural(notYetInvited, 'guest', 'guests')}`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
