import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import type { Currency } from '@core/money';
import { FormDialog } from '@/components/form-dialog';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useChangeCurrency } from '@/features/registries/api/registry-actions';
import { CurrencyField } from './currency-field';

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
    <FormDialog
      open={open}
      title="Change Currency"
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void update();
      }}
      submitLabel="Update"
      busyLabel="Updating…"
      submitDisabled={selected === currency}
      maxWidth="xs"
    >
      <DialogContentText>Choose the currency your guests give in. It can be changed only until the first gift arrives.</DialogContentText>
      <CurrencyField id="change-currency" value={selected} onChange={setSelected} disabled={busy} helperText={`Currently ${currency}.`} />
      <Alert severity="warning">
        When you close the registry, the payout goes to a bank account in that currency's country: a bank account in the United States for
        USD, or in Canada for CAD.
      </Alert>
    </FormDialog>
  );
}
