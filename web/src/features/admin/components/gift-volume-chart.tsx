import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { visuallyHidden } from '@/lib/visually-hidden';
import { monthName, shortMonthName } from './finance-labels';

/**
 * The gifts paid each month, as bars (MUI X Charts). The drawing is for the eye, hidden from
 * assistive technology with its own keyboard focus turned off (a hidden region must hold nothing
 * focusable): screen readers get the same numbers as a table, which the figure's caption introduces.
 */
export function GiftVolumeChart({ volume, currency }: { volume: { month: string; amount: number }[]; currency: Currency }) {
  const cents = volume.map((each) => fromWireAmount(each.amount));
  const total = cents.reduce((sum, each) => sum + each, 0);
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography component="figcaption" color="text.secondary">
        Gifts paid in {currency} each month, from {monthName(volume[0]!.month)} to {monthName(volume.at(-1)!.month)}:{' '}
        {formatMoney(total, currency)} in all.
      </Typography>
      <Box aria-hidden="true" sx={{ width: '100%', minWidth: 0 }}>
        <BarChart
          height={260}
          xAxis={[{ scaleType: 'band', data: volume.map((each) => shortMonthName(each.month)) }]}
          // The bars are in cents, as every amount here: the axis writes them as money.
          yAxis={[
            { valueFormatter: (value: number | null) => formatMoney(Math.round(value ?? 0), currency).replace(/\.00$/, ''), width: 72 },
          ]}
          series={[
            {
              data: cents,
              label: 'Gifts paid',
              color: '#1e3a8a',
              valueFormatter: (value: number | null) => formatMoney(Math.round(value ?? 0), currency),
            },
          ]}
          hideLegend
          disableKeyboardNavigation
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        />
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>Gifts paid in {currency}, by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Gifts paid</th>
          </tr>
        </thead>
        <tbody>
          {volume.map((each, index) => (
            <tr key={each.month}>
              <th scope="row">{monthName(each.month)}</th>
              <td>{formatMoney(cents[index]!, currency)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
