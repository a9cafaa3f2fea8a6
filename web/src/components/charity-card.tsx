import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { categoryLabel, type CharityView } from '@/lib/use-charities';

interface CharityCardProps {
  charity: CharityView;
  /** The level of the charity's name among the page's headings. */
  headingLevel?: 'h2' | 'h3';
}

/** A charity partner: image, name, optional website, description and '{category} Impact'. */
export function CharityCard({ charity, headingLevel = 'h3' }: CharityCardProps) {
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      {charity.imageUrl ? (
        <CardMedia
          component="img"
          image={charity.imageUrl}
          alt={`${charity.name} logo`}
          loading="lazy"
          sx={{ height: 160, objectFit: 'contain', bgcolor: 'grey.50', p: 2 }}
        />
      ) : (
        <Box aria-hidden="true" sx={{ height: 160, display: 'grid', placeItems: 'center', bgcolor: 'grey.50', color: 'primary.main' }}>
          <VolunteerActivismIcon sx={{ fontSize: 56 }} />
        </Box>
      )}
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography component={headingLevel} variant="h3">
          {charity.name}
        </Typography>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {charity.description}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Chip
            label={`${categoryLabel(charity.category)} Impact`}
            size="small"
            sx={{ bgcolor: 'secondary.light', color: 'secondary.contrastText', fontWeight: 600 }}
          />
          {charity.website && (
            <Link
              href={charity.website}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Visit website of ${charity.name} (opens in a new tab)`}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }}
            >
              Visit website
              <OpenInNewIcon fontSize="small" aria-hidden="true" />
            </Link>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
