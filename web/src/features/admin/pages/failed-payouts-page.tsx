import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { formatMoney } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { SwitchPayoutDialog } from '@/components/switch-payout-dialog';
import { useToast } from '@/components/toast';
import { paths } from '@core/page-paths';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import {
  retryFailedPayout,
  switchFailedPayout,
  useFailedPayouts,
  useRefreshFailedPayouts,
  type FailedPayout,
} from '@/features/admin/api/admin-payouts';
import { AdminPage, AdminSection, Field, formatAdminDate, LoadedList } from '@/features/admin/components/admin-ui';

export const PAGE_TITLE = 'Failed Payouts';

/** The reason recorded when the provider did not answer (core/payout/transfer-outcome.ts). */
const PROVIDER_UNAVAILABLE = 'provider_unavailable';

function familyAmount(payout: FailedPayout): string {
  return formatMoney(fromWireAmount(payout.payoutAmount), payout.currency);
}

function tries(count: number): string {
  return `${count} ${count === 1 ? 'try' : 'tries'}`;
}

/**
 * /admin/failed-payouts (admins): families' bank payouts that did not go through, with what the
 * provider said, how often it was tried and whom to reach; an administrator tries again (after
 * the family fixed their account) or, on the family's word, sends it by PayPal or a check, which
 * moves it to Manual Payouts. A try cut off before the provider answered is listed too, once
 * its wait is over.
 */
export default function FailedPayoutsPage() {
  usePageTitle(PAGE_TITLE);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { failed, error, mutate } = useFailedPayouts();
  const refresh = useRefreshFailedPayouts();
  const [retrying, setRetrying] = useState<string | null>(null);
  const [switching, setSwitching] = useState<FailedPayout | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const retry = async (payout: FailedPayout) => {
    setRetrying(payout.id);
    try {
      const { transferResult } = await retryFailedPayout(payout.id);
      if (transferResult.success) {
        toast({ title: 'Payout sent', description: `${familyAmount(payout)} went to ${payout.childName}'s family's bank account.` });
        requestAnimationFrame(() => headingRef.current?.focus());
      } else {
        toast({
          title: 'Payout still pending',
          description: transferResult.message || 'The bank transfer did not go through.',
          variant: 'destructive',
        });
      }
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({ title: 'Error', description: serverMessage(cause, 'The payout could not be tried again.'), variant: 'destructive' });
    }
    setRetrying(null);
    void refresh();
  };

  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="Bank payouts to families that did not go through. Try one again once the family has fixed their bank account, or send it by PayPal or a check on their word: it then waits on the Manual Payouts page."
    >
      <AdminSection id="failed-payouts-heading" title="Bank Payouts Not Sent" headingRef={headingRef}>
        <LoadedList
          items={failed}
          error={error}
          onRetry={() => void mutate()}
          what="failed payouts"
          empty="No bank payout is waiting: every one went through."
        >
          {(payout) => (
            <FailedPayoutItem
              key={payout.id}
              payout={payout}
              retrying={retrying === payout.id}
              busy={retrying !== null}
              onRetry={() => void retry(payout)}
              onSwitch={() => setSwitching(payout)}
            />
          )}
        </LoadedList>
      </AdminSection>

      <SwitchPayoutDialog
        open={switching !== null}
        title="Switch to PayPal or Check"
        intro={
          switching
            ? `Send ${familyAmount(switching)} to ${switching.childName}'s family by PayPal or a mailed check instead of the bank transfer, as the family asked. The switch is recorded in the audit trail under your name.`
            : ''
        }
        submitLabel="Switch Payout"
        currency={switching?.currency ?? 'USD'}
        onClose={() => setSwitching(null)}
        onSubmit={async (body) => {
          if (!switching) return;
          const moved = await switchFailedPayout(switching.id, body);
          setSwitching(null);
          toast({
            title: 'Payout switched',
            description: `${moved.childName}'s payout is now on the Manual Payouts page, to be sent by ${moved.payoutMethod === 'paypal' ? 'PayPal' : 'check'}.`,
          });
          requestAnimationFrame(() => headingRef.current?.focus());
          void refresh();
        }}
      />
    </AdminPage>
  );
}

interface FailedPayoutItemProps {
  payout: FailedPayout;
  retrying: boolean;
  busy: boolean;
  onRetry: () => void;
  onSwitch: () => void;
}

function FailedPayoutItem({ payout, retrying, busy, onRetry, onSwitch }: FailedPayoutItemProps) {
  const nameId = useId();
  const amountId = useId();
  const unanswered = payout.transferFailureReason === PROVIDER_UNAVAILABLE;
  // Nothing recorded: the try was cut off (the server stopped) before the provider's answer.
  const cutOff = payout.transferFailureReason === null;
  const canRetryNow = payout.retryAvailableAt !== null && Date.parse(payout.retryAvailableAt) <= Date.now();
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography id={nameId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {payout.childName}
            </Typography>
            <Link href={paths.registry(payout.id)} variant="body2">
              Registry {payout.shortCode}
            </Link>
          </Box>
          <Typography id={amountId} sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {familyAmount(payout)}
          </Typography>
          <Chip
            size="small"
            label={cutOff ? 'No answer recorded' : unanswered ? 'Not confirmed' : 'Refused'}
            sx={{ fontWeight: 700, bgcolor: 'error.main', color: 'error.contrastText' }}
          />
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Field label="Provider's reason">
            {payout.transferFailureMessage ||
              (cutOff
                ? 'The try was cut off before the payment provider answered. Retry or Switch Method asks the provider for this payout’s transfer first, so the family is not paid twice.'
                : unanswered
                  ? 'The payment provider did not answer.'
                  : '—')}
            {payout.transferFailureReason && (
              <Box
                component="span"
                sx={{ display: 'block', fontWeight: 400, fontFamily: 'monospace', fontSize: '0.8125rem', color: 'text.secondary' }}
              >
                {payout.transferFailureReason}
              </Box>
            )}
          </Field>
          <Field label="Tries">{tries(payout.transferAttempts)}</Field>
          <Field label="Family's contact">
            {payout.owner ? (
              <>
                {payout.owner.name}
                <Link href={`mailto:${payout.owner.email}`} sx={{ display: 'block', fontWeight: 400 }}>
                  {payout.owner.email}
                </Link>
              </>
            ) : (
              '—'
            )}
          </Field>
          <Field label="Closed">{formatAdminDate(payout.closedAt) || '—'}</Field>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            variant="contained"
            startIcon={retrying ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <ReplayIcon />}
            onClick={onRetry}
            disabled={busy || !canRetryNow}
            aria-describedby={`${nameId} ${amountId}`}
          >
            {retrying ? 'Trying again…' : 'Retry'}
          </Button>
          <Button
            variant="outlined"
            startIcon={<SwapHorizIcon />}
            onClick={onSwitch}
            disabled={busy || !canRetryNow}
            aria-describedby={`${nameId} ${amountId}`}
          >
            Switch Method
          </Button>
        </Box>
        {!canRetryNow && (
          <Typography variant="body2" color="text.secondary">
            The last try may still be under way: reload this page in a few minutes to try it again or switch it.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
