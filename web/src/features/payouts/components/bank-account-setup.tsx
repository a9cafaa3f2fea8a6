import { useEffect, useId, useState } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import LaunchIcon from '@mui/icons-material/Launch';
import type { Currency } from '@core/money';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import { redirectTo } from '@/lib/redirect';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { bankCountryFor, isBankAccountReady, isVerified } from '@core/payout/payout-readiness';
import { fetchOnboardingUrl, useAccountStatus, useCreatePaymentAccount } from '@/features/payouts/api/payout-api';
import { COUNTRY_IN_SENTENCE } from '@/lib/bank-country';
import {
  CREATE_ACCOUNT_ERROR_FALLBACK,
  CREATE_ACCOUNT_ERROR_TITLE,
  describeRequirements,
  NO_ONBOARDING_URL,
  ONBOARDING_ERROR_FALLBACK,
  ONBOARDING_ERROR_TITLE,
} from '@/features/payouts/lib/payout-copy';
import { LoadError } from '@/components/load-error';
import { useConnectReturn } from '@/features/payouts/lib/use-connect-return';

interface BankAccountSetupProps {
  registryId: string;
  currency: Currency;
  disabled?: boolean;
  /** Saves the bank method before the page leaves for the onboarding, so the family comes back to it. */
  rememberBank: () => Promise<void>;
}

/**
 * Bank account setup (docs/product.md#states-and-transitions): no account → create a payment account → the provider's
 * onboarding (a full-page redirect) → verified once payouts are enabled and nothing is due.
 * Back from onboarding, ?connect=return shows how verification stands (coming back does not by
 * itself mean verified); ?connect=refresh asks for a fresh link and goes straight back.
 */
export function BankAccountSetup({ registryId, currency, disabled = false, rememberBank }: BankAccountSetupProps) {
  const headingId = useId();
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const createAccount = useCreatePaymentAccount();
  const { status, error, isLoading, isValidating, mutate } = useAccountStatus(true);
  const connect = useConnectReturn((back) => {
    if (back === 'return') void mutate();
    else void openOnboarding();
  });
  const [returned] = useState(connect === 'return');
  const [creating, setCreating] = useState(false);
  const [opening, setOpening] = useState(connect === 'refresh');
  const country = bankCountryFor(currency);

  /** Answers whether the page is leaving for the onboarding link. */
  const openOnboarding = async (): Promise<boolean> => {
    setOpening(true);
    try {
      await rememberBank();
      const url = await fetchOnboardingUrl(registryId);
      if (url) {
        // The page is leaving: the button stays busy.
        redirectTo(url);
        return true;
      }
      toast({ title: ONBOARDING_ERROR_TITLE, description: NO_ONBOARDING_URL, variant: 'destructive' });
    } catch (cause) {
      if (!onUnauthorized(cause)) {
        toast({ title: ONBOARDING_ERROR_TITLE, description: serverMessage(cause, ONBOARDING_ERROR_FALLBACK), variant: 'destructive' });
      }
    }
    setOpening(false);
    return false;
  };

  const create = async () => {
    setCreating(true);
    try {
      await createAccount(country);
    } catch (cause) {
      if (!onUnauthorized(cause)) {
        toast({
          title: CREATE_ACCOUNT_ERROR_TITLE,
          description: serverMessage(cause, CREATE_ACCOUNT_ERROR_FALLBACK),
          variant: 'destructive',
        });
      }
      setCreating(false);
      return;
    }
    // docs/product.md#states-and-transitions: a new account goes straight on to the onboarding link. Should the link
    // fail, the account exists and 'Continue Setup' offers it again.
    if (!(await openOnboarding())) setCreating(false);
  };

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  let body;
  if (opening && connect === 'refresh') {
    body = <Busy label="Getting a fresh bank account setup link…" />;
  } else if (creating && status?.accountId) {
    body = <Busy label="Payment account created. Opening the bank account setup…" />;
  } else if (isLoading || (returned && isValidating)) {
    body = <Busy label="Checking your payment account…" />;
  } else if (error || !status) {
    body = <LoadError onRetry={() => void mutate()}>We couldn't check your payment account.</LoadError>;
  } else if (!status.accountId) {
    body = (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Typography color="text.secondary">
          To receive the funds by bank transfer, create a secure payment account with our payment provider, then add your bank details
          there. The bank account must be in {COUNTRY_IN_SENTENCE[country]}, because this registry is in {currency}.
        </Typography>
        <Button
          variant="contained"
          startIcon={creating ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <AccountBalanceIcon />}
          onClick={() => void create()}
          disabled={disabled || creating}
        >
          {creating ? 'Creating account…' : 'Create Payment Account'}
        </Button>
      </Box>
    );
  } else if (isVerified(status)) {
    body =
      status.country === country ? (
        <Alert severity="success" role="note">
          <AlertTitle>Bank account verified</AlertTitle>
          When you close the registry, the family's funds are transferred to this bank account.
        </Alert>
      ) : (
        <Alert severity="warning" role="note">
          <AlertTitle>Bank account in another country</AlertTitle>
          Your bank account is in {COUNTRY_IN_SENTENCE[status.country ?? 'US']}, but this registry is in {currency}, so its funds can only
          go to a bank account in {COUNTRY_IN_SENTENCE[country]}. Choose PayPal or a mailed check instead, or contact support.
        </Alert>
      );
  } else {
    const due = describeRequirements(status.requirementsDue);
    body = (
      <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
        <Alert severity="info" role="note" sx={{ width: '100%' }}>
          <AlertTitle>Bank account not verified yet</AlertTitle>
          {due.length > 0 ? (
            <>
              Your bank account setup isn't finished. Still needed:
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {due.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </Box>
            </>
          ) : (
            'Our payment provider is reviewing your details. This usually takes a few minutes; check back soon.'
          )}
        </Alert>
        <Button
          variant="contained"
          startIcon={opening ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : <LaunchIcon />}
          onClick={() => void openOnboarding()}
          disabled={disabled || opening}
        >
          {opening ? 'Opening setup…' : 'Continue Setup'}
        </Button>
      </Box>
    );
  }

  const returnMessage =
    returned && status && !isValidating && !isLoading
      ? isBankAccountReady(status, currency)
        ? 'Welcome back! Your bank account is verified. You can now close the registry.'
        : 'Welcome back. Your bank account setup is not complete yet, so it is not verified.'
      : '';

  return (
    <Box role="group" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5, p: 2, borderRadius: 2, bgcolor: 'background.default' }}>
      <Typography id={headingId} component="h3" variant="h4">
        Bank Account
      </Typography>
      <Typography role="status" sx={returnMessage ? { fontWeight: 600 } : visuallyHidden}>
        {returnMessage}
      </Typography>
      {body}
    </Box>
  );
}

function Busy({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <CircularProgress size={22} aria-hidden="true" />
      <Typography>{label}</Typography>
    </Box>
  );
}
