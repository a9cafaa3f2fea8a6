import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { formatMoney } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { LoadError } from '@/components/load-error';
import { donorsCsvUrl, useDonorList, type DonorView } from '@/features/admin/api/admin-charities';
import { EmptyState, Loading } from './admin-ui';

/**
 * A charity payout's donor list, shown when asked for: who gave, with the receipt, the e-mail where
 * the giver agreed to share it, amount and date; a voided receipt is marked void, not counted as a
 * donation. The CSV holds the same rows for the charity's records.
 */
export function DonorList({ payoutId, charityName }: { payoutId: string; charityName: string }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen((shown) => !shown)}>
          {open ? 'Hide Donor List' : 'Show Donor List'}
        </Button>
        <Button
          variant="text"
          startIcon={<DownloadIcon />}
          component="a"
          href={donorsCsvUrl(payoutId)}
          download
          aria-label={`Download ${charityName}'s donor list (CSV)`}
        >
          Donor List (CSV)
        </Button>
      </Box>
      <Box id={regionId} role="region" aria-label={`Donors to ${charityName}`} hidden={!open}>
        {open && <Donors payoutId={payoutId} />}
      </Box>
    </Box>
  );
}

function Donors({ payoutId }: { payoutId: string }) {
  const { list, error, mutate } = useDonorList(payoutId);
  if (error) return <LoadError onRetry={() => void mutate()}>We couldn't load the donor list.</LoadError>;
  if (!list) return <Loading label="Loading donors…" />;
  if (list.donors.length === 0) return <EmptyState>No donors in this payout.</EmptyState>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {list.donors.map((donor, index) => (
        <DonorRow key={`${donor.receiptNumber ?? 'none'}-${index}`} donor={donor} />
      ))}
    </Box>
  );
}

function DonorRow({ donor }: { donor: DonorView }) {
  const isVoid = donor.status === 'void';
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.25, py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere', flex: '1 1 10rem', minWidth: 0 }}>{donor.giverName}</Typography>
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', textDecoration: isVoid ? 'line-through' : 'none' }}>
          {formatMoney(fromWireAmount(donor.amount), donor.currency)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[
          donor.receiptNumber ? `Receipt ${donor.receiptNumber}` : 'No receipt issued',
          donor.date,
          isVoid ? 'Void: refunded, not a donation' : (donor.giverEmail ?? 'E-mail not shared'),
        ].join(' · ')}
      </Typography>
    </Box>
  );
}
