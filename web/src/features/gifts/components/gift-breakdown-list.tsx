import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GiftBreakdown } from '@core/fees';
import { formatMoney, type Currency } from '@core/money';
import { AmountList } from './amount-list';

/**
 * Where the gift goes and what the card is charged: 90% to the celebration, 10% to the charity,
 * the flat platform fee and the processing fee on top, and the total.
 */
export function GiftBreakdownList({ breakdown, currency }: { breakdown: GiftBreakdown; currency: Currency }) {
  const headingId = useId();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}
    >
      <Typography id={headingId} component="h3" variant="h4" sx={{ mb: 1.5 }}>
        Your Gift Breakdown
      </Typography>
      <AmountList
        rows={[
          { term: 'Gift Amount', value: money(breakdown.baseAmount) },
          { term: 'To the celebration (90%)', value: money(breakdown.childAmount), part: true },
          { term: 'To charity (10%)', value: money(breakdown.charityAmount), part: true },
          { term: 'Platform Fee (Flat)', value: money(breakdown.platformFee) },
          { term: 'Processing Fee', value: money(breakdown.cardFee) },
          { term: 'Total Charge', value: money(breakdown.totalAmount), total: true },
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        The platform and processing fees are added on top, so the family and the charity receive the whole of your gift.
      </Typography>
    </Box>
  );
}
