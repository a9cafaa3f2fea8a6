import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';
import { visuallyHidden } from '@/lib/visually-hidden';

/**
 * '{action} - {amount}' on a full-width payment button ('Proceed to Payment - $108.00'). On a phone
 * the whole rarely fits one line, so there the amount gets a line of its own rather than breaking
 * wherever the words happen to; the dash is then left to screen readers, which still read the
 * whole label. One wrapper, because a button lays out its direct children side by side.
 */
export function ActionWithAmount({ action, amount }: { action: string; amount: string }) {
  return (
    <Box component="span" sx={{ textAlign: 'center' }}>
      {/* The spaces stay outside the spans: a label's name is read from each element trimmed. */}
      {action}{' '}
      <Box component="span" sx={(theme: Theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}>
        -
      </Box>{' '}
      <Box component="span" sx={{ display: { xs: 'block', sm: 'inline' }, whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    </Box>
  );
}
