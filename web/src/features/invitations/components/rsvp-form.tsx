import { useId, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InvitationView, RsvpRequest } from '@api/invitations';
import { MAX_PARTY_SIZE } from '@core/model/guest';
import type { RsvpAnswer } from '@core/model/guest-rsvp';
import { paths } from '@core/page-paths';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { RSVP_CHOICES } from '@/features/invitations/lib/rsvp-words';

interface RsvpFormProps {
  token: string;
  invitation: InvitationView;
  onAnswer: (body: RsvpRequest) => Promise<void>;
  /** Said above the button once an answer was sent, or when sending failed. */
  onOutcome: (outcome: { severity: 'success' | 'error'; text: string }) => void;
}

/**
 * The three choices and how many. A plain form posting to the page's own address, so a browser
 * without script answers too (the server sends it back with the outcome); with the app running,
 * the answer goes to the API and the page stays where it is.
 */
export function RsvpForm({ token, invitation, onAnswer, onOutcome }: RsvpFormProps) {
  const current = invitation.rsvp;
  const [answer, setAnswer] = useState<RsvpAnswer | ''>(current?.answer ?? '');
  const [partySize, setPartySize] = useState(String(current && current.answer !== 'no' ? current.partySize : invitation.guest.partySize));
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const legendId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answer === '') {
      onOutcome({ severity: 'error', text: 'Choose Coming, Maybe or Not coming, then send your answer.' });
      return;
    }
    const size = Number(partySize);
    if (answer !== 'no' && !(/^\d+$/.test(partySize.trim()) && size >= 1 && size <= MAX_PARTY_SIZE)) {
      setSizeError(`Say how many are coming: a number from 1 to ${MAX_PARTY_SIZE}.`);
      document.getElementById('rsvp-party-size')?.focus();
      return;
    }
    setSizeError(null);
    setSending(true);
    try {
      await onAnswer(answer === 'no' ? { answer } : { answer, partySize: size });
      onOutcome({ severity: 'success', text: 'Thank you! Your answer is saved.' });
    } catch (error) {
      const field = isApiError(error) ? error.fields?.partySize : undefined;
      if (field) setSizeError(field);
      onOutcome({
        severity: 'error',
        text: serverMessage(error, 'Your answer could not be sent. Please check your connection and try again.'),
      });
    } finally {
      setSending(false);
    }
  };

  const notComing = answer === 'no';
  return (
    <Box
      component="form"
      method="post"
      action={paths.guestInvitation(token)}
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }} aria-labelledby={legendId}>
        <Typography component="legend" id={legendId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1 }}>
          Will you come?
        </Typography>
        <RadioGroup name="answer" value={answer} onChange={(event) => setAnswer(event.target.value as RsvpAnswer)} sx={{ gap: 0.5 }}>
          {RSVP_CHOICES.map((choice) => (
            <FormControlLabel
              key={choice.answer}
              value={choice.answer}
              control={<Radio />}
              label={choice.label}
              sx={{
                m: 0,
                pr: 2,
                border: 1,
                borderColor: answer === choice.answer ? 'primary.main' : 'divider',
                borderRadius: 2,
                minHeight: 48,
              }}
            />
          ))}
        </RadioGroup>
      </Box>
      <TextField
        id="rsvp-party-size"
        name="partySize"
        type="number"
        label="How many are coming"
        value={partySize}
        onChange={(event) => setPartySize(event.target.value)}
        disabled={notComing}
        error={sizeError !== null}
        helperText={
          sizeError ??
          `Your invitation is for ${invitation.guest.partySize === 1 ? '1 person' : `${invitation.guest.partySize} people`}. Leave it for Not coming.`
        }
        slotProps={{
          htmlInput: { min: 1, max: MAX_PARTY_SIZE, inputMode: 'numeric' },
          // The words under a field switched off by Not coming still say why: they stay readable.
          formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
        }}
        sx={{ maxWidth: { sm: '16rem' } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ justifySelf: 'start', minHeight: 48 }}>
        {current ? 'Change my answer' : 'Send my answer'}
      </Button>
    </Box>
  );
}
