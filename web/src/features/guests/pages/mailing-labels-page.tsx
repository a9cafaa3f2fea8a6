import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import type { GuestLineView } from '@api/guests';
import { hasPostalAddress } from '@core/guest/postal-addresses';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { RegistryNotFound } from '@/components/registry-not-found';
import { isApiError } from '@/lib/api-fetch';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useGuestList } from '@/features/guests/api/guest-list';
import { plural } from '@/features/guests/lib/guest-words';

export const LABELS_TITLE = 'Mailing Labels';

const SHEET_ID = 'mailing-labels';

/**
 * Avery 5160 and its equivalents: US Letter, 3 columns of 10 labels, each 2⅝ × 1 inch, with a
 * ½ inch top margin, 3⁄16 inch side margins and ⅛ inch between the columns.
 */
const SHEET = { columns: 3, rows: 10, labelWidth: '2.625in', labelHeight: '1in', top: '0.5in', side: '0.1875in', gap: '0.125in' };

/** Printing shows the labels alone, on the sheet's grid; everything else on the screen is hidden. */
function PrintStyles() {
  const sheet = `#${SHEET_ID}`;
  return (
    <GlobalStyles
      styles={{
        '@page': { size: 'letter', margin: `${SHEET.top} ${SHEET.side} 0` },
        '@media print': {
          'html, body': { margin: 0, padding: 0, background: '#ffffff' },
          [`body *:not(:has(${sheet})):not(${sheet}):not(${sheet} *)`]: { display: 'none !important' },
          [`body *:has(${sheet})`]: {
            margin: '0 !important',
            padding: '0 !important',
            minHeight: '0 !important',
            maxWidth: 'none !important',
            border: 'none !important',
            boxShadow: 'none !important',
            background: 'none !important',
          },
          [sheet]: {
            display: 'grid !important',
            gridTemplateColumns: `repeat(${SHEET.columns}, ${SHEET.labelWidth}) !important`,
            gridAutoRows: `${SHEET.labelHeight} !important`,
            columnGap: `${SHEET.gap} !important`,
            rowGap: '0 !important',
          },
          [`${sheet} > li`]: {
            border: 'none !important',
            borderRadius: '0 !important',
            padding: '0.1in 0.15in !important',
            fontSize: '10pt !important',
            breakInside: 'avoid',
            overflow: 'hidden',
          },
          [`${sheet} > li:nth-of-type(${SHEET.columns * SHEET.rows}n)`]: { breakAfter: 'page' },
        },
      }}
    />
  );
}

/** The lines of the envelope: name, street, then city, state or province and ZIP or postal code, then country. */
function addressLines(guest: GuestLineView): string[] {
  const place = [guest.city, [guest.region, guest.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [guest.name, guest.street ?? '', place, guest.country ?? ''].filter((line) => line.trim() !== '');
}

/**
 * /registry/:id/guests/labels (the owner and co-owners): the postal addresses of the guest list as
 * a sheet of mailing labels for paper thank-you notes, all guests with an address or the givers
 * alone (?gave=yes).
 */
export default function MailingLabelsPage() {
  const { id } = useParams<{ id: string }>();
  const [searchParams, setSearchParams] = useSearchParams();
  const giversOnly = searchParams.get('gave') === 'yes';
  const { list, error } = useGuestList(id, giversOnly ? { gave: 'yes' } : {});
  const onUnauthorized = useUnauthorizedRedirect();
  const refused = isApiError(error) ? error.status : null;
  usePageTitle(refused === 404 ? 'Registry Not Found' : LABELS_TITLE);
  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  if (refused === 404) return <RegistryNotFound />;
  if (refused === 401) return null;
  const back = (
    <Button href={id ? paths.registryGuests(id) : paths.home} startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', px: 1 }}>
      Back to the guest list
    </Button>
  );
  if (refused === 403) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, display: 'grid', gap: 3 }}>
        <Typography variant="h1">{LABELS_TITLE}</Typography>
        <Alert severity="warning">Only the family who created this registry can see its guest list.</Alert>
        {back}
      </Container>
    );
  }
  if (!list && !error) return <PageSpinner label="Loading the addresses…" />;
  if (!list) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error">The addresses could not be loaded. Please check your connection and try again.</Alert>
      </Container>
    );
  }

  const labelled = list.guests.filter(hasPostalAddress);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: { xs: 2.5, md: 3 } }}>
      <PrintStyles />
      {back}
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
          {LABELS_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          One label for each guest with a street and a city, for paper thank-you notes. Print on Avery 5160 or any 30-label US Letter sheet
          (3 across, 10 down).
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={giversOnly}
              onChange={(event) => setSearchParams(event.target.checked ? { gave: 'yes' } : {}, { replace: true })}
            />
          }
          label="Only guests who gave a gift"
        />
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()} disabled={labelled.length === 0}>
          Print
        </Button>
      </Box>
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
        {labelled.length === 0
          ? giversOnly
            ? 'No guest who gave has a postal address.'
            : 'No guest has a postal address yet.'
          : plural(labelled.length, 'label', 'labels')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        In the print dialog, choose US Letter, 100% scale (no “fit to page”) and no headers or footers, so each address lands on its label.
      </Typography>
      {labelled.length > 0 && (
        <Box
          component="ul"
          id={SHEET_ID}
          aria-label="Labels"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {labelled.map((guest) => (
            <Box
              component="li"
              key={guest.id}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, lineHeight: 1.35, overflowWrap: 'anywhere' }}
            >
              {addressLines(guest).map((line, index) => (
                <Box key={index} sx={index === 0 ? { fontWeight: 600 } : undefined}>
                  {line}
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      )}
    </Container>
  );
}
