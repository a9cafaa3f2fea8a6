import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import FavoriteIcon from '@mui/icons-material/Favorite';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { MARKETING_COPY } from '@/lib/product';

const points = [
  {
    icon: <CardGiftcardIcon />,
    title: 'Create a registry',
    text: "Set up a gift registry for your child's Bar or Bat Mitzvah in minutes.",
  },
  {
    icon: <FavoriteIcon />,
    title: 'Choose charities',
    text: 'Pick a Jewish charity close to your heart, or let each guest choose.',
  },
  {
    icon: <VolunteerActivismIcon />,
    title: 'Give with meaning',
    text: '90% goes to you, 10% supports important causes',
  },
];

/** The marketing panel beside the sign-in and sign-up forms. */
export function AuthMarketingPanel() {
  return (
    <Box
      component="section"
      aria-labelledby="auth-marketing-heading"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 4, p: { xs: 3, md: 5 }, height: '100%' }}
    >
      <Typography id="auth-marketing-heading" variant="h2" sx={{ mb: 1.5 }}>
        Celebrate with meaning
      </Typography>
      <Typography sx={{ mb: 4, opacity: 0.95 }}>{MARKETING_COPY}</Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 3 }}>
        {points.map((point) => (
          <Box component="li" key={point.title} sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <Box
              aria-hidden="true"
              sx={{
                flexShrink: 0,
                width: 44,
                height: 44,
                borderRadius: '50%',
                bgcolor: 'secondary.main',
                color: 'secondary.contrastText',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              {point.icon}
            </Box>
            <Box>
              <Typography component="h3" variant="h4">
                {point.title}
              </Typography>
              <Typography sx={{ opacity: 0.95 }}>{point.text}</Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
