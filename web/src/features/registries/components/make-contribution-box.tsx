import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { PLATFORM_FEE_CENTS } from '@core/fees';
import { formatMoney, type Currency } from '@core/money';
import { paths } from '@core/page-paths';
import { colours, elevation, fonts } from '@core/design-tokens';

/** The way to the gift form: in 'Make Your Contribution', and on a phone under the child's name too. */
export function GiveAGiftButton({ registryId, sx }: { registryId: string; sx?: SxProps<Theme> }) {
  return (
    <Button variant="contained" size="large" startIcon={<CardGiftcardIcon />} href={paths.gift(registryId)} sx={sx}>
      Give a Gift
    </Button>
  );
}

interface MakeContributionBoxProps {
  registryId: string;
  childName: string;
  currency: Currency;
}

/**
 * 'Make Your Contribution' (docs/product.md#registry-page), shown while the registry is open: how a gift is
 * shared, the flat platform fee in the registry's currency, and the way to the gift form.
 */
export function MakeContributionBox({ registryId, childName, currency }: MakeContributionBoxProps) {
  const headingId = useId();
  const shares = [
    { share: '90%', to: `to ${childName}'s celebration` },
    { share: '10%', to: 'to a Jewish charity' },
    { share: formatMoney(PLATFORM_FEE_CENTS, currency), to: 'flat platform fee, paid on top of your gift' },
  ];
  return (
    // The one thing a guest came to do: raised above the page, edged in gold.
    <Card component="section" aria-labelledby={headingId} sx={{ borderColor: 'secondary.main', boxShadow: elevation.raised }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } }, display: 'grid', gap: 2 }}>
        <Typography id={headingId} variant="h2">
          Make Your Contribution
        </Typography>
        <Typography color="text.secondary">
          Give any amount online, no account needed. Nothing is deducted from the split: the fees are added on top.
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {shares.map(({ share, to }) => (
            <Box component="li" key={share} sx={{ px: 1.5, py: 2, borderRadius: 3, bgcolor: colours.champagne, textAlign: 'center' }}>
              <Typography
                component="span"
                sx={{
                  display: 'block',
                  fontFamily: fonts.display,
                  fontSize: '1.75rem',
                  fontWeight: fonts.displayWeight,
                  lineHeight: 1.2,
                  color: 'primary.main',
                }}
              >
                {share}
              </Typography>
              <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                {to}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box>
          <GiveAGiftButton registryId={registryId} sx={{ width: { xs: '100%', sm: 'auto' }, py: 1.5, fontSize: '1.05rem' }} />
        </Box>
      </CardContent>
    </Card>
  );
}
