import { useEffect, useId, useRef, useState } from 'react';
import { StatCard, StatGrid } from '@/components/stat-card';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { formatMoney, type Currency } from '@core/money';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { fromWireAmount } from '@api/amount';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import {
  changeCharityPayoutClaim,
  useCharityPayoutHistory,
  usePendingCharityPayouts,
  useRefreshCharityPayouts,
  type CharityPayoutView,
  type PendingCharityPayout,
} from '@/features/admin/api/admin-payouts';
import {
  AdminPage,
  AdminSection,
  contributions,
  EmptyState,
  Field,
  formatAdminDate,
  Loading,
  StatusBadge,
} from '@/features/admin/components/admin-ui';
import { MarkCompletedDialog } from '@/features/admin/components/mark-completed-dialog';
import { DonorList } from '@/features/admin/components/donor-list';
import { PayoutClaimControls } from '@/features/admin/components/payout-claim';
import { LoadError } from '@/components/load-error';

export const PAGE_TITLE = 'Charity Payouts';

function money(amount: number, currency: Currency): string {
  return formatMoney(fromWireAmount(amount), currency);
}

function pendingTotal(pending: readonly PendingCharityPayout[], currency: Currency): string {
  const cents = pending.filter((row) => row.currency === currency).reduce((sum, row) => sum + fromWireAmount(row.totalAmount), 0);
  return formatMoney(cents, currency);
}

/** /admin/charity-payouts (admins): the 10% shares waiting for each charity, and the payout history. */
export default function CharityPayoutsPage() {
  usePageTitle(PAGE_TITLE);
  const onUnauthorized = useUnauthorizedRedirect();
  const pending = usePendingCharityPayouts();
  const history = useCharityPayoutHistory();
  const refresh = useRefreshCharityPayouts();
  const [completing, setCompleting] = useState<CharityPayoutView | null>(null);
  const historyHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (pending.error) onUnauthorized(pending.error);
  }, [pending.error, onUnauthorized]);
  useEffect(() => {
    if (history.error) onUnauthorized(history.error);
  }, [history.error, onUnauthorized]);

  const completed = () => {
    setCompleting(null);
    void refresh();
    // The button that opened the dialog is gone with the pending item: the focus goes to the list.
    requestAnimationFrame(() => historyHeadingRef.current?.focus());
  };

  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="The 10% share of every gift is collected per charity when registries close. Claim a charity’s payout, pay it, then record the payment here: the other administrators see who is paying it."
    >
      {pending.pending && (
        <StatGrid label="Pending totals">
          <StatCard label="Total Pending (USD)" value={pendingTotal(pending.pending, 'USD')} icon={<AttachMoneyIcon />} />
          <StatCard label="Total Pending (CAD)" value={pendingTotal(pending.pending, 'CAD')} icon={<AttachMoneyIcon />} />
          <StatCard
            label="Charities Awaiting Payout"
            value={String(new Set(pending.pending.map((row) => row.charityId)).size)}
            icon={<VolunteerActivismIcon />}
          />
        </StatGrid>
      )}

      <PendingDistributions state={pending} history={history.history} onMarkCompleted={setCompleting} onChanged={() => void refresh()} />

      <AdminSection id="payout-history-heading" title="Payout History" headingRef={historyHeadingRef}>
        {history.error ? (
          <LoadError onRetry={() => void history.mutate()}>We couldn't load the payout history.</LoadError>
        ) : !history.history ? (
          <Loading label="Loading payout history…" />
        ) : history.history.length === 0 ? (
          <EmptyState>No charity payouts yet. They appear here when registries close.</EmptyState>
        ) : completedPayouts(history.history).length === 0 ? (
          <EmptyState>No charity payout has been completed yet: those waiting are listed above.</EmptyState>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
            {completedPayouts(history.history).map((payout) => (
              <HistoryItem key={payout.id} payout={payout} />
            ))}
          </Box>
        )}
      </AdminSection>

      <MarkCompletedDialog payout={completing} onClose={() => setCompleting(null)} onCompleted={completed} onStale={() => void refresh()} />
    </AdminPage>
  );
}

/**
 * The history lists what was paid: each payout still pending or being sent is listed once, above,
 * with its claim and 'Mark Completed' button, rather than a second time here (a page as long as the charities are many).
 */
function completedPayouts(history: readonly CharityPayoutView[]): CharityPayoutView[] {
  return history.filter((payout) => payout.status === 'completed');
}

interface PendingDistributionsProps {
  state: ReturnType<typeof usePendingCharityPayouts>;
  /** Every payout as the history call gives it: a pending one there is what 'Mark Completed' records. */
  history: readonly CharityPayoutView[] | undefined;
  onMarkCompleted: (payout: CharityPayoutView) => void;
  /** After a claim or a release (or a refusal: another administrator may hold it now). */
  onChanged: () => void;
}

function PendingDistributions({ state, history, onMarkCompleted, onChanged }: PendingDistributionsProps) {
  const { pending, error, mutate } = state;
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [busy, setBusy] = useState(false);
  const changeClaim = async (row: PendingCharityPayout, change: 'claim' | 'release') => {
    setBusy(true);
    try {
      await changeCharityPayoutClaim(row.payoutId, change);
      toast({
        title: change === 'claim' ? 'Payout Claimed' : 'Claim Released',
        description:
          change === 'claim'
            ? `You are paying ${row.charityName}. Mark the payout completed once it is paid.`
            : `${row.charityName}'s payout waits to be paid again.`,
      });
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({
          title: 'Error',
          description: serverMessage(cause, 'The claim could not be changed. Please try again.'),
          variant: 'destructive',
        });
    }
    setBusy(false);
    onChanged();
  };
  return (
    <AdminSection id="pending-distributions-heading" title="Pending Distributions">
      {error ? (
        <LoadError onRetry={() => void mutate()}>We couldn't load the pending distributions.</LoadError>
      ) : !pending ? (
        <Loading label="Loading pending distributions…" />
      ) : pending.length === 0 ? (
        <EmptyState>No charity is waiting for a payout.</EmptyState>
      ) : (
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {pending.map((row) => {
            const payout = history?.find((candidate) => candidate.id === row.payoutId && candidate.status !== 'completed');
            return (
              <PendingItem
                key={row.payoutId}
                row={row}
                payout={payout}
                busy={busy}
                onClaim={() => void changeClaim(row, 'claim')}
                onRelease={() => void changeClaim(row, 'release')}
                onMarkCompleted={payout ? () => onMarkCompleted(payout) : undefined}
              />
            );
          })}
        </Box>
      )}
    </AdminSection>
  );
}

interface PendingItemProps {
  row: PendingCharityPayout;
  payout: CharityPayoutView | undefined;
  busy: boolean;
  onClaim: () => void;
  onRelease: () => void;
  onMarkCompleted: (() => void) | undefined;
}

function PendingItem({ row, payout, busy, onClaim, onRelease, onMarkCompleted }: PendingItemProps) {
  const nameId = useId();
  const amountId = useId();
  const created = payout ? formatAdminDate(payout.createdAt) : '';
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography id={nameId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {row.charityName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {contributions(row.giftCount)}
            </Typography>
          </Box>
          <Typography id={amountId} sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {money(row.totalAmount, row.currency)}
          </Typography>
          <StatusBadge status={row.status} />
        </Box>
        <CharityIdLine charityId={row.charityId} />
        {created && (
          <Typography variant="body2" color="text.secondary">
            Pending since {created}
          </Typography>
        )}
        <PayoutClaimControls
          claim={row.claim}
          what={`${row.charityName}'s payout`}
          describedBy={`${nameId} ${amountId}`}
          busy={busy}
          onClaim={onClaim}
          onRelease={onRelease}
          complete={
            onMarkCompleted && (
              <Button
                variant="contained"
                startIcon={<CheckCircleIcon />}
                onClick={onMarkCompleted}
                aria-describedby={`${nameId} ${amountId}`}
              >
                Mark Completed
              </Button>
            )
          }
        />
        <DonorList payoutId={row.payoutId} charityName={row.charityName} />
      </CardContent>
    </Card>
  );
}

/** For support, who look charities up by id: small, beneath what people read. */
function CharityIdLine({ charityId }: { charityId: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.75 }}>
      <span>Charity ID</span>
      <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', overflowWrap: 'anywhere', minWidth: 0 }}>
        {charityId}
      </Box>
    </Typography>
  );
}

/** A payout in the history: completed, with how and when it was paid. */
function HistoryItem({ payout }: { payout: CharityPayoutView }) {
  const nameId = useId();
  const amountId = useId();
  const date = formatAdminDate(payout.completedAt ?? payout.updatedAt);
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <StatusBadge status={payout.status} />
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography id={nameId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {payout.charityName}
            </Typography>
            <CharityIdLine charityId={payout.charityId} />
          </Box>
          <Typography id={amountId} sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {money(payout.amount, payout.currency)}
          </Typography>
        </Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Field label="Contributions">{payout.giftCount}</Field>
          <Field label="Payment method">{payout.paymentMethod || '—'}</Field>
          <Field label="Completed">{date || '—'}</Field>
          <Field label="Reference number">{payout.referenceNumber || '—'}</Field>
          <Field label="Notes">{payout.notes || '—'}</Field>
        </Box>
        <DonorList payoutId={payout.id} charityName={payout.charityName} />
      </CardContent>
    </Card>
  );
}
