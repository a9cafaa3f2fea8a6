import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { paths } from '../../../app/paths';
import type { AnyRegistryView } from '@api/registries';

/** A closed registry takes no more gifts (docs/product.md#states-and-transitions): said plainly, in place of the form. */
export function RegistryClosedNotice({ registry }: { registry: AnyRegistryView }) {
  return (
    <Alert severity="info" sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        This registry is no longer accepting gifts
      </AlertTitle>
      The family has closed {registry.childName}'s registry, so no new gifts can be made. Thank you
      for thinking of them!
      <Box sx={{ mt: 2 }}>
        <Button variant="outlined" href={paths.registry(registry.id)}>
          View Registry
        </Button>
      </Box>
    </Alert>
  );
}
