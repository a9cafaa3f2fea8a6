import { useState, type FormEvent } from 'react';
import { format } from 'date-fns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccountView } from '@api/account';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useCancelDeletion, useScheduleDeletion } from '@/features/account/api/account-api';

const longDate = (iso: string) => format(new Date(iso), 'MMMM d, yyyy');

/**
 * Delete your account: with the password, after a grace period in which signing in cancels it;
 * once scheduled, the date and a Cancel button.
 */
export function AccountDeletion({ account, graceDays }: { account: AccountView; graceDays: number }) {
  const { toast } = useToast();
  const schedule = useScheduleDeletion();
  const cancel = useCancelDeletion();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (account.deletionScheduledFor) {
    const onCancel = async () => {
      setBusy(true);
      try {
        await cancel();
        toast({ title: 'Deletion cancelled', description: 'Your account will not be deleted.' });
      } catch (failure) {
        toast({ title: 'Could not cancel the deletion', description: serverMessage(failure, 'Please try again.'), variant: 'destructive' });
      } finally {
        setBusy(false);
      }
    };
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning" role="status">
          Your account is scheduled for deletion on {longDate(account.deletionScheduledFor)}. Until then everything works as before; signing
          in, or Cancel Deletion here, keeps it.
        </Alert>
        <Button variant="contained" onClick={() => void onCancel()} disabled={busy} sx={{ justifySelf: 'start' }}>
          Cancel Deletion
        </Button>
      </Box>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    // A mistyped password said so; this try's answer alone may say so now.
    setFieldError(null);
    if (!password) {
      setFieldError('Enter your password to delete your account');
      return;
    }
    setBusy(true);
    try {
      const scheduled = await schedule(password);
      setPassword('');
      setFieldError(null);
      toast({
        title: 'Deletion scheduled',
        description: `Your account will be deleted on ${longDate(scheduled.deletionScheduledFor ?? '')}. We have e-mailed you.`,
      });
    } catch (failure) {
      if (isApiError(failure) && failure.fields?.currentPassword) setFieldError(failure.fields.currentPassword);
      else if (isApiError(failure) && failure.fields?.password) setFieldError(failure.fields.password);
      else if (isApiError(failure) && failure.status === 409) setRefusal(failure.message);
      toast({ title: 'Your account was not deleted', description: serverMessage(failure, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Delete your account"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Typography>
        Your account is deleted {graceDays} days after you ask, and we e-mail you when you ask. Signing in before then cancels it. Deleting
        removes your profile, your registries&apos; names, messages and photos, your guests&apos; names, e-mails and messages, and your
        thank-you cards; the amounts of gifts and payouts stay in our books without names. Download your data first if you want to keep it.
      </Typography>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <TextField
        id="delete-password"
        label="Your Password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={fieldError !== null}
        helperText={fieldError ?? ' '}
      />
      <Button type="submit" variant="contained" color="error" disabled={busy} sx={{ justifySelf: 'start' }}>
        Delete My Account
      </Button>
    </Box>
  );
}
