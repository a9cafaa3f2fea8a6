import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupsIcon from '@mui/icons-material/Groups';
import MailIcon from '@mui/icons-material/Mail';
import PanToolOutlinedIcon from '@mui/icons-material/PanToolOutlined';
import { paths } from '@core/page-paths';
import type { ManagerRegistryView } from '@api/registries';
import { ChangeCurrencyDialog } from './change-currency-dialog';
import { CURRENCY_LABELS } from './currency-field';
import { DeleteRegistryDialog } from './delete-registry-dialog';
import { EditRegistryDialog } from './edit-registry-dialog';
import { OfflineGiftDialog } from './offline-gift-dialog';

type OpenDialog = 'edit' | 'currency' | 'delete' | 'byHand' | null;

/**
 * The owner's 'Registry Management' (docs/product.md#registry-page): Edit Registry, Thank You Cards and Guest List always;
 * Change Currency and Delete Registry while the registry is open and has no gifts (Change Currency
 * not while gifts given by hand are recorded, either: they were recorded in it). Recording a
 * gift given by hand is offered open or closed: it moves no money. A co-owner gets the same but
 * Delete Registry, which is the owner's alone.
 */
export function RegistryManagement({ registry, onStale }: { registry: ManagerRegistryView; onStale: () => void }) {
  const headingId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const unsettled = registry.status === 'open' && !registry.hasGifts;
  // Gifts given by hand were recorded in this currency: changing it would change what they say.
  const currencyChangeable = unsettled && !registry.hasGiftsGivenByHand;

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
          Registry Management
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" startIcon={<EditIcon />} onClick={() => setDialog('edit')}>
            Edit Registry
          </Button>
          <Button variant="outlined" startIcon={<MailIcon />} href={paths.thankYouCards(registry.id)}>
            Thank You Cards
          </Button>
          <Button variant="outlined" startIcon={<GroupsIcon />} href={paths.registryGuests(registry.id)}>
            Guest List
          </Button>
          <Button variant="outlined" startIcon={<PanToolOutlinedIcon />} onClick={() => setDialog('byHand')}>
            Record a Gift Given by Hand
          </Button>
          {currencyChangeable && (
            <Button variant="outlined" startIcon={<CurrencyExchangeIcon />} onClick={() => setDialog('currency')}>
              Change Currency
            </Button>
          )}
          {unsettled && registry.isOwner && (
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDialog('delete')}>
              Delete Registry
            </Button>
          )}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {registry.hasGifts
            ? `Currency: ${registry.currency} (cannot change after receiving contributions)`
            : registry.hasGiftsGivenByHand && registry.status === 'open'
              ? `Currency: ${registry.currency} (cannot change while gifts given by hand are recorded in it)`
              : `Currency: ${CURRENCY_LABELS[registry.currency]}`}
        </Typography>
      </CardContent>

      <EditRegistryDialog registry={registry} open={dialog === 'edit'} onClose={close} />
      <OfflineGiftDialog registryId={registry.id} currency={registry.currency} open={dialog === 'byHand'} onClose={close} />
      {unsettled && (
        <>
          <ChangeCurrencyDialog
            registryId={registry.id}
            currency={registry.currency}
            open={dialog === 'currency'}
            onClose={close}
            onStale={onStale}
          />
          {registry.isOwner && (
            <DeleteRegistryDialog
              registryId={registry.id}
              childName={registry.childName}
              celebrationType={registry.celebrationType}
              hasGifts={registry.hasGifts}
              open={dialog === 'delete'}
              onClose={close}
              onStale={onStale}
            />
          )}
        </>
      )}
    </Card>
  );
}
