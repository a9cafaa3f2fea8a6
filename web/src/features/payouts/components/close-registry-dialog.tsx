import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';

const TITLE_ID = 'close-registry-title';
const TEXT_ID = 'close-registry-text';

interface CloseRegistryDialogProps {
  open: boolean;
  busy: boolean;
  registryTitle: string;
  /** How the funds leave, e.g. "by bank transfer". */
  methodText: string;
  familyAmount: string;
  charityAmount: string;
  /** What closing holds back for undecided disputes, in words; null when nothing is. */
  heldNotice: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Close Registry?' (docs/product.md#validation-rules): closing is permanent and no more gifts can be made afterward. */
export function CloseRegistryDialog({
  open,
  busy,
  registryTitle,
  methodText,
  familyAmount,
  charityAmount,
  heldNotice,
  onCancel,
  onConfirm,
}: CloseRegistryDialogProps) {
  const cancel = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog open={open} onClose={cancel} aria-labelledby={TITLE_ID} aria-describedby={TEXT_ID} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>Close Registry?</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={TEXT_ID}>
          Closing {registryTitle} is permanent: it cannot be reopened, and no more gifts can be made.
        </DialogContentText>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 2, rowGap: 0.5 }}
        >
          <Typography component="dt" color="text.secondary">
            To your family
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
            {familyAmount}
          </Typography>
          <Typography component="dt" color="text.secondary">
            To charity
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700 }}>
            {charityAmount}
          </Typography>
        </Box>
        <Alert severity="info" role="note">
          The family's share is paid {methodText}.
        </Alert>
        {heldNotice && (
          <Alert severity="info" role="note">
            {heldNotice}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={cancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy}>
          {busy ? 'Closing…' : 'Yes, Close Registry'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
