import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { OFFLINE_GIFT_METHOD_LABELS } from '@core/model/offline-gift';
import { formatMoney } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';
import type { GiftListItemView } from '@api/gifts';

/** The thank-you cards page's badges (docs/product.md#thank-you-cards-page): Sent, Draft, No Card or Not Delivered. */
const THANK_YOU_CHIPS: Record<GiftListItemView['thankYouStatus'], { label: string; sx: object }> = {
  sent: { label: 'Thank-you: Sent', sx: { bgcolor: 'success.main', color: 'success.contrastText' } },
  draft: { label: 'Thank-you: Draft', sx: { bgcolor: 'secondary.main', color: 'secondary.contrastText' } },
  none: { label: 'Thank-you: No Card', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  not_delivered: { label: 'Thank-you: Not Delivered', sx: { bgcolor: 'error.main', color: 'error.contrastText' } },
};

function giftDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REGISTRY_DATE_FORMAT);
}

/** A gift given back or disputed says so; a paid one needs no badge. */
const REFUND_CHIPS: Record<Exclude<GiftListItemView['paymentStatus'], 'succeeded'>, string> = {
  refunding: 'Refund under way',
  refunded: 'Refunded',
  disputed: 'Disputed',
};
/** Given back to the giver by the platform after the payout was claimed: the family keeps its part. */
const REFUNDED_AT_OUR_COST = 'Refunded at our cost';

interface GiftListItemProps {
  gift: GiftListItemView;
  /** For a paid gift the server says may be refunded now. */
  onRefund?: (gift: GiftListItemView) => void;
  /** For a gift given by hand: the owner corrects or removes it. */
  onEdit?: (gift: GiftListItemView) => void;
  onDelete?: (gift: GiftListItemView) => void;
}

/**
 * One gift as a card: stacks on a phone, spreads out on a wide screen. A gift given by hand says
 * so, and how (cash, check, other), and offers Edit and Remove; a paid one may offer Refund.
 */
export function GiftListItem({ gift, onRefund, onEdit, onDelete }: GiftListItemProps) {
  const chip = THANK_YOU_CHIPS[gift.thankYouStatus];
  const given =
    gift.paymentStatus === 'succeeded'
      ? null
      : gift.paymentStatus === 'refunded' && gift.countsInTotals
        ? REFUNDED_AT_OUR_COST
        : REFUND_CHIPS[gift.paymentStatus];
  // Struck through when it no longer counts in the totals; a gift refunded at our cost still does.
  const struck = given !== null && !gift.countsInTotals;
  return (
    <Box
      component="li"
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'grid',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {gift.giftGiverName}
          </Typography>
          {gift.giftGiverEmail && (
            <Link href={`mailto:${gift.giftGiverEmail}`} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {gift.giftGiverEmail}
            </Link>
          )}
        </Box>
        <Typography
          sx={{
            fontWeight: 700,
            fontSize: '1.15rem',
            fontVariantNumeric: 'tabular-nums',
            ...(struck ? { textDecoration: 'line-through', color: 'text.secondary' } : {}),
          }}
        >
          {formatMoney(fromWireAmount(gift.amount), gift.currency)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: { xs: 1, sm: 2 }, color: 'text.secondary' }}>
        <Typography variant="body2">{giftDate(gift.createdAt)}</Typography>
        {gift.charityName && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Supporting: {gift.charityName}
          </Typography>
        )}
        {gift.byHand && (
          <Chip
            size="small"
            variant="outlined"
            color="primary"
            icon={<PanToolOutlinedIcon aria-hidden="true" />}
            label={`Given by hand · ${OFFLINE_GIFT_METHOD_LABELS[gift.byHand.method]}`}
            sx={{ fontWeight: 600 }}
          />
        )}
        {given ? (
          <Chip size="small" label={given} sx={{ fontWeight: 600, bgcolor: 'grey.800', color: 'common.white' }} />
        ) : (
          <Chip size="small" label={chip.label} sx={{ fontWeight: 600, ...chip.sx }} />
        )}
        {gift.refundable && onRefund && (
          <Button
            size="small"
            variant="outlined"
            color="error"
            onClick={() => onRefund(gift)}
            aria-label={`Refund ${gift.giftGiverName}’s gift`}
            sx={{ ml: { sm: 'auto' } }}
          >
            Refund
          </Button>
        )}
      </Box>
      {gift.personalMessage && (
        <Box
          component="blockquote"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'primary.light', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
        >
          <Typography variant="body2">
            {gift.byHand && (
              <Box component="span" sx={{ fontWeight: 600 }}>
                Your note:{' '}
              </Box>
            )}
            {gift.personalMessage}
          </Typography>
        </Box>
      )}
      {gift.byHand && (onEdit || onDelete) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {onEdit && (
            <Button
              size="small"
              variant="outlined"
              startIcon={<EditIcon />}
              onClick={() => onEdit(gift)}
              aria-label={`Edit ${gift.giftGiverName}’s gift`}
            >
              Edit
            </Button>
          )}
          {onDelete && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => onDelete(gift)}
              aria-label={`Remove ${gift.giftGiverName}’s gift`}
            >
              Remove
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
