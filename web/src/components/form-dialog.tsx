import { useId, type FormEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** While true, the form cannot be closed or sent again, and the button says so. */
  busy: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  busyLabel: string;
  submitDisabled?: boolean;
  maxWidth?: 'xs' | 'sm';
  children: ReactNode;
}

/** A dialog that is one form: a title, its fields, and Cancel beside the button that sends it. */
export function FormDialog({
  open,
  title,
  busy,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const titleId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth={maxWidth} scroll="body">
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy || submitDisabled}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
