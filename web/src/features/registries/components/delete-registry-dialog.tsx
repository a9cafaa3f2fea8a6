import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { paths } from '@core/page-paths';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useDeleteRegistry } from '@/features/registries/api/registry-actions';
import { celebrationTitle } from '@core/model/celebration-title';
import type { CelebrationType } from '@core/model/celebration-title';

const TITLE_ID = 'delete-registry-title';

interface DeleteRegistryDialogProps {
  registryId: string;
  childName: string;
  celebrationType: CelebrationType;
  hasGifts: boolean;
  open: boolean;
  onClose: () => void;
  onStale?: () => void;
}

/** Delete Registry: cannot be undone, and a registry with gifts cannot be deleted. */
export function DeleteRegistryDialog({
  registryId,
  childName,
  celebrationType,
  hasGifts,
  open,
  onClose,
  onStale,
}: DeleteRegistryDialogProps) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const deleteRegistry = useDeleteRegistry();
  const onUnauthorized = useUnauthorizedRedirect();
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await deleteRegistry(registryId);
      toast({ title: 'Registry deleted', description: `${celebrationTitle({ childName, celebrationType })} has been deleted.` });
      navigate(paths.home);
    } catch (error) {
      setBusy(false);
      if (onUnauthorized(error)) return;
      toast({
        title: 'Cannot delete registry',
        description: serverMessage(error, 'Unable to delete registry. Please try again.'),
        variant: 'destructive',
      });
      if (isApiError(error) && error.status === 409) onStale?.();
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={TITLE_ID} aria-describedby={`${TITLE_ID}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>Delete Registry?</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={`${TITLE_ID}-text`}>
          This will permanently delete {celebrationTitle({ childName, celebrationType })} and its share link. This cannot be undone. A
          registry that has received gifts cannot be deleted.
        </DialogContentText>
        {hasGifts && <Alert severity="info">This registry has received gifts, so it cannot be deleted.</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy || hasGifts}>
          {busy ? 'Deleting…' : 'Delete Registry'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
