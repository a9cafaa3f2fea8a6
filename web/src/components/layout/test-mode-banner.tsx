import Box from '@mui/material/Box';
import ScienceIcon from '@mui/icons-material/Science';
import { PAYMENT_MODE_ATTRIBUTE } from '@api/payment-mode';
import { useConfig } from '@/lib/use-config';

/** The banner's height, the page shell's too (web/index.html): the app takes over without a shift. */
const BANNER_HEIGHT = 28;

/** The server marked the page shell as running on test payments (adapters/http/middleware/web-app.ts). */
function shellInTestMode(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute(PAYMENT_MODE_ATTRIBUTE) === 'test';
}

/**
 * Shown on every page while the server runs the sandbox payment provider. Until GET /api/config
 * answers, the page shell says which, so the banner is there from the first paint and nothing
 * below it moves when the answer comes.
 */
export function TestModeBanner() {
  const { config } = useConfig();
  const testMode = config ? config.paymentProvider === 'sandbox' : shellInTestMode();
  if (!testMode) return null;
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
        boxSizing: 'border-box',
        minHeight: BANNER_HEIGHT,
        fontSize: '0.8125rem',
        fontWeight: 600,
        lineHeight: 1.5,
        textAlign: 'center',
      }}
    >
      <ScienceIcon fontSize="small" aria-hidden="true" />
      <span>Test mode — no real payments</span>
    </Box>
  );
}
