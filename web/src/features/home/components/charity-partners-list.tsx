import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { PageSpinner } from '@/components/page-spinner';
import { categoryLabel, useCharities, type CharityView } from '@/lib/use-charities';

const LOGO_SIZE = 48;

/**
 * The landing page's charity partners (docs/product.md#landing-page: image, name, description and
 * '{category} Impact'), one compact row each, so fifteen of them do not make the page a long
 * scroll on a phone: the description is cut at two lines here and read whole on /charities.
 */
export function CharityPartnersList() {
  const { charities, error, isLoading } = useCharities();
  if (isLoading) return <PageSpinner label="Loading charities…" />;
  if (error) return <Alert severity="error">We couldn't load our charity partners. Please try again later.</Alert>;
  const active = (charities ?? []).filter((c) => c.isActive !== false);
  if (active.length === 0) {
    return <Typography color="text.secondary">Our charity partners will be listed here soon.</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label="Charity partners"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {active.map((charity) => (
        <CharityPartnerRow key={charity.id} charity={charity} />
      ))}
    </Box>
  );
}

function CharityPartnerRow({ charity }: { charity: CharityView }) {
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        minWidth: 0,
      }}
    >
      {charity.imageUrl ? (
        <Box
          component="img"
          src={charity.imageUrl}
          alt={`${charity.name} logo`}
          loading="lazy"
          width={LOGO_SIZE}
          height={LOGO_SIZE}
          sx={{ flexShrink: 0, objectFit: 'contain', borderRadius: 2, bgcolor: 'grey.50' }}
        />
      ) : (
        <Box
          aria-hidden="true"
          sx={{
            flexShrink: 0,
            width: LOGO_SIZE,
            height: LOGO_SIZE,
            display: 'grid',
            placeItems: 'center',
            borderRadius: 2,
            bgcolor: 'grey.50',
            color: 'primary.main',
          }}
        >
          <VolunteerActivismIcon />
        </Box>
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1rem', lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {charity.name}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.25, fontWeight: 600, color: 'secondary.dark' }}>
          {categoryLabel(charity.category)} Impact
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {charity.description}
        </Typography>
      </Box>
    </Box>
  );
}
