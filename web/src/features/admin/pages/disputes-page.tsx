import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import UndoIcon from '@mui/icons-material/Undo';
import { formatMoney } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { paths } from '@core/page-paths';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import {
  changeFollowUpClaim,
  reverseDisputeTransfer,
  sendFollowUpTransfer,
  useDisputes,
  type DisputeView,
} from '@/features/admin/api/admin-disputes';
import { AdminPage, AdminSection, Field, formatAdminDate, LoadedList } from '@/features/admin/components/admin-ui';
import { DisputeEvidenceDialog } from '@/features/admin/components/dispute-evidence-dialog';
import { FollowUpSentDialog } from '@/features/admin/components/follow-up-sent-dialog';
import { PayoutClaimControls } from '@/features/admin/components/payout-claim';

export const PAGE_TITLE = 'Disputes';

/** Each provider status in words, and a colour that reads above 4.5:1. */
const STATUS: Record<DisputeView['status'], { label: string; sx: object }> = {
  needs_response: { label: 'Needs evidence', sx: { bgcolor: 'secondary.main', color: 'secondary.contrastText' } },
  warning_needs_response: { label: 'Inquiry: needs evidence', sx: { bgcolor: 'secondary.main', color: 'secondary.contrastText' } },
  under_review: { label: 'Under review', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  warning_under_review: { label: 'Inquiry under review', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  won: { label: 'Won', sx: { bgcolor: 'success.main', color: 'success.contrastText' } },
  warning_closed: { label: 'Inquiry closed: won', sx: { bgcolor: 'success.main', color: 'success.contrastText' } },
  lost: { label: 'Lost', sx: { bgcolor: 'error.main', color: 'error.contrastText' } },
};

const money = (amount: number, dispute: DisputeView) => formatMoney(fromWireAmount(amount), dispute.currency);

/** What the dispute meant for the family's and the charity's amounts, in one sentence. */
function effect(dispute: DisputeView): string {
  if (dispute.phase === 'held') {
    if (dispute.followUp?.status === 'cancelled') return 'Held back at closing, won, then refunded to the giver: nothing is paid for it.';
    if (dispute.followUp) return 'Held back at closing; now paid in a follow-up payout.';
    if (dispute.outcome === 'won') return 'Counted again in the registry’s amounts.';
    if (dispute.outcome === 'lost') return 'Never paid to the family or the charity.';
    if (dispute.registry.status !== 'open') return 'Held back from the registry’s payouts until decided.';
    return 'Held out of the family’s and the charity’s amounts until decided.';
  }
  if (dispute.transferReversalId) return 'Taken back from the family’s bank transfer.';
  return dispute.outcome === 'lost' ? 'Already paid out: the platform’s loss.' : 'Already promised or paid out.';
}

const METHOD: Record<NonNullable<DisputeView['followUp']>['method'], string> = { bank: 'bank transfer', paypal: 'PayPal', check: 'check' };

/** Where a won dispute's follow-up payout stands, in one line. */
function followUpState(dispute: DisputeView): string | null {
  const followUp = dispute.followUp;
  if (!followUp) return null;
  const amount = `${money(followUp.amount, dispute)} by ${METHOD[followUp.method]}`;
  if (followUp.status === 'cancelled') return `${amount}: cancelled, since the gift was refunded to its giver.`;
  if (followUp.status === 'completed')
    return `${amount}: sent ${formatAdminDate(followUp.sentAt)} by ${followUp.sentBy ?? 'unknown'}${followUp.reference ? ` (${followUp.reference})` : ''}.`;
  if (followUp.method !== 'bank')
    return followUp.claim
      ? `${amount}: being sent by ${followUp.claim.byYou ? 'you' : followUp.claim.by}.`
      : `${amount}: waiting for an administrator to send it.`;
  return followUp.failureMessage ? `${amount}: not sent yet. ${followUp.failureMessage}` : `${amount}: being sent.`;
}

/**
 * What the provider took for the dispute and, once it was won, what came back: the amount, and the
 * fee only when the provider returned it (the server splits what came back: returned).
 */
function providerMoneyText(dispute: DisputeView): { label: string; text: string } {
  const taken = dispute.withdrawnAmount;
  const fee = dispute.withdrawnFee ?? 0;
  if (dispute.outcome !== 'won' || taken === null) {
    return {
      label: 'Taken by the provider',
      text:
        taken === null
          ? dispute.outcome === 'won'
            ? 'Nothing was taken'
            : 'Nothing yet'
          : `${money(taken, dispute)} and a ${money(fee, dispute)} fee`,
    };
  }
  const label = 'Came back from the provider';
  const back = dispute.returned;
  const whole = `the ${money(taken, dispute)}${fee > 0 ? ` and the ${money(fee, dispute)} fee` : ''}`;
  if (!back) return { label, text: `Won: nothing has come back yet of ${whole}` };
  if (back.amount === taken && back.fee === fee) return { label, text: `Won: ${whole} came back` };
  const kept =
    fee > back.fee
      ? `; the provider kept ${back.fee > 0 ? `${money(fee - back.fee, dispute)} of ` : ''}the ${money(fee, dispute)} fee`
      : '';
  if (back.amount === taken) return { label, text: `Won: the ${money(taken, dispute)} came back${kept}` };
  return { label, text: `Won: ${money(back.amount, dispute)} of the ${money(taken, dispute)} came back${kept}` };
}

/**
 * /admin/disputes (admins): every dispute of a gift's charge, newest first, with the gift, the
 * giver, the amount, the bank's reason, the evidence due date and the status. An administrator
 * sends text evidence while the bank waits for it, and after a lost dispute whose money had gone
 * by bank transfer may take the family's part back from that transfer.
 */
export default function DisputesPage() {
  usePageTitle(PAGE_TITLE);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const { disputes, error, mutate } = useDisputes();
  const [answering, setAnswering] = useState<DisputeView | null>(null);
  const [reversing, setReversing] = useState<DisputeView | null>(null);
  const [markingSent, setMarkingSent] = useState<DisputeView | null>(null);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const reverse = async () => {
    if (!reversing) return;
    setBusy(true);
    try {
      const reversed = await reverseDisputeTransfer(reversing.id);
      toast({
        title: 'Transfer reversed',
        description: `${money(reversed.reversedAmount ?? 0, reversed)} came back from ${reversed.registry.childName}’s family’s bank transfer.`,
      });
      setReversing(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({ title: 'Error', description: serverMessage(cause, 'The transfer could not be reversed.'), variant: 'destructive' });
    }
    setBusy(false);
    void mutate();
  };

  const changeClaim = async (dispute: DisputeView, change: 'claim' | 'release') => {
    setBusy(true);
    try {
      const changed = await changeFollowUpClaim(dispute.id, change);
      const amount = money(changed.followUp?.amount ?? 0, changed);
      toast({
        title: change === 'claim' ? 'Follow-up Claimed' : 'Claim Released',
        description:
          change === 'claim'
            ? `You are sending ${amount} to ${changed.registry.childName}’s family. Mark it sent once it is sent.`
            : `${changed.registry.childName}’s follow-up payout waits to be sent again.`,
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
    // Another administrator may have claimed it meanwhile: the list shows who.
    void mutate();
  };

  const sendAgain = async (dispute: DisputeView) => {
    setBusy(true);
    try {
      const tried = await sendFollowUpTransfer(dispute.id);
      if (tried.followUp?.status === 'completed')
        toast({
          title: 'Follow-up sent',
          description: `${money(tried.followUp.amount, tried)} went to ${tried.registry.childName}’s family’s bank account.`,
        });
      else
        toast({
          title: 'Not sent',
          description: tried.followUp?.failureMessage ?? 'The transfer did not go through.',
          variant: 'destructive',
        });
    } catch (cause) {
      if (!onUnauthorized(cause))
        toast({ title: 'Error', description: serverMessage(cause, 'The transfer could not be sent.'), variant: 'destructive' });
    }
    setBusy(false);
    void mutate();
  };

  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="Gifts whose giver’s bank disputed the payment. Send evidence before the due date; the bank’s decision arrives on its own. While a registry is open its disputed gift counts nowhere until the bank decides."
    >
      <AdminSection id="disputes-heading" title="Disputed Gifts" headingRef={headingRef}>
        <LoadedList items={disputes} error={error} onRetry={() => void mutate()} what="disputes" empty="No gift has been disputed.">
          {(dispute) => (
            <DisputeItem
              key={dispute.id}
              dispute={dispute}
              busy={busy}
              onAnswer={() => setAnswering(dispute)}
              onReverse={() => setReversing(dispute)}
              onMarkSent={() => setMarkingSent(dispute)}
              onSendAgain={() => void sendAgain(dispute)}
              onClaim={() => void changeClaim(dispute, 'claim')}
              onRelease={() => void changeClaim(dispute, 'release')}
            />
          )}
        </LoadedList>
      </AdminSection>

      <DisputeEvidenceDialog
        dispute={answering}
        onClose={() => setAnswering(null)}
        onSubmitted={(submitted) => {
          setAnswering(null);
          toast({
            title: 'Evidence submitted',
            description: `The bank now reviews ${submitted.gift.giftGiverName}’s dispute: ${STATUS[submitted.status].label.toLowerCase()}.`,
          });
          requestAnimationFrame(() => headingRef.current?.focus());
          void mutate();
        }}
      />

      <FollowUpSentDialog
        dispute={markingSent}
        onClose={() => setMarkingSent(null)}
        onSent={(sent) => {
          setMarkingSent(null);
          toast({
            title: 'Follow-up marked sent',
            description: `${money(sent.followUp?.amount ?? 0, sent)} to ${sent.registry.childName}’s family.`,
          });
          requestAnimationFrame(() => headingRef.current?.focus());
          void mutate();
        }}
        onRefused={() => {
          setMarkingSent(null);
          // Claimed or sent by someone else meanwhile: the card says by whom.
          void mutate();
        }}
      />

      <FormDialog
        open={reversing !== null}
        title="Reverse the family’s transfer?"
        busy={busy}
        onClose={() => setReversing(null)}
        onSubmit={(event) => {
          event.preventDefault();
          void reverse();
        }}
        submitLabel={reversing?.reversibleAmount ? `Take back ${money(reversing.reversibleAmount, reversing)}` : 'Reverse'}
        busyLabel="Reversing…"
      >
        {reversing && (
          <DialogContentText>
            The bank decided {reversing.gift.giftGiverName}’s dispute for the giver. {reversing.registry.childName}’s family was already
            paid their 90% of the gift by bank transfer; reversing takes {money(reversing.reversibleAmount ?? 0, reversing)} back from that
            transfer. It is your choice, it cannot be undone, it is recorded in the audit trail under your name, and the family is told by
            e-mail.
          </DialogContentText>
        )}
      </FormDialog>
    </AdminPage>
  );
}

interface DisputeItemProps {
  dispute: DisputeView;
  busy: boolean;
  onAnswer: () => void;
  onReverse: () => void;
  onMarkSent: () => void;
  onSendAgain: () => void;
  onClaim: () => void;
  onRelease: () => void;
}

function DisputeItem({ dispute, busy, onAnswer, onReverse, onMarkSent, onSendAgain, onClaim, onRelease }: DisputeItemProps) {
  const nameId = useId();
  const amountId = useId();
  const status = STATUS[dispute.status];
  const providerMoney = providerMoneyText(dispute);
  const followUp = followUpState(dispute);
  const unsent = dispute.followUp?.status === 'pending' || dispute.followUp?.status === 'sending' ? dispute.followUp : null;
  // A bank follow-up is the server's to send, by its own key; PayPal and check are claimed by an administrator first.
  const bankToSendAgain = unsent?.method === 'bank';
  const manualToSend = unsent && unsent.method !== 'bank' ? unsent : null;
  return (
    <Card component="li" aria-labelledby={nameId}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Typography id={nameId} component="h3" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
              {dispute.gift.giftGiverName}’s gift to {dispute.registry.childName}
            </Typography>
            <Link href={paths.registry(dispute.registry.id)} variant="body2">
              Registry {dispute.registry.shortCode}
            </Link>
          </Box>
          <Typography id={amountId} sx={{ fontSize: '1.25rem', fontWeight: 800, fontVariantNumeric: 'tabular-nums' }}>
            {money(dispute.amount, dispute)}
          </Typography>
          <Chip size="small" label={status.label} sx={{ fontWeight: 700, ...status.sx }} />
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
          <Field label="Giver">
            {dispute.gift.giftGiverName}
            <Link href={`mailto:${dispute.gift.giftGiverEmail}`} sx={{ display: 'block', fontWeight: 400 }}>
              {dispute.gift.giftGiverEmail}
            </Link>
          </Field>
          <Field label="Gift">
            {money(dispute.gift.amount, dispute)}
            <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
              {effect(dispute)}
            </Box>
          </Field>
          <Field label="Bank’s reason">{dispute.reasonText}</Field>
          <Field label="Evidence due">{formatAdminDate(dispute.evidenceDueBy) || '—'}</Field>
          <Field label={providerMoney.label}>{providerMoney.text}</Field>
          {followUp && <Field label="Follow-up payout">{followUp}</Field>}
          <Field label="Opened">{formatAdminDate(dispute.createdAt)}</Field>
          <Field label="Decided">{formatAdminDate(dispute.closedAt) || 'Not yet'}</Field>
          <Field label="Provider’s id">
            <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 400, fontSize: '0.8125rem' }}>
              {dispute.providerDisputeId}
            </Box>
          </Field>
        </Box>
        {dispute.evidenceText && (
          <Box>
            <Typography variant="body2" color="text.secondary">
              Evidence sent {formatAdminDate(dispute.evidenceSubmittedAt)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dispute.evidenceText}</Typography>
          </Box>
        )}
        {manualToSend && (
          <PayoutClaimControls
            claim={manualToSend.claim}
            what={`${dispute.registry.childName}’s follow-up payout`}
            describedBy={`${nameId} ${amountId}`}
            busy={busy}
            onClaim={onClaim}
            onRelease={onRelease}
            complete={
              <Button
                variant="contained"
                startIcon={<SendIcon />}
                onClick={onMarkSent}
                disabled={busy}
                aria-describedby={`${nameId} ${amountId}`}
              >
                Mark Follow-up Sent
              </Button>
            }
          />
        )}
        {(dispute.awaitsEvidence || dispute.reversibleAmount !== null || bankToSendAgain) && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
            {dispute.awaitsEvidence && (
              <Button
                variant="contained"
                startIcon={<SendIcon />}
                onClick={onAnswer}
                disabled={busy}
                aria-describedby={`${nameId} ${amountId}`}
              >
                Submit Evidence
              </Button>
            )}
            {dispute.reversibleAmount !== null && (
              <Button
                variant="outlined"
                color="error"
                startIcon={<UndoIcon />}
                onClick={onReverse}
                disabled={busy}
                aria-describedby={`${nameId} ${amountId}`}
              >
                Reverse Family Transfer
              </Button>
            )}
            {bankToSendAgain && (
              <Button
                variant="outlined"
                startIcon={<SendIcon />}
                onClick={onSendAgain}
                disabled={busy}
                aria-describedby={`${nameId} ${amountId}`}
              >
                Send Follow-up Transfer Again
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
