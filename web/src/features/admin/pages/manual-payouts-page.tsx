import { useEffect, useId, useRef, useState } from 'react';
import { StatCard, StatGrid } from '@/components/stat-card';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import MailIcon from '@mui/icons-material/Mail';
import PaymentIcon from '@mui/icons-material/Payment';
import { formatMoney } from '@core/money';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { countryName } from '@/lib/bank-country';
import { fromWireAmount } from '@api/amount';
import { changeManualPayoutClaim, useManualPayouts, type ManualPayout } from '@/features/admin/api/admin-payouts';
import { CompleteManualPayoutDialog } from '@/features/admin/components/complete-manual-payout-dialog';
import { AdminPage, AdminSection, EmptyState, Field, formatAdminDate, Loading, StatusBadge } from '@/features/admin/components/admin-ui';
import { PayoutClaimControls } from '@/features/admin/components/payout-claim';
import { LoadError } from '@/components/load-error';

export const PAGE_TITLE = 'Manual Payouts';

const METHOD_LABELS: Record<ManualPayout['payoutMethod'], string> = { paypal: 'PayPal', check: 'Check' };

function familyAmount(payout: ManualPayout): string {
  return payout.payoutAmount == null ? '—' : formatMoney(fromWireAmount(payout.payoutAmount), payout.currency);
}

function addressLines(payout: ManualPayout): string[] {
  const cityLine = [payout.mailingCity, [payout.mailingState, payout.mailingZip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [payout.mailingName, payout.mailingAddress, cityLine, countryName(payout.mailingCountry)].filter((line): line is string => !!line);
}

/** /admin/manual-payouts (admins): families paid by PayPal or check after closing, sent by hand. */
export default function ManualPayoutsPage() {
  usePageTitle(PAGE_TITLE);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { payouts, error, mutate } = useManualPayouts();
  const [confirming, setConfirming] = useState<ManualPayout | null>(null);
  const pendingHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const [claiming, setClaiming] = useState(false);
  const changeClaim = async (payout: ManualPayout, change: 'claim' | 'release') => {
    setClaiming(true);
    try {
      await changeManualPayoutClaim(payout.id, change);
      toast({
        title: change === 'claim' ? 'Payout Claimed' : 'Claim Released',
        description:
          change === 'claim'
            ? `You are sending ${familyAmount(payout)} to ${payout.childName}'s family. Mark it complete once it is sent.`
            : `${payout.childName}'s payout waits to be sent again.`,
      });
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({
          title: 'Error',
          description: serverMessage(cause, 'The claim could not be changed. Please try again.'),
          variant: 'destructive',
        });
    }
    setClaiming(false);
    // Another administrator may have claimed it meanwhile: the list shows who.
    void mutate();
  };

  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="Families who chose PayPal or a mailed check are paid by hand after they close their registry. Claim a payout, send it, then mark it complete: the other administrators see who is sending it."
    >
      {error ? (
        <LoadError onRetry={() => void mutate()}>We couldn't load the manual payouts.</LoadError>
      ) : !payouts ? (
        <Loading label="Loading manual payouts…" />
      ) : (
        <>
          <StatGrid label="Payout counts">
            <StatCard label="Pending Payouts" value={String(payouts.pending.length)} icon={<HourglassTopIcon />} />
            <StatCard label="Completed Payouts" value={String(payouts.completed.length)} icon={<CheckCircleIcon />} />
          </StatGrid>

          <AdminSection id="pending-payouts-heading" title="Pending Payouts" headingRef={pendingHeadingRef}>
            {payouts.pending.length === 0 ? (
              <EmptyState>No payouts are waiting to be sent.</EmptyState>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
                {payouts.pending.map((payout) => (
                  <PendingPayoutCard
                    key={payout.id}
                    payout={payout}
                    busy={claiming}
                    onClaim={() => void changeClaim(payout, 'claim')}
                    onRelease={() => void changeClaim(payout, 'release')}
                    onMarkComplete={() => setConfirming(payout)}
                  />
                ))}
              </Box>
            )}
          </AdminSection>

          <AdminSection id="completed-payouts-heading" title="Completed Payouts">
            {payouts.completed.length === 0 ? (
              <EmptyState>No payouts have been completed yet.</EmptyState>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                {payouts.completed.map((payout) => (
                  <CompletedPayoutRow key={payout.id} payout={payout} />
                ))}
              </Box>
            )}
          </AdminSection>
        </>
      )}

      <CompleteManualPayoutDialog
        payout={confirming}
        onClose={() => setConfirming(null)}
        onCompleted={() => {
          setConfirming(null);
          // The card (and its button) leaves the pending list: the focus goes to the list's heading.
          requestAnimationFrame(() => pendingHeadingRef.current?.focus());
          // Both lists change.
          void mutate();
        }}
        onRefused={() => {
          setConfirming(null);
          // The lists changed under the administrator (completed or claimed by someone else).
          void mutate();
        }}
      />
    </AdminPage>
  );
}

interface PendingPayoutCardProps {
  payout: ManualPayout;
  busy: boolean;
  onClaim: () => void;
  onRelease: () => void;
  onMarkComplete: () => void;
}

function PendingPayoutCard({ payout, busy, onClaim, onRelease, onMarkComplete }: PendingPayoutCardProps) {
  const nameId = useId();
  const paypal = payout.payoutMethod === 'paypal';
  const amount = familyAmount(payout);
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography id={nameId} component="h3" variant="h3" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
            {payout.childName}
          </Typography>
          <StatusBadge status={payout.claim ? 'sending' : 'pending'} />
          <Chip
            icon={paypal ? <PaymentIcon /> : <MailIcon />}
            label={METHOD_LABELS[payout.payoutMethod]}
            sx={{ fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiChip-icon': { color: 'inherit' } }}
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
          <Field label="Closed">{formatAdminDate(payout.closedAt) || '—'}</Field>
          <Field label="Method">{METHOD_LABELS[payout.payoutMethod]}</Field>
          <Field label="Total Received">{formatMoney(fromWireAmount(payout.totalReceived), payout.currency)}</Field>
          <Field label="Amount to Send to Family">
            <Box component="span" sx={{ fontSize: '1.25rem', fontWeight: 800, color: 'primary.main' }}>
              {amount}
            </Box>
          </Field>
          {payout.ownerEmail && <Field label="Family's email">{payout.ownerEmail}</Field>}
        </Box>

        <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default', display: 'grid', gap: 1 }}>
          {paypal ? (
            <>
              <Typography component="h4" variant="h4">
                Send by PayPal
              </Typography>
              <Typography>
                PayPal email: <strong style={{ overflowWrap: 'anywhere' }}>{payout.paypalEmail || '—'}</strong>
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3 }}>
                <li>Claim the payout, so that no one else sends it too.</li>
                <li>Sign in to the business PayPal account.</li>
                <li>
                  Send {amount} to {payout.paypalEmail || 'the PayPal email above'}.
                </li>
                <li>Press Mark as Complete once PayPal confirms the payment, with its transaction ID.</li>
              </Box>
            </>
          ) : (
            <>
              <Typography component="h4" variant="h4">
                Mail a check
              </Typography>
              <Typography component="address" sx={{ fontStyle: 'normal' }}>
                {addressLines(payout).map((line) => (
                  <Box component="span" key={line} sx={{ display: 'block', fontWeight: 600 }}>
                    {line}
                  </Box>
                ))}
              </Typography>
              <Box component="ol" sx={{ m: 0, pl: 3 }}>
                <li>Claim the payout, so that no one else mails a check too.</li>
                <li>
                  Write a check for {amount} payable to {payout.mailingName || 'the name above'}.
                </li>
                <li>Mail it to the address above.</li>
                <li>Press Mark as Complete once the check is in the mail, with its check number.</li>
              </Box>
            </>
          )}
        </Box>

        <PayoutClaimControls
          claim={payout.claim}
          what={`${payout.childName}'s payout`}
          describedBy={nameId}
          busy={busy}
          onClaim={onClaim}
          onRelease={onRelease}
          complete={
            <Button variant="contained" startIcon={<CheckCircleIcon />} onClick={onMarkComplete} aria-describedby={nameId}>
              Mark as Complete
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}

function CompletedPayoutRow({ payout }: { payout: ManualPayout }) {
  const nameId = useId();
  const detail =
    payout.payoutMethod === 'paypal'
      ? `PayPal: ${payout.paypalEmail || '—'}`
      : `Check: ${[payout.mailingName, payout.mailingCity].filter(Boolean).join(', ') || '—'}`;
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, py: '12px !important' }}>
        <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Typography id={nameId} component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {payout.childName}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {detail}
          </Typography>
        </Box>
        <Typography sx={{ fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>{familyAmount(payout)}</Typography>
        <Box sx={{ minWidth: '9rem' }}>
          <Typography variant="body2" color="text.secondary">
            Sent {formatAdminDate(payout.payoutSentAt) || '—'}
          </Typography>
          {payout.referenceNumber && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {payout.payoutMethod === 'paypal' ? 'Transaction' : 'Check no.'}{' '}
              <Box component="span" sx={{ fontFamily: 'monospace' }}>
                {payout.referenceNumber}
              </Box>
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
