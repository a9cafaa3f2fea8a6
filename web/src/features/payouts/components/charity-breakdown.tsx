import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney, type Currency } from '@core/money';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { fromWireAmount } from '@api/amount';
import { useCharityBreakdown } from '@/features/payouts/api/payout-api';
import { LoadError } from '@/components/load-error';

interface CharityBreakdownProps {
  registryId: string;
  currency: Currency;
  /** Succeeded gifts; without any there is nothing to ask the server for. */
  giftCount: number;
}

/** The owner's charity breakdown (docs/product.md#registry-page): charity name, gift count and total per charity. */
export function CharityBreakdownSection({ registryId, currency, giftCount }: CharityBreakdownProps) {
  const headingId = useId();
  const onUnauthorized = useUnauthorizedRedirect();
  const { breakdown, error, isLoading, mutate } = useCharityBreakdown(registryId, giftCount > 0);
  const money = (amount: number) => formatMoney(fromWireAmount(amount), currency);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  let content;
  if (giftCount === 0 || (breakdown && breakdown.charities.length === 0)) {
    content = (
      <Typography color="text.secondary">No gifts yet. When guests give, you will see here how much goes to each charity.</Typography>
    );
  } else if (error) {
    content = <LoadError onRetry={() => void mutate()}>We couldn't load the charity breakdown.</LoadError>;
  } else if (isLoading || !breakdown) {
    content = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <CircularProgress size={22} aria-hidden="true" />
        <Typography>Loading charity breakdown…</Typography>
      </Box>
    );
  } else {
    const totalGifts = breakdown.charities.reduce((sum, row) => sum + row.giftCount, 0);
    const totalCents = breakdown.charities.reduce((sum, row) => sum + fromWireAmount(row.totalAmount), 0);
    content = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={headingId} sx={{ '& th, & td': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Charity
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Gifts
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                To charity
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {breakdown.charities.map((row) => (
              <TableRow key={row.charityId}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere', fontWeight: 600 }}>
                  {row.charityName}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {row.giftCount}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(row.totalAmount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          {breakdown.charities.length > 1 && (
            <TableFooter>
              <TableRow>
                <TableCell component="th" scope="row" sx={{ color: 'text.primary', fontWeight: 700, fontSize: '0.875rem' }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ color: 'text.primary', fontWeight: 700, fontSize: '0.875rem' }}>
                  {totalGifts}
                </TableCell>
                <TableCell align="right" sx={{ color: 'text.primary', fontWeight: 700, fontSize: '0.875rem', whiteSpace: 'nowrap' }}>
                  {formatMoney(totalCents, currency)}
                </TableCell>
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </Box>
    );
  }

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem' }}>
            Charity Breakdown
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            10% of every gift goes to the charity its giver supported.
          </Typography>
        </Box>
        {content}
      </CardContent>
    </Card>
  );
}
