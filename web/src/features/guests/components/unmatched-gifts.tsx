import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GuestLineView, UnmatchedGiftView } from '@api/guests';
import { fromWireAmount } from '@api/amount';
import { formatMoney, type Currency } from '@core/money';
import { OFFLINE_GIFT_METHOD_LABELS } from '@core/model/offline-gift';

interface Props {
  gifts: UnmatchedGiftView[];
  /** Everyone on the list, whatever the filters. */
  guests: GuestLineView[];
  currency: Currency;
  onMatch: (gift: UnmatchedGiftView, guest: GuestLineView) => Promise<void>;
}

function UnmatchedGift({ gift, guests, currency, onMatch }: Omit<Props, 'gifts'> & { gift: UnmatchedGiftView }) {
  const [guestId, setGuestId] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = guests.find((guest) => guest.id === guestId);
  const what = `${gift.giftGiverName}, ${formatMoney(fromWireAmount(gift.amount), currency)} (${OFFLINE_GIFT_METHOD_LABELS[gift.method]}, ${gift.receivedOn})`;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{what}</Typography>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!chosen) return;
          setBusy(true);
          void onMatch(gift, chosen).finally(() => setBusy(false));
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
      >
        <TextField
          select
          id={`match-${gift.id}`}
          label={`Who gave ${gift.giftGiverName}’s gift?`}
          value={guestId}
          onChange={(event) => setGuestId(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ flex: '1 1 14rem', minWidth: 0 }}
        >
          <option value="">Choose a guest</option>
          {guests.map((guest) => (
            <option key={guest.id} value={guest.id}>
              {guest.name} ({guest.email})
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={!chosen || busy}>
          Match
        </Button>
      </Box>
    </Paper>
  );
}

/** Gifts given by hand carry no e-mail to match by: the family says whose each one was. */
export function UnmatchedGifts({ gifts, guests, currency, onMatch }: Props) {
  if (gifts.length === 0 || guests.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="unmatched-gifts-heading" sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id="unmatched-gifts-heading" variant="h2" sx={{ fontSize: '1.35rem' }}>
        Gifts given by hand to match
      </Typography>
      <Typography color="text.secondary">
        Say which guest gave each one, so their line shows the gift and the thank-you it is owed.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        {gifts.map((gift) => (
          <UnmatchedGift key={gift.id} gift={gift} guests={guests} currency={currency} onMatch={onMatch} />
        ))}
      </Box>
    </Box>
  );
}
