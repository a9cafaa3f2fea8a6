import Box from '@mui/material/Box';
import ScienceIcon from '@mui/icons-material/Science';
import { useConfig } from '../../lib/use-config';

/** Shown on every page while the server runs the sandbox payment provider. */
export function TestModeBanner() {
  const { config } = useConfig();
  if (config?.paymentProvider !== 'sandbox') return null;
  return (
    <Box
      sx={{
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        px: 2,
        py: 0.5,
        fontSize: '0.8125rem',
        fontWeight: 600,
        textAlign: 'center',
      }}
    >
      <ScienceIcon fontSize="small" aria-hidden="true" />
      <span>Test mode — no real payments</span>
    </Box>
  );
}
