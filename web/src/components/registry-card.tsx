import { lazy, Suspense, useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { CelebrationTitleText } from './celebration-title-text';
import { ResponsivePhoto } from './responsive-photo';
import CelebrationIcon from '@mui/icons-material/Celebration';
import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { formatMoney } from '@core/money';
import { paths } from '@core/page-paths';
import type { RegistryCardData } from '@api/registries';
import { photoObjectPosition } from '@core/model/photo-focus';
import { formatCelebrationDate, isUpcoming } from '@/lib/celebration-date';
import { fromWireAmount } from '@api/amount';
import { hebrewDateLine } from '@core/model/hebrew-calendar';

// Only a family's own cards are ever unlisted: the public lists (landing, search) never load its tooltip.
const UnlistedChip = lazy(() => import('./unlisted-chip').then((module) => ({ default: module.UnlistedChip })));

/** docs/product.md#constants-and-limits: a registry card's photo is at most 12rem high. */
const PHOTO_HEIGHT = '12rem';

/**
 * A card's width, for the browser to pick the photo's copy: a third of the lg container from lg
 * up, half the window from sm, and at most the window on a phone (one card, or a row's 85%).
 */
const CARD_PHOTO_SIZES = '(min-width: 1200px) 370px, (min-width: 600px) 50vw, 100vw';

/**
 * Where a card without a photo would have one: as high as a photo wherever cards sit side by side
 * (so a row lines up), lower on a phone, where each card stands alone. Decoration only.
 */
function PhotoPlaceholder() {
  return (
    <Box
      aria-hidden="true"
      sx={{
        height: { xs: '6rem', sm: PHOTO_HEIGHT },
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #e8edfb 0%, #fdf3d8 100%)',
        color: 'primary.main',
      }}
    >
      <CelebrationIcon sx={{ fontSize: { xs: 40, sm: 56 }, opacity: 0.75 }} />
    </Box>
  );
}

interface RegistryCardProps {
  registry: RegistryCardData;
  /** Search results and recent registries show no money. */
  hideFinancials?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** The reusable registry tile of docs/product.md#registry-card. */
export function RegistryCard({ registry, hideFinancials = false, headingLevel = 'h3' }: RegistryCardProps) {
  const headingId = useId();
  const upcoming = isUpcoming(registry.celebrationDate);
  const showTotal = !hideFinancials && typeof registry.totalReceived === 'number';

  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {registry.photoUrl ? (
        <ResponsivePhoto
          url={registry.photoUrl}
          alt={`Photo of ${registry.childName}`}
          sizes={CARD_PHOTO_SIZES}
          // Every photo fills the same band, so cards side by side line up whatever their photos'
          // shapes; the crop keeps the point the family chose (their child's face).
          sx={{ height: PHOTO_HEIGHT, objectFit: 'cover', objectPosition: photoObjectPosition(registry) }}
        />
      ) : (
        <PhotoPlaceholder />
      )}
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={headingId} component={headingLevel} variant="h3" sx={{ overflowWrap: 'anywhere' }}>
            <CelebrationTitleText registry={registry} />
          </Typography>
          <Chip
            size="small"
            label={upcoming ? 'Upcoming' : 'Past'}
            sx={
              upcoming
                ? { bgcolor: 'success.main', color: 'success.contrastText', fontWeight: 600 }
                : { bgcolor: 'grey.200', color: 'text.primary', fontWeight: 600 }
            }
          />
        </Box>
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
          <EventIcon fontSize="small" aria-hidden="true" />
          <span>
            {formatCelebrationDate(registry.celebrationDate)}
            {registry.hebrewDate && (
              <Box component="span" sx={{ display: 'block', fontSize: '0.875rem' }}>
                {hebrewDateLine(registry.hebrewDate)}
              </Box>
            )}
          </span>
        </Typography>
        {(registry.unlisted || registry.role === 'coOwner') && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {/* On the user's own list: a registry someone else owns and invited them to manage. */}
            {registry.role === 'coOwner' && (
              <Chip size="small" icon={<GroupIcon aria-hidden="true" />} label="Co-owner" variant="outlined" sx={{ fontWeight: 600 }} />
            )}
            {registry.unlisted && (
              <Suspense fallback={null}>
                <UnlistedChip />
              </Suspense>
            )}
          </Box>
        )}
        {showTotal && (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Total Received</Typography>
            <Typography sx={{ fontWeight: 700 }}>{formatMoney(fromWireAmount(registry.totalReceived ?? 0), registry.currency)}</Typography>
          </Box>
        )}
        {registry.preferredCharity && (
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
            <VolunteerActivismIcon fontSize="small" aria-hidden="true" sx={{ color: 'primary.main' }} />
            <span>
              <Box component="span" sx={{ fontWeight: 600 }}>
                Supporting:
              </Box>{' '}
              {registry.preferredCharity.name}
            </span>
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button variant="contained" href={paths.registry(registry.id)} aria-describedby={headingId} fullWidth>
          View Registry
        </Button>
      </CardActions>
    </Card>
  );
}
