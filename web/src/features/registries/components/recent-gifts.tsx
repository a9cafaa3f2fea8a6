import { useId } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '@core/page-paths';
import type { PaymentStatus } from '@core/model/gift';
import { formatMoney } from '@core/money';
import type { RegistryGiftView } from '@api/registries';
import { fromWireAmount } from '@api/amount';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';

/** docs/product.md#constants-and-limits: the owner sees the latest 5 gifts (the server sends no more). */
const RECENT_GIFTS_SHOWN = 5;

const STATUS_CHIPS: Record<PaymentStatus, { label: string; sx: object }> = {
  succeeded: { label: 'Succeeded', sx: { bgcolor: 'success.main', color: 'success.contrastText' } },
  pending: { label: 'Pending', sx: { bgcolor: 'secondary.main', color: 'secondary.contrastText' } },
  failed: { label: 'Failed', sx: { bgcolor: 'error.main', color: 'error.contrastText' } },
  refunding: { label: 'Refund under way', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  refunded: { label: 'Refunded', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  expired: { label: 'Expired', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
  disputed: { label: 'Disputed', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
};

function giftDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REGISTRY_DATE_FORMAT);
}

interface RecentGiftsProps {
  registryId: string;
  /** The latest paid gifts (refunded ones marked so), newest first. */
  gifts: readonly RegistryGiftView[];
  /** Every succeeded gift: failed and abandoned payments are not gifts, so they are not counted. */
  giftCount: number;
}

/**
 * The owner's 'Recent Gifts' (docs/product.md#registry-page): giver, date, amount and payment status, then
 * 'And N more gifts...', which opens the full list.
 */
export function RecentGifts({ registryId, gifts, giftCount }: RecentGiftsProps) {
  const headingId = useId();
  const shown = gifts.slice(0, RECENT_GIFTS_SHOWN);
  // giftCount counts paid gifts only; refunded ones shown here are not among them.
  const more = Math.max(0, giftCount - shown.filter((gift) => gift.paymentStatus === 'succeeded').length);

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Recent Gifts
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">
            No gifts yet. Share the registry link with family and friends to start receiving gifts.
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {shown.map((gift) => {
              const status = STATUS_CHIPS[gift.paymentStatus] ?? { label: gift.paymentStatus, sx: {} };
              return (
                <Box
                  component="li"
                  key={gift.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    gap: 1.5,
                    p: 1.5,
                    borderRadius: 2,
                    border: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{gift.giftGiverName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {giftDate(gift.createdAt)}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(fromWireAmount(gift.amount), gift.currency)}
                  </Typography>
                  <Chip size="small" label={status.label} sx={{ fontWeight: 600, ...status.sx }} />
                </Box>
              );
            })}
          </Box>
        )}
        {more > 0 ? (
          <Link href={paths.registryGifts(registryId)} sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
            And {more} more gifts...
          </Link>
        ) : (
          <Link href={paths.registryGifts(registryId)} sx={{ display: 'inline-block', mt: 2, fontWeight: 600 }}>
            {shown.length > 0 ? 'See all gifts and messages' : 'Open the gift list, with gifts given by hand'}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
