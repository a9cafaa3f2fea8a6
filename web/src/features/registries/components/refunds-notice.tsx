import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import type { GiftListView } from '@api/gifts';
import { useConfig } from '@/lib/use-config';

type Window = Exclude<GiftListView['refunds'], 'open'>;

/** Why the Refund buttons are there or gone, in the family's words (core/gift/refund-window.ts). */
const WORDS: Record<Window, { title: string; text: string; stopped: boolean }> = {
  until_payout_claimed: {
    title: 'Refunds are possible until your payout starts being sent',
    text: 'You can still refund a gift here. Once your payout starts being sent, refunds stop, so that the amount being sent cannot change.',
    stopped: false,
  },
  family_payout_being_sent: {
    title: 'Refunds have stopped',
    text: 'Your payout is being sent, so its amount can no longer change and gifts can no longer be refunded here.',
    stopped: true,
  },
  family_payout_sent: {
    title: 'Refunds have stopped',
    text: 'Your payout was sent, so gifts can no longer be refunded here.',
    stopped: true,
  },
  charity_payout_claimed: {
    title: 'Some gifts can no longer be refunded',
    text: 'A charity’s payout is being sent or was sent, so the gifts to that charity can no longer be refunded here. The others can, until your payout starts being sent.',
    stopped: true,
  },
  follow_up_only: {
    title: 'Only a gift paid to you on its own can still be refunded',
    text: 'Your payout is being sent or was sent, so most gifts can no longer be refunded here. A gift held back at closing while its giver’s bank decided, and paid to you on its own since, can be refunded until that payment starts being sent.',
    stopped: true,
  },
};

/**
 * Above a closed registry's gifts: whether they can still be refunded, and when refunds stopped,
 * why and whom to ask. Nothing while the registry is open, when every paid gift offers Refund.
 */
export function RefundsNotice({ refunds }: { refunds: GiftListView['refunds'] }) {
  const { config } = useConfig();
  if (refunds === 'open') return null;
  const words = WORDS[refunds];
  return (
    <Alert severity="info" role="note">
      <AlertTitle>{words.title}</AlertTitle>
      {words.text}
      {words.stopped && (
        <>
          {' '}
          If a giver needs their money back, email{' '}
          {config?.supportEmail ? (
            <Link href={`mailto:${config.supportEmail}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {config.supportEmail}
            </Link>
          ) : (
            'our support team'
          )}
          , and we will help.
        </>
      )}
    </Alert>
  );
}
