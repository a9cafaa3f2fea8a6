import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { paths } from '@core/page-paths';
import { usePageTitle } from '@/lib/use-page-title';
import { CharityGrid } from '@/components/charity-grid';

/** /charities: the charity partner list (docs/product.md#charities-page). */
export default function CharitiesPage() {
  usePageTitle('Charity Partners');
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 4, md: 6 } }}>
        <Typography variant="h1">Our Charity Partners</Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Every gift on a registry sends 10% to one of these Jewish charities. Families pick one charity for their registry, or let each
          guest choose.
        </Typography>
      </Box>
      <CharityGrid headingLevel="h2" />
      <Box
        component="section"
        aria-labelledby="charities-cta"
        sx={{
          mt: { xs: 6, md: 8 },
          p: { xs: 3, md: 5 },
          borderRadius: 4,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          textAlign: 'center',
        }}
      >
        <Typography id="charities-cta" variant="h2">
          Ready to give back together?
        </Typography>
        <Typography sx={{ mt: 1.5, mb: 3 }}>
          Create a registry for your child's celebration and choose the cause you want to support.
        </Typography>
        <Button variant="contained" color="secondary" size="large" href={paths.createRegistry}>
          Create Registry
        </Button>
      </Box>
    </Container>
  );
}
