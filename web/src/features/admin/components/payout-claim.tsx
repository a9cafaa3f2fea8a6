import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import BackHandIcon from '@mui/icons-material/BackHand';
import type { PayoutClaimView } from '@api/admin';
import { formatAdminTime } from './admin-ui';

interface PayoutClaimControlsProps {
  claim: PayoutClaimView;
  /** What is being sent, for the buttons' accessible names ("Sarah's payout"). */
  what: string;
  /** Labels the buttons by the card they sit in. */
  describedBy: string;
  busy: boolean;
  onClaim: () => void;
  onRelease: () => void;
  /** The holder's way to record the payment (Mark as Complete): shown to the holder alone. */
  complete: ReactNode;
}

/**
 * A payout's claim as every administrator sees it (docs/adr/0017-payouts-claimed-before-they-are-sent.md): nobody holds it ("Claim to
 * Send"), you hold it (mark it sent, or release it), or another administrator holds it ("Being
 * sent by rachel since …": release it only when they are not sending it, after a confirmation).
 */
export function PayoutClaimControls({ claim, what, describedBy, busy, onClaim, onRelease, complete }: PayoutClaimControlsProps) {
  const [confirming, setConfirming] = useState(false);
  if (claim === null) {
    return (
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Button variant="contained" startIcon={<BackHandIcon />} onClick={onClaim} disabled={busy} aria-describedby={describedBy}>
          Claim to Send
        </Button>
        <Box component="p" sx={{ m: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
          Claim it before you send it: the other administrators then see that you are sending it, and its amount no longer changes.
        </Box>
      </Box>
    );
  }
  const since = formatAdminTime(claim.at);
  if (claim.byYou) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Alert severity="info">Being sent by you since {since}.</Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {complete}
          <Button
            variant="outlined"
            onClick={onRelease}
            disabled={busy}
            aria-label={`Release ${what}: it was not sent`}
            aria-describedby={describedBy}
          >
            Release
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="warning">
        Being sent by {claim.by} since {since}.
      </Alert>
      <Box>
        <Button
          variant="outlined"
          onClick={() => setConfirming(true)}
          disabled={busy}
          aria-label={`Release ${claim.by}’s claim on ${what}`}
          aria-describedby={describedBy}
        >
          Release {claim.by}’s claim
        </Button>
      </Box>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        aria-labelledby="release-claim-title"
        aria-describedby="release-claim-text"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="release-claim-title">Release {claim.by}’s claim?</DialogTitle>
        <DialogContent>
          <DialogContentText id="release-claim-text">
            {claim.by} has been sending {what} since {since}. Release the claim only if you know the money was not sent: the payout then
            waits to be sent again, and the audit trail records that you released it.
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          <Button onClick={() => setConfirming(false)} autoFocus>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setConfirming(false);
              onRelease();
            }}
          >
            Yes, Release the Claim
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
