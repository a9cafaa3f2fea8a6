import { useId } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PaymentStatus } from '../../../../../core/gift/gift';
import { formatMoney, type Currency } from '../../../../../core/money';
import type { RegistryGiftView } from '../api/types';
import { amountToCents } from '../lib/amounts';
import { REGISTRY_DATE_FORMAT } from '../lib/celebration-date';

/** Spec section 9: the owner sees the latest 5 gifts. */
export const RECENT_GIFTS_SHOWN = 5;

const STATUS_CHIPS: Record<PaymentStatus, { label: string; sx: object }> = {
  succeeded: { label: 'Succeeded', sx: { bgcolor: 'success.main', color: 'success.contrastText' } },
  pending: { label: 'Pending', sx: { bgcolor: 'secondary.main', color: 'secondary.contrastText' } },
  failed: { label: 'Failed', sx: { bgcolor: 'error.main', color: 'error.contrastText' } },
  refunded: { label: 'Refunded', sx: { bgcolor: 'grey.200', color: 'text.primary' } },
};

function giftDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, REGISTRY_DATE_FORMAT);
}

/** The owner's 'Recent Gifts' (spec section 2): giver, date, amount and payment status. */
export function RecentGifts({ gifts, currency }: { gifts: readonly RegistryGiftView[]; currency: Currency }) {
  const headingId = useId();
  // The server answers newest first; the newest are shown.
  const shown = gifts.slice(0, RECENT_GIFTS_SHOWN);
  const more = gifts.length - shown.length;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Recent Gifts
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">No gifts yet. Share the registry link with family and friends to start receiving gifts.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {shown.map((gift) => {
              const status = STATUS_CHIPS[gift.paymentStatus] ?? { label: gift.paymentStatus, sx: {} };
              return (
                <Box
                  component="li"
                  key={gift.id}
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
                >
                  <Box sx={{ flex: '1 1 10rem', minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{gift.giftGiverName}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {giftDate(gift.createdAt)}
                    </Typography>
                  </Box>
                  <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(amountToCents(gift.amount), currency)}
                  </Typography>
                  <Chip size="small" label={status.label} sx={{ fontWeight: 600, ...status.sx }} />
                </Box>
              );
            })}
          </Box>
        )}
        {more > 0 && (
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            And {more} more gifts...
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
