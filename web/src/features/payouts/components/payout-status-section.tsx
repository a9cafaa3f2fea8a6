import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { format } from 'date-fns';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import LaunchIcon from '@mui/icons-material/Launch';
import ReplayIcon from '@mui/icons-material/Replay';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { formatMoney } from '@core/money';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useConfig } from '@/lib/use-config';
import type { OwnerRegistryView } from '@api/registries';
import { fromWireAmount } from '@api/amount';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';
import { countryName } from '@/lib/bank-country';
import { fetchAccountUpdateUrl, payoutStatusOf, usePayoutActions, usePayoutStatus } from '@/features/payouts/api/payout-api';
import { SwitchPayoutDialog } from '@/components/switch-payout-dialog';
import { redirectTo } from '@/lib/redirect';
import { useConnectReturn } from '@/features/payouts/lib/use-connect-return';
import { payoutProgressText, payoutStage } from '@/features/payouts/lib/payout-progress';
import type { PayoutMethod, PayoutStatusView } from '@api/payouts';
import {
  CHECK_TIMING,
  CLOSE_ERROR_FALLBACK,
  CLOSE_ERROR_TITLE,
  PAYOUT_ISSUE_TEXT,
  PAYOUT_ISSUE_TITLE,
  PAYOUT_METHOD_LABELS,
  NO_ONBOARDING_URL,
  ONBOARDING_ERROR_FALLBACK,
  ONBOARDING_ERROR_TITLE,
  PAYOUT_STATE_LABELS,
  PAYPAL_TIMING,
  payoutDisplayState,
  type PayoutDisplayState,
} from '@/features/payouts/lib/payout-copy';
import { LoadError } from '@/components/load-error';

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REGISTRY_DATE_FORMAT);
}

const STATE_CHIP_SX: Record<PayoutDisplayState, object> = {
  processing: { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
  completed: { bgcolor: 'success.main', color: 'success.contrastText' },
  failed: { bgcolor: 'error.main', color: 'error.contrastText' },
};

/** Whether the time the server gave has come; turns true on its own at that moment. */
function useTimeReached(iso: string | null | undefined): boolean {
  const at = iso ? Date.parse(iso) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at) || at <= now) return;
    // setTimeout waits at most 2^31 - 1 ms; a later time is waited for in steps.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(at - now, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [at, now]);
  return !Number.isNaN(at) && now >= at;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

interface PayoutStatusSectionProps {
  registry: OwnerRegistryView;
  /** Moves the focus to the heading on arrival (right after closing). */
  focusHeading?: boolean;
  onStale: () => void;
}

/**
 * After closing (status closed or payout_sent): the payout shown as Processing, Completed or
 * Failed with what is happening beside it (payout-progress.ts: waiting for an administrator, being
 * sent by check, sent on a day and when the bank shows it), the amounts, the closed date, the timing and the method's details. A failed bank
 * transfer shows the 'Payout Issue' box and can be tried again (PUT close retries it); so can a
 * bank transfer whose result was never recorded, from the time the payout status call gives
 * (retryAvailableAt: the server's rule, not the page's).
 */
export function PayoutStatusSection({ registry, focusHeading = false, onStale }: PayoutStatusSectionProps) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { payout, error, isLoading, mutate } = usePayoutStatus(registry.id, true);
  const { closeRegistry, switchPayoutMethod } = usePayoutActions(registry.id);
  const [retrying, setRetrying] = useState(false);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const shown = payout ?? payoutStatusOf(registry);
  const state = payoutDisplayState(shown);
  const method = shown.payoutMethod ?? registry.payoutMethod;
  const money = (amount: number | null) => (amount == null ? '—' : formatMoney(fromWireAmount(amount), registry.currency));
  const sentOn = formatDate(shown.payoutSentAt);
  const progress = payoutProgressText(payoutStage(shown, method), method, sentOn);
  // Only the payout status call says when a transfer may be tried again; the registry alone cannot.
  const stalled = useTimeReached(payout?.retryAvailableAt);

  const retry = async () => {
    setRetrying(true);
    try {
      const result = await closeRegistry();
      if (result.transferResult?.success === false) {
        toast({ title: 'Payout still pending', description: PAYOUT_ISSUE_TEXT, variant: 'destructive' });
      } else {
        toast({ title: 'Payout on its way', description: 'Your payout is on its way to your bank account.' });
      }
    } catch (cause) {
      if (!onUnauthorized(cause)) {
        toast({ title: CLOSE_ERROR_TITLE, description: serverMessage(cause, CLOSE_ERROR_FALLBACK), variant: 'destructive' });
        if (isApiError(cause) && cause.status === 409) {
          onStale();
          void mutate();
        }
      }
    } finally {
      setRetrying(false);
    }
  };

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            variant="h2"
            sx={{
              fontSize: '1.4rem',
              '&:focus': { outline: 'none' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            Payout Status
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            This registry is closed, so no more gifts can be made.
          </Typography>
        </Box>

        {isLoading && !payout ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CircularProgress size={22} aria-hidden="true" />
            <Typography>Loading payout status…</Typography>
          </Box>
        ) : (
          <>
            {error && !payout ? (
              <LoadError onRetry={() => void mutate()} severity="warning" retryLabel="Reload">
                We couldn't load the latest payout status.
              </LoadError>
            ) : null}
            <Box role="status" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                Status:
              </Typography>
              <Chip label={PAYOUT_STATE_LABELS[state]} sx={{ fontWeight: 700, ...STATE_CHIP_SX[state] }} />
              {/* The spec's word says how far it got; these say what is happening. */}
              <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {progress.now}
              </Typography>
            </Box>

            {state === 'failed' && (
              <PayoutIssue
                registryId={registry.id}
                message={shown.transferResult?.success === false ? shown.transferResult.message : ''}
                retrying={retrying}
                onRetry={() => void retry()}
                onSwitch={() => setSwitching(true)}
              />
            )}
            {state === 'processing' && stalled && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
                <Typography variant="body2">This is taking longer than usual.</Typography>
                <TryAgainButton retrying={retrying} onRetry={() => void retry()} />
              </Box>
            )}

            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}
            >
              <Detail label="Amount to your family">
                <Typography sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
                  {money(shown.payoutAmount)}
                </Typography>
              </Detail>
              <Detail label="Amount to charity">
                <Typography sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
                  {money(shown.charityPayoutAmount)}
                </Typography>
              </Detail>
              <Detail label="Closed on">
                <Typography sx={{ fontWeight: 600 }}>{formatDate(shown.closedAt) || '—'}</Typography>
              </Detail>
              {sentOn && (
                <Detail label="Sent on">
                  <Typography sx={{ fontWeight: 600 }}>{sentOn}</Typography>
                </Detail>
              )}
              <Detail label="Payout method">
                <MethodDetails registry={registry} method={method} />
              </Detail>
              {shown.followUps.map((followUp, index) => (
                <Detail key={index} label="Follow-up payout">
                  <Typography sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
                    {money(followUp.amount)}
                  </Typography>
                  <Typography variant="body2">
                    {followUpProgress(followUp)}. {FOLLOW_UP_WHY}
                  </Typography>
                </Detail>
              ))}
            </Box>

            {progress.next && <Typography>{progress.next}</Typography>}
          </>
        )}
      </CardContent>
      <SwitchPayoutDialog
        open={switching}
        title="Switch to PayPal or Check"
        intro={`The bank transfer did not go through, so nothing was sent. Choose how the family's payout is sent instead: our team sends it by hand, PayPal ${PAYPAL_TIMING}, a check ${CHECK_TIMING}.`}
        submitLabel="Switch Payout"
        currency={registry.currency}
        onClose={() => setSwitching(false)}
        onSubmit={async (body) => {
          const switched = await switchPayoutMethod(body);
          setSwitching(false);
          const how =
            switched.payoutMethod === 'paypal'
              ? `to ${switched.paypalEmail ?? 'your PayPal account'} ${PAYPAL_TIMING}`
              : `by check, ${CHECK_TIMING}`;
          toast({ title: 'Payout switched', description: `Your payout will be sent ${how}.` });
          void mutate();
        }}
      />
    </Card>
  );
}

interface PayoutIssueProps {
  registryId: string;
  message: string;
  retrying: boolean;
  onRetry: () => void;
  onSwitch: () => void;
}

/**
 * The spec's 'Payout Issue' box, with the ways out of a refused bank transfer: try again, change
 * the bank account at the provider (and come back to try again), or have the payout sent by
 * PayPal or a check instead.
 */
function PayoutIssue({ registryId, message, retrying, onRetry, onSwitch }: PayoutIssueProps) {
  const { config } = useConfig();
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  // Back from the provider: an expired link asks for a fresh one.
  const connect = useConnectReturn((back) => {
    if (back === 'refresh') void openUpdate();
  });
  const [opening, setOpening] = useState(connect === 'refresh');

  const openUpdate = async () => {
    setOpening(true);
    try {
      const url = await fetchAccountUpdateUrl(registryId);
      if (url) {
        // The page is leaving: the button stays busy.
        redirectTo(url);
        return;
      }
      toast({ title: ONBOARDING_ERROR_TITLE, description: NO_ONBOARDING_URL, variant: 'destructive' });
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({ title: ONBOARDING_ERROR_TITLE, description: serverMessage(cause, ONBOARDING_ERROR_FALLBACK), variant: 'destructive' });
    }
    setOpening(false);
  };

  return (
    <Alert severity="error">
      <AlertTitle>{PAYOUT_ISSUE_TITLE}</AlertTitle>
      <Typography component="p" variant="body2">
        {PAYOUT_ISSUE_TEXT}
      </Typography>
      {message && (
        <Typography component="p" variant="body2" sx={{ mt: 0.5 }}>
          Details: {message}
        </Typography>
      )}
      {connect === 'return' ? (
        <Typography component="p" variant="body2" role="status" sx={{ mt: 0.5, fontWeight: 600 }}>
          Welcome back. If you changed your bank account, choose Try again to send the transfer to it.
        </Typography>
      ) : (
        <Typography component="p" variant="body2" sx={{ mt: 0.5 }}>
          If your bank account changed or was closed, update it first, or have the payout sent by PayPal or a check instead.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 1.5 }}>
        <TryAgainButton retrying={retrying} onRetry={onRetry} />
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={opening ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <LaunchIcon />}
          onClick={() => void openUpdate()}
          disabled={opening || retrying}
        >
          {opening ? 'Opening…' : 'Update Bank Account'}
        </Button>
        <Button variant="outlined" color="error" size="small" startIcon={<SwapHorizIcon />} onClick={onSwitch} disabled={retrying}>
          Switch to PayPal or Check
        </Button>
        {config?.supportEmail && (
          <Link href={`mailto:${config.supportEmail}`} sx={{ color: 'error.dark', fontWeight: 600 }}>
            Email support
          </Link>
        )}
      </Box>
    </Alert>
  );
}

/** PUT close again: the server looks for the bank transfer and sends it if none went through. */
function TryAgainButton({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <Button
      variant="contained"
      color="error"
      size="small"
      startIcon={retrying ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <ReplayIcon />}
      onClick={onRetry}
      disabled={retrying}
    >
      {retrying ? 'Trying again…' : 'Try again'}
    </Button>
  );
}

/** Why a follow-up payout exists, said under each one. */
const FOLLOW_UP_WHY = 'Your part of a disputed gift held back at closing, paid once the bank decided for the gift.';

/** A follow-up payout's state in the words of the registry's own payout. */
function followUpProgress(followUp: PayoutStatusView['followUps'][number]): string {
  const stage = payoutStage({ payoutStatus: followUp.status, transferResult: null, payoutAmount: followUp.amount }, followUp.method);
  return payoutProgressText(stage, followUp.method, formatDate(followUp.sentAt)).now;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'background.default', minWidth: 0 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function MethodDetails({ registry, method }: { registry: OwnerRegistryView; method: PayoutMethod | null }) {
  if (!method) return <Typography sx={{ fontWeight: 600 }}>—</Typography>;
  const label = <Typography sx={{ fontWeight: 600 }}>{PAYOUT_METHOD_LABELS[method]}</Typography>;
  if (method === 'paypal') {
    return (
      <>
        {label}
        {registry.paypalEmail && <Typography variant="body2">{registry.paypalEmail}</Typography>}
      </>
    );
  }
  if (method === 'check') {
    const cityLine = [registry.mailingCity, [registry.mailingState, registry.mailingZip].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
    return (
      <>
        {label}
        <Typography component="address" variant="body2" sx={{ fontStyle: 'normal' }}>
          {registry.mailingName && <span style={{ display: 'block' }}>{registry.mailingName}</span>}
          {registry.mailingAddress && <span style={{ display: 'block' }}>{registry.mailingAddress}</span>}
          {cityLine && <span style={{ display: 'block' }}>{cityLine}</span>}
          <span style={{ display: 'block' }}>{countryName(registry.mailingCountry)}</span>
        </Typography>
      </>
    );
  }
  return (
    <>
      {label}
      <Typography variant="body2">To the bank account you verified with our payment provider.</Typography>
    </>
  );
}
