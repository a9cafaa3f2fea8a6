import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** Something could not be loaded: says what, and offers to try again in place. */
export function LoadError({
  children,
  onRetry,
  severity = 'error',
  retryLabel = 'Retry',
}: {
  children: ReactNode;
  onRetry: () => void;
  severity?: 'error' | 'warning';
  retryLabel?: string;
}) {
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
