import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { GiftBreakdown } from '@core/fees';
import { formatMoney, type Currency } from '@core/money';
import { AmountList } from './amount-list';

interface CheckoutSummaryProps {
  breakdown: GiftBreakdown;
  currency: Currency;
  giftGiverName: string;
  charityName?: string | undefined;
}

/** The checkout's summary (docs/product.md#checkout): Gift Amount, Platform Fee (Flat), processing fee, Total Charge, From. */
export function CheckoutSummary({ breakdown, currency, giftGiverName, charityName }: CheckoutSummaryProps) {
  const headingId = useId();
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id={headingId} component="h2" variant="h3">
          Gift Summary
        </Typography>
        <AmountList
          rows={[
            { term: 'Gift Amount', value: money(breakdown.baseAmount) },
            { term: 'To the celebration (90%)', value: money(breakdown.childAmount), part: true },
            { term: charityName ? `To ${charityName} (10%)` : 'To charity (10%)', value: money(breakdown.charityAmount), part: true },
            { term: 'Platform Fee (Flat)', value: money(breakdown.platformFee) },
            { term: 'Processing Fee', value: money(breakdown.cardFee) },
            { term: 'Total Charge', value: money(breakdown.totalAmount), total: true },
            { term: 'From', value: giftGiverName },
          ]}
        />
        <Typography variant="body2" color="text.secondary">
          Only the 10% to {charityName ?? 'the charity'} can be a tax-deductible donation; the family&apos;s 90% and the fees are not. Gifts
          over $200 get a receipt for it by e-mail, from us as the charity&apos;s agent or from the charity itself.
        </Typography>
      </CardContent>
    </Card>
  );
}
