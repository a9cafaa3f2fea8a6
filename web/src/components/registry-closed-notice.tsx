import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

export const REGISTRY_CLOSED_TITLE = 'This registry is closed, and gifts are no longer accepted';

interface RegistryClosedNoticeProps {
  childName: string;
  /** Where to go from here (the gift form offers the registry page); none on the registry page itself. */
  action?: ReactNode;
}

/**
 * A closed registry takes no more gifts (docs/product.md#states-and-transitions): said once and plainly, to a guest, in
 * place of every way to give (the registry page and the gift form say the same).
 */
export function RegistryClosedNotice({ childName, action }: RegistryClosedNoticeProps) {
  return (
    <Alert severity="info" sx={{ alignItems: 'flex-start', '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {REGISTRY_CLOSED_TITLE}
      </AlertTitle>
      The family has closed {childName}'s registry, so no new gifts can be made. Thank you for thinking of them!
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </Alert>
  );
}
