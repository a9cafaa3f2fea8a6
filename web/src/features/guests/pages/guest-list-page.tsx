import { useEffect, useId, useState } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { hasPostalAddress } from '@core/guest/postal-addresses';
import { paths } from '@core/page-paths';
import type { GuestView } from '@api/guests';
import { PageSpinner } from '../../../components/page-spinner';
import { RegistryNotFound } from '../../../components/registry-not-found';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api-fetch';
import { serverMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUnauthorizedRedirect } from '../../../lib/use-unauthorized-redirect';
import { useGuestActions, useGuestList } from '../api/guest-list';
import { AddGuestForm } from '../components/add-guest-form';
import { ImportGuestsForm } from '../components/import-guests-form';

export const GUEST_LIST_TITLE = 'Guest List';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function addressOf(guest: GuestView): string | null {
  const parts = [guest.street, guest.city, [guest.region, guest.postalCode].filter(Boolean).join(' '), guest.country].filter((part) => part && part.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

function GuestRow({ guest, onRemove, busy }: { guest: GuestView; onRemove: (guest: GuestView) => void; busy: boolean }) {
  const address = addressOf(guest);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{guest.name}</Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {guest.email} · {plural(guest.partySize, 'person', 'people')}
        </Typography>
        {address && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {address}
          </Typography>
        )}
      </Box>
      <Button variant="outlined" color="error" onClick={() => onRemove(guest)} disabled={busy} aria-label={`Remove ${guest.name}`}>
        Remove
      </Button>
    </Paper>
  );
}

/**
 * /registry/:id/guests (the owner and co-owners; the server refuses anyone else): the family's
 * guest list, one guest at a time or a whole list from a spreadsheet.
 */
export default function GuestListPage() {
  const { id } = useParams<{ id: string }>();
  const { list, error } = useGuestList(id);
  const { remove, downloadAddresses } = useGuestActions(id ?? '');
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [removing, setRemoving] = useState<string | null>(null);
  const headingId = useId();

  const refused = isApiError(error) ? error.status : null;
  usePageTitle(refused === 404 ? 'Registry Not Found' : GUEST_LIST_TITLE);
  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const removeGuest = async (guest: GuestView) => {
    setRemoving(guest.id);
    try {
      await remove(guest.id);
      toast({ title: 'Guest removed', description: `${guest.name} is no longer on your guest list.` });
    } catch (failure) {
      if (onUnauthorized(failure)) return;
      toast({ title: 'Error', description: serverMessage(failure, 'Failed to remove the guest. Please try again.'), variant: 'destructive' });
    } finally {
      setRemoving(null);
    }
  };

  const download = async () => {
    try {
      await downloadAddresses();
    } catch (failure) {
      if (onUnauthorized(failure)) return;
      toast({ title: 'Error', description: serverMessage(failure, 'Failed to download the addresses. Please try again.'), variant: 'destructive' });
    }
  };

  if (refused === 404) return <RegistryNotFound />;
  if (refused === 401) return null; // The Unauthorized flow takes the visitor to sign in.
  const back = (
    <Button href={id ? paths.registry(id) : paths.home} startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', px: 1 }}>
      Back to Registry
    </Button>
  );
  if (refused === 403) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, display: 'grid', gap: 3 }}>
        <Typography variant="h1">{GUEST_LIST_TITLE}</Typography>
        <Alert severity="warning">Only the family who created this registry can see its guest list.</Alert>
        {back}
      </Container>
    );
  }
  if (!list && !error) return <PageSpinner label="Loading the guest list…" />;
  if (!list || !id) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error">The guest list could not be loaded. Please check your connection and try again.</Alert>
      </Container>
    );
  }

  const withAddress = list.guests.filter(hasPostalAddress).length;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2.5, md: 3 } }}>
      {back}
      <Box>
        <Typography id={headingId} variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
          {GUEST_LIST_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Who you are inviting. Only you and your co-owners see this list.
        </Typography>
      </Box>
      <Typography role="status" aria-live="polite" sx={{ fontWeight: 600 }}>
        {list.counts.guests === 0 ? 'No guests yet.' : `${plural(list.counts.guests, 'guest', 'guests')}, ${plural(list.counts.people, 'person', 'people')} in all.`}
      </Typography>
      <AddGuestForm registryId={id} />
      <Divider />
      <ImportGuestsForm registryId={id} />
      {list.guests.length > 0 && (
        <>
          <Divider />
          {withAddress > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
                Download Addresses (CSV)
              </Button>
              <Typography color="text.secondary">For paper thank-you notes: {plural(withAddress, 'guest has', 'guests have')} a postal address.</Typography>
            </Box>
          )}
          <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {list.guests.map((guest) => (
              <GuestRow key={guest.id} guest={guest} onRemove={(chosen) => void removeGuest(chosen)} busy={removing === guest.id} />
            ))}
          </Box>
        </>
      )}
    </Container>
  );
}
