import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { formatMoney } from '../../../../../core/money';
import { paths } from '../../../app/paths';
import type { RegistryCardData } from '../api/types';
import { formatCelebrationDate, isUpcoming } from '../lib/celebration-date';
import { amountToCents } from '../lib/amounts';

export function registryTitle(childName: string): string {
  return `${childName}'s Bar/Bat Mitzvah`;
}

interface RegistryCardProps {
  registry: RegistryCardData;
  /** Search results and recent registries show no money. */
  hideFinancials?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** The reusable registry tile of spec section 2. */
export function RegistryCard({ registry, hideFinancials = false, headingLevel = 'h3' }: RegistryCardProps) {
  const headingId = useId();
  const upcoming = isUpcoming(registry.celebrationDate);
  const showTotal = !hideFinancials && typeof registry.totalReceived === 'number';

  return (
    <Card component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {registry.photoUrl && (
        <Box
          component="img"
          src={registry.photoUrl}
          alt={`Photo of ${registry.childName}`}
          loading="lazy"
          sx={{ display: 'block', width: '100%', maxHeight: '12rem', objectFit: 'cover' }}
        />
      )}
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.25 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
          <Typography id={headingId} component={headingLevel} variant="h3" sx={{ overflowWrap: 'anywhere' }}>
            {registryTitle(registry.childName)}
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
        <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <EventIcon fontSize="small" aria-hidden="true" />
          {formatCelebrationDate(registry.celebrationDate)}
        </Typography>
        {showTotal && (
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Total Received</Typography>
            <Typography sx={{ fontWeight: 700 }}>
              {formatMoney(amountToCents(registry.totalReceived ?? 0), registry.currency)}
            </Typography>
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
