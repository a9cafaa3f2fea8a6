import { useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import ScienceIcon from '@mui/icons-material/Science';
import { PageSpinner } from '@/components/page-spinner';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { redirectTo } from '@/lib/redirect';
import { usePageTitle } from '@/lib/use-page-title';
import { COUNTRY_NAMES } from '@/lib/bank-country';
import {
  expiredLinkOf,
  finishSandboxOnboarding,
  useSandboxOnboarding,
  type ExpiredLink,
  type OnboardingOutcome,
  type SandboxOnboardingAccount,
} from '@/features/sandbox/api/sandbox-onboarding';
import { LoadError } from '@/components/load-error';

export const PAGE_TITLE = 'Bank Account Setup';

/** The three ways a test onboarding can end, as the owner picks them. */
export const OUTCOME_CHOICES: { value: OnboardingOutcome; label: string; description: string }[] = [
  {
    value: 'verified',
    label: 'Verify the bank account',
    description: 'The account is verified and payouts are enabled: closing the registry transfers the funds.',
  },
  {
    value: 'rejects_transfers',
    label: 'Verify, but make transfers fail',
    description: 'The account is verified, but the bank refuses transfers: closing shows a payout issue.',
  },
  {
    value: 'unfinished',
    label: 'Leave unfinished',
    description: 'You go back without finishing: the account stays unverified and setup can be continued later.',
  },
];

/**
 * /sandbox/onboarding?token=… (public): the sandbox payment provider's page for a payment
 * account's onboarding. Nothing real is collected; the owner picks how it ends and is sent back.
 */
export default function SandboxOnboardingPage() {
  usePageTitle(PAGE_TITLE);
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() || null;
  const { account, error, isLoading, mutate } = useSandboxOnboarding(token);
  const [expiredOnSubmit, setExpiredOnSubmit] = useState<ExpiredLink | null>(null);
  const expired = expiredOnSubmit ?? expiredLinkOf(error);

  let content;
  if (!token) {
    content = (
      <Alert severity="error">
        This setup link is incomplete. Go back to your registry and continue the bank account setup from there.
      </Alert>
    );
  } else if (expired) {
    content = <ExpiredNotice expired={expired} />;
  } else if (error) {
    content =
      isApiError(error) && error.status >= 400 && error.status < 500 ? (
        <Alert severity="error">{error.message}</Alert>
      ) : (
        <LoadError onRetry={() => void mutate()}>{serverMessage(error, "We couldn't load this setup. Please try again.")}</LoadError>
      );
  } else if (isLoading || !account) {
    content = <PageSpinner label="Loading bank account setup…" />;
  } else {
    content = <OnboardingForm token={token} account={account} onExpired={setExpiredOnSubmit} />;
  }

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 }, display: 'grid', gap: 2.5 }}>
          <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
            <Chip
              icon={<ScienceIcon />}
              label="Test mode"
              size="small"
              sx={{ fontWeight: 700, bgcolor: 'secondary.main', color: 'secondary.contrastText', '& .MuiChip-icon': { color: 'inherit' } }}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2rem' } }}>
              {PAGE_TITLE}
            </Typography>
          </Box>
          <Alert severity="info" variant="outlined" role="note">
            <strong>Test mode:</strong> this page stands in for the payment provider's bank account setup. No real bank details are
            collected; choose how the setup ends.
          </Alert>
          {content}
        </CardContent>
      </Card>
    </Container>
  );
}

function ExpiredNotice({ expired }: { expired: ExpiredLink }) {
  return (
    <Alert severity="warning">
      <AlertTitle>Link expired</AlertTitle>
      <Typography component="p" variant="body2">
        {expired.message}
      </Typography>
      {expired.refreshUrl && (
        <Button variant="contained" size="small" href={expired.refreshUrl} sx={{ mt: 1.5 }}>
          Get a new setup link
        </Button>
      )}
    </Alert>
  );
}

interface OnboardingFormProps {
  token: string;
  account: SandboxOnboardingAccount;
  onExpired: (expired: ExpiredLink) => void;
}

function OnboardingForm({ token, account, onExpired }: OnboardingFormProps) {
  const legendId = useId();
  const descriptionPrefix = useId();
  const [outcome, setOutcome] = useState<OnboardingOutcome>('verified');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const url = await finishSandboxOnboarding(token, outcome);
      if (url) {
        // The page is leaving: the button stays busy.
        redirectTo(url);
        return;
      }
      setFailure('No return address was received from the server.');
    } catch (error) {
      const expired = expiredLinkOf(error);
      if (expired) {
        onExpired(expired);
        return;
      }
      setFailure(serverMessage(error, 'Something went wrong. Please try again.'));
    }
    setBusy(false);
    requestAnimationFrame(() => failureRef.current?.focus());
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-label="Test bank account setup"
      sx={{ display: 'grid', gap: 2.5 }}
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 0.75 }}>
        <Typography component="dt" color="text.secondary">
          Country
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
          {COUNTRY_NAMES[account.country] ?? account.country}
        </Typography>
        <Typography component="dt" color="text.secondary">
          Email
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {account.email}
        </Typography>
        <Typography component="dt" color="text.secondary">
          Account
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {account.accountId}
        </Typography>
      </Box>

      <FormControl component="fieldset" disabled={busy}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
          How should this test setup end?
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name="outcome"
          value={outcome}
          onChange={(_, next) => setOutcome(next as OnboardingOutcome)}
          sx={{ gap: 1 }}
        >
          {OUTCOME_CHOICES.map((choice) => {
            const descriptionId = `${descriptionPrefix}-${choice.value}`;
            return (
              <Box
                key={choice.value}
                sx={{ p: 1, pr: 1.5, borderRadius: 2, border: 1, borderColor: outcome === choice.value ? 'primary.main' : 'divider' }}
              >
                <FormControlLabel
                  value={choice.value}
                  label={choice.label}
                  sx={{ '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                  control={<Radio slotProps={{ input: { 'aria-describedby': descriptionId } }} />}
                />
                <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ pl: 4 }}>
                  {choice.description}
                </Typography>
              </Box>
            );
          })}
        </RadioGroup>
      </FormControl>

      {failure && (
        <Alert severity="error" ref={failureRef} tabIndex={-1}>
          {failure}
        </Alert>
      )}

      <Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined}
        >
          {busy ? 'Returning…' : 'Continue'}
        </Button>
      </Box>
    </Box>
  );
}
