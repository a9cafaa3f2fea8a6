import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import { usePageTitle } from '@/lib/use-page-title';

/** The 404 page: unknown paths, and admin pages for anyone who is not an admin. */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography aria-hidden="true" sx={{ fontSize: '4rem', fontWeight: 800, color: 'primary.main', lineHeight: 1 }}>
        404
      </Typography>
      <Typography variant="h1" sx={{ mt: 2 }}>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" href="/" startIcon={<HomeIcon />}>
          Go back home
        </Button>
      </Box>
    </Container>
  );
}
