import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { cardsCount, namesList } from '@/features/thank-you/lib/card-for-all';

const TITLE_ID = 'card-for-all-confirm-title';
const TEXT_ID = 'card-for-all-confirm-text';

interface CardForAllConfirmDialogProps {
  open: boolean;
  busy: boolean;
  recipientNames: string[];
  draftNames: string[];
  onCancel: () => void;
  onConfirm: () => void;
}

/** The last look before the cards go: how many, to whom, and which drafts the message replaces. */
export function CardForAllConfirmDialog({ open, busy, recipientNames, draftNames, onCancel, onConfirm }: CardForAllConfirmDialogProps) {
  const count = recipientNames.length;
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>Send {cardsCount(count)}?</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={TEXT_ID} sx={{ overflowWrap: 'anywhere' }}>
          {namesList(recipientNames)} will each get one e-mail with their own name on the card. A card cannot be taken back once it is sent.
        </DialogContentText>
        {draftNames.length > 0 && (
          <Alert severity="warning" role="note" sx={{ overflowWrap: 'anywhere' }}>
            This message replaces the draft {draftNames.length === 1 ? 'card' : 'cards'} for {namesList(draftNames)}.
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={cancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {busy ? 'Sending…' : `Send ${cardsCount(count)}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
