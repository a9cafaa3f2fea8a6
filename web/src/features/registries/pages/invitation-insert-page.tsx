import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import GlobalStyles from '@mui/material/GlobalStyles';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import type { ManagerRegistryView } from '@api/registries';
import { readingLabel } from '@core/model/hebrew-calendar';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { RegistryLoadError, RegistryNotFound } from '@/components/registry-not-found';
import { PRODUCT_NAME } from '@/lib/product';
import { usePageTitle } from '@/lib/use-page-title';
import { isManagerView, useRegistry } from '@/lib/use-registry';
import { QrCodeSvg } from '@/features/registries/components/qr-code-svg';
import { Ornament } from '@/components/ornament';
import { CelebrationTitleText } from '@/components/celebration-title-text';
import { colours, fonts } from '@core/design-tokens';
import { printedLinkOf, shortLinkOf } from '@/features/registries/lib/short-link';
import { useSiteOrigin } from '@/lib/site-origin';

export const INSERT_TITLE = 'Invitation Insert';

/** The two card sizes families slip into invitations, portrait, as the printer's page. */
export const INSERT_SIZES = {
  a6: { label: 'A6 (105 × 148 mm)', width: '105mm', height: '148mm' },
  '4x6': { label: '4 × 6 in (102 × 152 mm)', width: '4in', height: '6in' },
} as const;
export type InsertSize = keyof typeof INSERT_SIZES;

function sizeOf(text: string | null): InsertSize {
  return text === '4x6' ? '4x6' : 'a6';
}

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

const INSERT_ID = 'invitation-insert';

/**
 * Printing shows the insert alone, at the card's size: the page box is the card, everything
 * else on the screen (navigation, footer, these controls) is hidden, and nothing spills onto a
 * second sheet.
 */
function PrintStyles({ size }: { size: InsertSize }) {
  const { width, height } = INSERT_SIZES[size];
  const insert = `#${INSERT_ID}`;
  return (
    <GlobalStyles
      styles={{
        '@page': { size: `${width} ${height}`, margin: 0 },
        '@media print': {
          'html, body': { width, height, margin: 0, padding: 0, background: '#ffffff' },
          // Only the insert and the boxes around it are laid out: hidden content that still took
          // room would push the card onto extra sheets.
          [`body *:not(:has(${insert})):not(${insert}):not(${insert} *)`]: { display: 'none !important' },
          [`body *:has(${insert})`]: {
            margin: '0 !important',
            padding: '0 !important',
            minHeight: '0 !important',
            maxWidth: 'none !important',
            border: 'none !important',
            boxShadow: 'none !important',
            background: 'none !important',
          },
          [insert]: {
            width: `${width} !important`,
            height: `${height} !important`,
            maxWidth: 'none !important',
            border: 'none !important',
            borderRadius: 0,
            boxShadow: 'none !important',
            margin: '0 !important',
            breakInside: 'avoid',
          },
        },
      }}
    />
  );
}

/** The card itself. Its type scales with its width (container units), so the screen preview and the print match. */
function InsertCard({ registry, size }: { registry: ManagerRegistryView; size: InsertSize }) {
  const { width, height } = INSERT_SIZES[size];
  const { hebrewDate } = registry;
  const origin = useSiteOrigin();
  return (
    <Box
      id={INSERT_ID}
      component="section"
      aria-label={`Invitation insert, ${INSERT_SIZES[size].label}`}
      data-size={size}
      sx={{
        containerType: 'inline-size',
        width,
        maxWidth: '100%',
        aspectRatio: `${parseFloat(width)} / ${parseFloat(height)}`,
        mx: 'auto',
        bgcolor: '#ffffff',
        color: '#111827',
        border: '1px solid',
        borderColor: 'divider',
        boxShadow: 3,
        boxSizing: 'border-box',
        printColorAdjust: 'exact',
        position: 'relative',
        // A fine gold frame inside the edge, as engraved invitations have; decoration only.
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: '3.2cqw',
          border: `0.5cqw solid ${colours.gold}`,
          borderRadius: '1.5cqw',
          pointerEvents: 'none',
        },
      }}
    >
      <Box
        sx={{
          height: '100%',
          boxSizing: 'border-box',
          px: '8cqw',
          py: '7.5cqw',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'space-between',
          textAlign: 'center',
          gap: '2cqw',
        }}
      >
        <Box>
          <Typography
            component="p"
            sx={{ fontSize: '3.6cqw', letterSpacing: '0.14em', textTransform: 'uppercase', color: colours.goldDark, fontWeight: 700 }}
          >
            Celebrate with a gift
          </Typography>
          <Ornament width="34cqw" sx={{ mx: 'auto', mt: '1.5cqw' }} />
          <Typography
            component="h2"
            sx={{
              fontFamily: fonts.display,
              fontSize: '8.2cqw',
              lineHeight: 1.1,
              fontWeight: fonts.displayWeight,
              color: colours.navy,
              mt: '1.5cqw',
              overflowWrap: 'anywhere',
              textWrap: 'balance',
            }}
          >
            <CelebrationTitleText registry={registry} />
          </Typography>
          <Typography component="p" sx={{ fontSize: '4.6cqw', mt: '2.5cqw', fontWeight: 600 }}>
            {longDate.format(new Date(registry.celebrationDate))}
          </Typography>
          <Typography component="p" sx={{ fontSize: '4cqw', mt: '1cqw' }}>
            {hebrewDate.date}
            {hebrewDate.reading && ` · ${readingLabel(hebrewDate.reading)}`}
          </Typography>
          <Typography component="p" lang="he" dir="rtl" sx={{ fontSize: '4.2cqw', textAlign: 'center' }}>
            {hebrewDate.hebrew}
            {hebrewDate.reading && ` · ${hebrewDate.reading.hebrew}`}
          </Typography>
        </Box>
        <Box sx={{ width: '40cqw', aspectRatio: '1 / 1' }}>
          <QrCodeSvg link={shortLinkOf(origin, registry.shortCode)} label={`QR code linking to ${registry.childName}'s registry`} />
        </Box>
        <Box>
          <Typography component="p" sx={{ fontSize: '4cqw' }}>
            Scan the code or visit
          </Typography>
          <Typography
            component="p"
            sx={{
              fontSize: '4.8cqw',
              fontWeight: 700,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
              overflowWrap: 'anywhere',
            }}
          >
            {printedLinkOf(origin, registry.shortCode)}
          </Typography>
          <Typography component="p" sx={{ fontSize: '3.1cqw', mt: '1.5cqw', color: '#374151' }}>
            90% of every gift goes to the family and 10% to a Jewish charity. · {PRODUCT_NAME}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * /registry/:id/insert (the owner): a card with the child's celebration, its date, the QR code and
 * the short link, to print and slip into paper invitations. Everything on it is public; the page
 * is the owner's because only the family sends invitations.
 */
export default function InvitationInsertPage() {
  const { id } = useParams<{ id: string }>();
  const [searchParams, setSearchParams] = useSearchParams();
  // Kept here and in the address: a reload or a shared link keeps the size chosen.
  const [size, setSize] = useState<InsertSize>(() => sizeOf(searchParams.get('size')));
  const choose = (next: InsertSize) => {
    setSize(next);
    setSearchParams({ size: next }, { replace: true });
  };
  const { registry, error, isLoading, isNotFound, viewerId, mutate } = useRegistry(id);
  usePageTitle(isNotFound || !id ? 'Registry Not Found' : INSERT_TITLE);

  if (isNotFound || !id) return <RegistryNotFound />;
  if (error) return <RegistryLoadError onRetry={() => void mutate()} />;
  if (isLoading || !registry) return <PageSpinner label="Loading registry…" />;

  if (!isManagerView(registry, viewerId)) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 4, md: 7 }, display: 'grid', gap: 2 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' } }}>
          {INSERT_TITLE}
        </Typography>
        <Alert severity="info">Only the family who opened this registry can print its invitation insert.</Alert>
        <Box>
          <Button variant="outlined" href={paths.registry(registry.id)} startIcon={<ArrowBackIcon />}>
            Back to the registry
          </Button>
        </Box>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      <PrintStyles size={size} />
      <Box>
        <Button variant="text" href={paths.registry(registry.id)} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
          Back to the registry
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' } }}>
          {INSERT_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Print this card and slip it into your paper invitations. Guests scan the QR code or type the short link to give a gift.
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          alignItems: { sm: 'flex-end' },
          justifyContent: 'space-between',
        }}
      >
        <FormControl component="fieldset">
          <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
            Card size
          </FormLabel>
          <RadioGroup
            name="insertSize"
            value={size}
            onChange={(event) => choose(sizeOf(event.target.value))}
            sx={{ flexDirection: { xs: 'column', sm: 'row' }, columnGap: 2 }}
          >
            {(Object.keys(INSERT_SIZES) as InsertSize[]).map((key) => (
              <FormControlLabel key={key} value={key} control={<Radio />} label={INSERT_SIZES[key].label} />
            ))}
          </RadioGroup>
        </FormControl>
        <Button variant="contained" size="large" startIcon={<PrintIcon />} onClick={() => window.print()} sx={{ flexShrink: 0 }}>
          Print
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        In the print dialog, choose the same paper size and 100% scale (no “fit to page”), so the QR code prints at full size.
      </Typography>
      <InsertCard registry={registry} size={size} />
    </Container>
  );
}
