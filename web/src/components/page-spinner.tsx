import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner with an accessible name, for a page or section that is loading. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 10 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
