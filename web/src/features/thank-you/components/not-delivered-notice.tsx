import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** The state's words, as the family reads them on the card and in the list (docs/product.md#bounces-complaints-and-unsubscribes). */
export const NOT_DELIVERED_MESSAGE = 'Not delivered: check the address, or print the card';

interface NotDeliveredNoticeProps {
  id: string;
  giver: string;
  address: string;
  onAddressChange: (address: string) => void;
  error: string | undefined;
  disabled: boolean;
}

/**
 * A card the giver's mailbox did not take (it bounced, or the address asked for no more of our
 * mail): says so, and offers the address to correct before Send Again. Printing stays the way
 * that always works.
 */
export function NotDeliveredNotice({ id, giver, address, onAddressChange, error, disabled }: NotDeliveredNoticeProps) {
  return (
    <Alert severity="warning" role="status" sx={{ '& .MuiAlert-message': { width: '100%', display: 'grid', gap: 1.5 } }}>
      <AlertTitle sx={{ mb: 0, fontWeight: 700 }}>{NOT_DELIVERED_MESSAGE}</AlertTitle>
      <Typography variant="body2">
        The last card to {giver} did not reach their mailbox. Correct the address and send it again, or print the card and give it by hand.
      </Typography>
      <TextField
        id={id}
        type="email"
        label="E-mail address for this card"
        autoComplete="off"
        value={address}
        onChange={(event) => onAddressChange(event.target.value)}
        error={!!error}
        helperText={error ?? 'Sending again to the same address is fine once you have checked it.'}
        disabled={disabled}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'email', spellCheck: false } }}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
      />
    </Alert>
  );
}
