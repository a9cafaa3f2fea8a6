import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { CURRENCIES, formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { LoadError } from '@/components/load-error';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { financeExportUrl, useFinanceReport, type FinanceReportView } from '@/features/admin/api/admin-finance';
import { AdminPage, AdminSection, Loading } from '@/features/admin/components/admin-ui';
import { FINANCE_GROUPS, monthName, recentMonths, TOTAL_LINES } from '@/features/admin/components/finance-labels';
import { GiftVolumeChart } from '@/features/admin/components/gift-volume-chart';

export const PAGE_TITLE = 'Finance';

/** How far back the month picker reaches. */
const MONTHS_SHOWN = 24;

const STATUS: Record<
  FinanceReportView['reconciliation']['status'],
  { label: string; color: 'success' | 'error' | 'warning' | 'default'; text: string }
> = {
  agreed: {
    label: 'Agrees',
    color: 'success',
    text: 'Every day reconciled so far agrees: the provider’s balance transactions match the ledger.',
  },
  differences: {
    label: 'Differences',
    color: 'error',
    text: 'The provider’s balance and the ledger differ, as listed below. Each difference was e-mailed to the administrators when first found.',
  },
  failed: {
    label: 'Not finished',
    color: 'warning',
    text: 'A day could not be reconciled because the provider did not answer; the next hourly look tries again.',
  },
  not_run: {
    label: 'Not run yet',
    color: 'default',
    text: 'No day of this month has been reconciled yet. Days are reconciled once each is over (UTC).',
  },
};

/**
 * /admin/finance (admins): the books of one currency and month, read from the ledger. Every figure
 * shows what moved in the month and where it stood at the month's end; for this month that is the
 * balance now, as `npm run admin -- ledger balances` prints it. Also the month's reconciliation
 * with the provider, a chart of the gifts paid each month, and the month's postings as a CSV file.
 */
export default function FinancePage() {
  usePageTitle(PAGE_TITLE);
  const onUnauthorized = useUnauthorizedRedirect();
  const months = useMemo(() => recentMonths(new Date(), MONTHS_SHOWN), []);
  const [currency, setCurrency] = useState<Currency>('USD');
  const [month, setMonth] = useState(months[0]!);
  const { report, error, mutate } = useFinanceReport(currency, month);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const current = month === months[0];
  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="The platform's books, from the ledger: what was taken, what is held for families and charities, what was paid out, and what the platform earned and bore, per currency and month."
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          fullWidth={false}
          label="Currency"
          value={currency}
          onChange={(event) => setCurrency(event.target.value as Currency)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 9rem' } }}
        >
          {CURRENCIES.map((each) => (
            <MenuItem key={each} value={each}>
              {each}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          fullWidth={false}
          label="Month"
          value={month}
          onChange={(event) => setMonth(event.target.value)}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 14rem' } }}
        >
          {months.map((each) => (
            <MenuItem key={each} value={each}>
              {monthName(each)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<DownloadIcon />} component="a" href={financeExportUrl(currency, month)} download>
          Download {monthName(month)} as CSV
        </Button>
      </Box>

      {error ? (
        <LoadError onRetry={() => void mutate()}>We couldn't load the figures.</LoadError>
      ) : !report || report.currency !== currency || report.month !== month ? (
        <Loading label="Loading the figures…" />
      ) : (
        <>
          <CashShortfall report={report} current={current} />
          <Reconciliation report={report} />
          <Figures report={report} current={current} />
          <AdminSection id="finance-volume-heading" title="Gift Volume">
            <Card>
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <GiftVolumeChart volume={report.giftVolume} currency={report.currency} />
              </CardContent>
            </Card>
          </AdminSection>
        </>
      )}
    </AdminPage>
  );
}

/** The provider holds less cash than the platform holds for families and charities: sending every payout waiting would overdraw it. */
function CashShortfall({ report, current }: { report: FinanceReportView; current: boolean }) {
  if (report.cashShortfall <= 0) return null;
  const money = (amount: number | undefined) => formatMoney(fromWireAmount(amount ?? 0), report.currency);
  const toDate = (id: FinanceReportView['lines'][number]['id']) => report.lines.find((line) => line.id === id)?.toDate;
  const when = current ? 'now' : `at the end of ${monthName(report.month)}`;
  return (
    <Alert severity="warning" role="alert">
      <Typography component="span" sx={{ fontWeight: 700 }}>
        Cash at the payment provider is {money(report.cashShortfall)} short of what is held for others.
      </Typography>{' '}
      It holds {money(toDate('providerCash'))} {when}, while {money(toDate('heldForOthers'))} is held for families and charities: sending
      every payout waiting would overdraw the balance. The platform bore more there (dispute fees and losses, refunds at its cost) than it
      earned; add funds to the provider balance before those payouts are sent.
    </Alert>
  );
}

function Reconciliation({ report }: { report: FinanceReportView }) {
  const { reconciliation } = report;
  const status = STATUS[reconciliation.status];
  return (
    <AdminSection id="finance-reconciliation-heading" title="Reconciliation with the Provider">
      <Card>
        <CardContent sx={{ display: 'grid', gap: 1.5, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <Chip label={status.label} color={status.color} sx={{ fontWeight: 700 }} />
            <Typography>
              {reconciliation.daysReconciled === 1 ? '1 day' : `${reconciliation.daysReconciled} days`} of {monthName(report.month)}{' '}
              reconciled
              {reconciliation.lastRun ? `; the last run was for ${reconciliation.lastRun.day}.` : '.'}
            </Typography>
          </Box>
          <Typography color="text.secondary">{status.text}</Typography>
          {reconciliation.differences.length > 0 && (
            <Box component="ul" aria-label="Differences with the provider" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
              {reconciliation.differences.map((difference) => (
                <li key={difference.key}>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {difference.day}:
                  </Typography>{' '}
                  <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                    {difference.description}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
          {reconciliation.failures.map((failure) => (
            <Typography key={failure.day} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {failure.day}: {failure.failure}
            </Typography>
          ))}
        </CardContent>
      </Card>
    </AdminSection>
  );
}

function Figures({ report, current }: { report: FinanceReportView; current: boolean }) {
  const amounts = new Map(report.lines.map((line) => [line.id, line]));
  const money = (amount: number | undefined) => formatMoney(fromWireAmount(amount ?? 0), report.currency);
  const name = monthName(report.month);
  const toDate = current ? 'Now' : `End of ${name}`;
  return (
    <AdminSection id="finance-figures-heading" title={`${report.currency} in ${name}`}>
      <Card>
        <Table
          size="small"
          aria-labelledby="finance-figures-heading"
          sx={{
            '& td, & th': { px: { xs: 1, sm: 2 } },
            '& td': { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Figure
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                In the month
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {toDate}
              </TableCell>
            </TableRow>
          </TableHead>
          {FINANCE_GROUPS.map((group) => (
            <TableBody key={group.title}>
              <TableRow>
                <TableCell component="th" scope="colgroup" colSpan={3} sx={{ bgcolor: 'action.hover', fontWeight: 700 }}>
                  {group.title}
                </TableCell>
              </TableRow>
              {group.lines.map(([id, label]) => (
                <TableRow key={id} sx={TOTAL_LINES.has(id) ? { '& td, & th': { fontWeight: 700 } } : undefined}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {label}
                  </TableCell>
                  <TableCell>{money(amounts.get(id)?.month)}</TableCell>
                  <TableCell>{money(amounts.get(id)?.toDate)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          ))}
        </Table>
      </Card>
    </AdminSection>
  );
}
