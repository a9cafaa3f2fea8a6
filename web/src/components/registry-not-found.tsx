import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { paths } from '@core/page-paths';

/** A registry that does not exist (docs/product.md#errors-and-messages). The page sets the document title. */
export function RegistryNotFound() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <SearchOffIcon aria-hidden="true" sx={{ fontSize: 64, color: 'primary.main' }} />
      <Typography variant="h1" sx={{ mt: 2 }}>
        Registry Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        The registry you're looking for doesn't exist or has been removed.
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" href={paths.home}>
          Go back home
        </Button>
      </Box>
    </Container>
  );
}

/** A registry that could not be loaded for another reason (the network, the server). */
export function RegistryLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 12 }, textAlign: 'center' }}>
      <Typography variant="h1">We couldn't load this registry</Typography>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        Please check your connection and try again.
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      </Box>
    </Container>
  );
}
