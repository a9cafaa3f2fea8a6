import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useToast } from '@/components/toast';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useOfflineGiftActions } from '@/features/registries/api/offline-gift-actions';

const TITLE_ID = 'delete-offline-gift-title';

interface DeleteOfflineGiftDialogProps {
  registryId: string;
  gift: { id: string; giftGiverName: string; amountText: string } | null;
  onClose: () => void;
}

/** Removing a gift given by hand asks first: its thank-you card goes with it. */
export function DeleteOfflineGiftDialog({ registryId, gift, onClose }: DeleteOfflineGiftDialogProps) {
  const { toast } = useToast();
  const { remove } = useOfflineGiftActions(registryId);
  const onUnauthorized = useUnauthorizedRedirect();
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (!busy) onClose();
  };

  const confirm = async () => {
    if (!gift) return;
    setBusy(true);
    try {
      await remove(gift.id);
      toast({ title: 'Gift removed', description: `${gift.giftGiverName}’s gift has been removed from your gift list.` });
      onClose();
    } catch (error) {
      if (onUnauthorized(error)) return;
      toast({ title: 'Error', description: serverMessage(error, 'Failed to remove the gift. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={gift !== null} onClose={close} aria-labelledby={TITLE_ID} aria-describedby={`${TITLE_ID}-text`} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>Remove this gift?</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${TITLE_ID}-text`}>
          {gift
            ? `${gift.giftGiverName}’s gift of ${gift.amountText}, given by hand, will be removed from your gift list and totals, with its thank-you card. This cannot be undone.`
            : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void confirm()} disabled={busy}>
          {busy ? 'Removing…' : 'Remove Gift'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
