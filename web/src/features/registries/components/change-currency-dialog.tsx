import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Currency } from '../../../../../core/money';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-fetch';
import { serverMessage } from '../../../lib/error-message';
import { useUnauthorizedRedirect } from '../../auth/lib/use-unauthorized-redirect';
import { useChangeCurrency } from '../api/registry-actions';
import { CurrencyField } from './currency-field';

const TITLE_ID = 'change-currency-title';

interface ChangeCurrencyDialogProps {
  registryId: string;
  currency: Currency;
  open: boolean;
  onClose: () => void;
  /** Asks for the registry again (e.g. after the server refused because gifts arrived). */
  onStale?: () => void;
}

/** Change Currency: USD (United States) or CAD (Canada); Update stays disabled until changed. */
export function ChangeCurrencyDialog({ registryId, currency, open, onClose, onStale }: ChangeCurrencyDialogProps) {
  const { toast } = useToast();
  const changeCurrency = useChangeCurrency();
  const onUnauthorized = useUnauthorizedRedirect();
  const [selected, setSelected] = useState<Currency>(currency);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setSelected(currency);
  }, [open, currency]);

  const close = () => {
    if (!busy) onClose();
  };

  const update = async () => {
    setBusy(true);
    try {
      const result = await changeCurrency(registryId, selected);
      toast({ title: 'Currency updated', description: result?.message || `Your registry now uses ${selected}.` });
      onClose();
    } catch (error) {
      if (onUnauthorized(error)) return;
      toast({
        title: 'Cannot change currency',
        description: serverMessage(error, 'Unable to change currency. Please try again.'),
        variant: 'destructive',
      });
      if (isApiError(error) && error.status === 409) onStale?.();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={TITLE_ID} fullWidth maxWidth="xs">
      <DialogTitle id={TITLE_ID}>Change Currency</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>
          Choose the currency your guests give in. It can be changed only until the first gift
          arrives.
        </DialogContentText>
        <CurrencyField
          id="change-currency"
          value={selected}
          onChange={setSelected}
          disabled={busy}
          helperText={`Currently ${currency}.`}
        />
        <Alert severity="warning">
          When you close the registry, the payout goes to a bank account in that currency's
          country: a bank account in the United States for USD, or in Canada for CAD.
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void update()} disabled={busy || selected === currency}>
          {busy ? 'Updating…' : 'Update'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
