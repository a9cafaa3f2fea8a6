import { useEffect, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import LinkIcon from '@mui/icons-material/Link';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import { fromWireAmount } from '@api/amount';
import type { GuestLineView, UnmatchedGiftView } from '@api/guests';
import { parseGuestListQuery, type GuestFilters } from '@core/guest/guest-list-query';
import { hasPostalAddress } from '@core/guest/postal-addresses';
import { formatMoney, type Currency } from '@core/money';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { RegistryNotFound } from '@/components/registry-not-found';
import { useToast } from '@/components/toast';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { guestFilterQuery, useGuestActions, useGuestList } from '@/features/guests/api/guest-list';
import { AddGuestForm } from '@/features/guests/components/add-guest-form';
import { GuestFilterFields } from '@/features/guests/components/guest-filters';
import { ImportGuestsForm } from '@/features/guests/components/import-guests-form';
import { InviteGuestsDialog } from '@/features/guests/components/invite-guests-dialog';
import { useInvitations } from '@/features/guests/api/invitation-mail';
import { UnmatchedGifts } from '@/features/guests/components/unmatched-gifts';
import { plural, rsvpSpoken, rsvpWords, THANK_YOU_WORDS } from '@/features/guests/lib/guest-words';
import { visuallyHidden } from '@/lib/visually-hidden';

export const GUEST_LIST_TITLE = 'Guest List';

function addressOf(guest: GuestLineView): string | null {
  const parts = [guest.street, guest.city, [guest.region, guest.postalCode].filter(Boolean).join(' '), guest.country].filter(
    (part) => part && part.trim() !== '',
  );
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The filters the address asks for; one it cannot read is left out rather than refused on the page. */
function filtersOf(params: URLSearchParams): GuestFilters {
  try {
    return parseGuestListQuery(Object.fromEntries(params));
  } catch {
    return {};
  }
}

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Invited Dec 2, 2026 · Reminded Dec 9, 2026", or "Not invited yet". */
function invitationLine(guest: GuestLineView): string {
  if (!guest.invitedAt) return 'Not invited yet';
  const invited = `Invited ${SHORT_DATE.format(new Date(guest.invitedAt))}`;
  return guest.remindedAt ? `${invited} · Reminded ${SHORT_DATE.format(new Date(guest.remindedAt))}` : invited;
}

interface RowProps {
  guest: GuestLineView;
  currency: Currency;
  onInvite: (guest: GuestLineView) => void;
  onCopyLink: (guest: GuestLineView) => void;
  /** The link just made for this guest, shown where it was asked for (the clipboard may refuse it). */
  madeLink: { url: string; copied: boolean } | null;
  onDismissLink: () => void;
  onRemove: (guest: GuestLineView) => void;
  onUnmatch: (guest: GuestLineView, giftId: string) => void;
  busy: boolean;
}

function GuestRow({ guest, currency, onInvite, onCopyLink, madeLink, onDismissLink, onRemove, onUnmatch, busy }: RowProps) {
  const address = addressOf(guest);
  const money = (amount: number) => formatMoney(fromWireAmount(amount), currency);
  const byHand = guest.gifts.filter((gift) => gift.byHand);
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
    >
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
        <Typography sx={{ mt: 0.5 }}>{invitationLine(guest)}</Typography>
        <Typography sx={{ mt: 0.5 }}>
          RSVP:{' '}
          <Box component="strong" aria-hidden="true">
            {rsvpWords(guest.rsvp)}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            {rsvpSpoken(guest.rsvp)}
          </Box>
        </Typography>
        <Typography>
          {guest.thankYou === null ? (
            'No gift yet'
          ) : (
            <>
              Gave {money(guest.given)}
              {guest.gifts.length > 1 ? ` (${guest.gifts.length} gifts)` : ''} · <strong>{THANK_YOU_WORDS[guest.thankYou]}</strong>
            </>
          )}
        </Typography>
        {byHand.map((gift) => (
          <Box key={gift.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Typography color="text.secondary">Given by hand: {money(gift.amount)}</Typography>
            <Button
              size="small"
              onClick={() => onUnmatch(guest, gift.id)}
              disabled={busy}
              aria-label={`Unmatch the gift of ${money(gift.amount)} given by hand from ${guest.name}`}
            >
              Unmatch
            </Button>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => onInvite(guest)}
          disabled={busy}
          aria-label={guest.invitedAt ? `Send the invitation to ${guest.name} again` : `Send the invitation to ${guest.name}`}
        >
          {guest.invitedAt ? 'Send again' : 'Invite'}
        </Button>
        <Button
          variant="outlined"
          startIcon={<LinkIcon />}
          onClick={() => onCopyLink(guest)}
          disabled={busy}
          aria-label={`Copy ${guest.name}’s personal link`}
        >
          Copy personal link
        </Button>
        <Button variant="outlined" color="error" onClick={() => onRemove(guest)} disabled={busy} aria-label={`Remove ${guest.name}`}>
          Remove
        </Button>
      </Box>
      {madeLink && (
        <Alert severity="info" onClose={onDismissLink} sx={{ flexBasis: '100%', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {guest.name}’s personal link{madeLink.copied ? ' (copied)' : ''}
          </Typography>
          <Typography component="code" sx={{ display: 'block', overflowWrap: 'anywhere', my: 0.5 }}>
            {madeLink.url}
          </Typography>
          <Typography variant="body2">The same link their invitation carries. Their answer and gifts from it show on this line.</Typography>
        </Alert>
      )}
    </Paper>
  );
}

/**
 * /registry/:id/guests (the owner and co-owners; the server refuses anyone else): the family's
 * guest list, one guest at a time or a whole list from a spreadsheet, each guest followed to the
 * gift and the thank-you (docs/product.md#the-guest-list).
 */
export default function GuestListPage() {
  const { id } = useParams<{ id: string }>();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const filtered = Object.keys(filters).length > 0;
  const { list: whole, error } = useGuestList(id);
  // Unfiltered, the shown list is the whole one: one request.
  const { list: shown } = useGuestList(id, filters);
  const { send } = useInvitations(id ?? '');
  const [inviting, setInviting] = useState(false);
  const { remove, downloadAddresses, matchGift, issueLink } = useGuestActions(id ?? '');
  // The link last made, shown until another is: a browser that refuses the clipboard still lets the family copy it by hand.
  const [madeLink, setMadeLink] = useState<{ guestId: string; url: string; copied: boolean } | null>(null);
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [busyGuest, setBusyGuest] = useState<string | null>(null);
  const headingId = useId();

  const refused = isApiError(error) ? error.status : null;
  usePageTitle(refused === 404 ? 'Registry Not Found' : GUEST_LIST_TITLE);
  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const failed = (failure: unknown, fallback: string) => {
    if (onUnauthorized(failure)) return;
    toast({ title: 'Error', description: serverMessage(failure, fallback), variant: 'destructive' });
  };

  const removeGuest = async (guest: GuestLineView) => {
    setBusyGuest(guest.id);
    try {
      await remove(guest.id);
      toast({ title: 'Guest removed', description: `${guest.name} is no longer on your guest list.` });
    } catch (failure) {
      failed(failure, 'Failed to remove the guest. Please try again.');
    } finally {
      setBusyGuest(null);
    }
  };

  const invite = async (guest: GuestLineView) => {
    setBusyGuest(guest.id);
    try {
      const sent = await send([guest.id]);
      toast({
        title: sent.queued > 0 ? 'Invitation sent' : 'Invitation not sent',
        description: sent.queued > 0 ? `${guest.name}’s invitation is on its way.` : sent.message,
      });
    } catch (failure) {
      failed(failure, 'Failed to send the invitation. Please try again.');
    } finally {
      setBusyGuest(null);
    }
  };

  const copyLink = async (guest: GuestLineView) => {
    setBusyGuest(guest.id);
    try {
      const { url } = await issueLink(guest.id);
      const copied = await navigator.clipboard?.writeText(url).then(
        () => true,
        () => false,
      );
      setMadeLink({ guestId: guest.id, url, copied: copied === true });
      toast({
        title: copied ? 'Link copied' : 'Link ready',
        description: copied ? `${guest.name}’s personal link is on your clipboard.` : `Copy ${guest.name}’s personal link from their line.`,
      });
    } catch (failure) {
      failed(failure, 'Failed to make the link. Please try again.');
    } finally {
      setBusyGuest(null);
    }
  };

  const unmatch = async (guest: GuestLineView, giftId: string) => {
    setBusyGuest(guest.id);
    try {
      await matchGift(giftId, null);
      toast({ title: 'Gift unmatched', description: `The gift given by hand is no longer counted as ${guest.name}’s.` });
    } catch (failure) {
      failed(failure, 'Failed to unmatch the gift. Please try again.');
    } finally {
      setBusyGuest(null);
    }
  };

  const match = async (gift: UnmatchedGiftView, guest: GuestLineView) => {
    try {
      await matchGift(gift.id, guest.id);
      toast({ title: 'Gift matched', description: `${gift.giftGiverName}’s gift now shows on ${guest.name}’s line.` });
    } catch (failure) {
      failed(failure, 'Failed to match the gift. Please try again.');
    }
  };

  const download = async () => {
    try {
      await downloadAddresses();
    } catch (failure) {
      failed(failure, 'Failed to download the addresses. Please try again.');
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
  if (!whole && !error) return <PageSpinner label="Loading the guest list…" />;
  if (!whole || !id) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error">The guest list could not be loaded. Please check your connection and try again.</Alert>
      </Container>
    );
  }

  const { counts } = whole;
  const withAddress = whole.guests.filter(hasPostalAddress).length;
  const guests = shown?.guests ?? null;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2.5, md: 3 } }}>
      {back}
      <Box>
        <Typography id={headingId} variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
          {GUEST_LIST_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Who you are inviting, who is coming, who gave and who you have thanked. Only you and your co-owners see this list.
        </Typography>
      </Box>
      <Box role="status" aria-live="polite">
        <Typography sx={{ fontWeight: 600 }}>
          {counts.guests === 0
            ? 'No guests yet.'
            : `${plural(counts.guests, 'guest', 'guests')}, ${plural(counts.people, 'person', 'people')} in all.`}
        </Typography>
        {counts.guests > 0 && (
          <>
            <Typography>
              RSVP: {counts.rsvp.yes} coming ({plural(counts.rsvp.yesPeople, 'person', 'people')}) · {counts.rsvp.maybe} maybe (
              {plural(counts.rsvp.maybePeople, 'person', 'people')}) · {counts.rsvp.no} not coming · {counts.rsvp.none} not answered
            </Typography>
            <Typography color="text.secondary">
              {counts.invited} invited · {counts.gave} gave · {counts.thanked} thanked · {counts.notThanked} still to thank
            </Typography>
          </>
        )}
      </Box>
      {counts.guests > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="contained" startIcon={<EmailOutlinedIcon />} onClick={() => setInviting(true)}>
            Invite guests
          </Button>
          {whole.giftsToThank.length > 0 && (
            <Button variant="contained" startIcon={<ForwardToInboxIcon />} href={paths.thankYouCardsToGuests(id)}>
              Send thank-you cards to givers
            </Button>
          )}
          {withAddress > 0 && (
            <>
              <Button
                variant="outlined"
                startIcon={<LocalPrintshopIcon />}
                href={`${paths.registryGuestLabels(id)}${guestFilterQuery({ gave: filters.gave })}`}
              >
                Print Mailing Labels
              </Button>
              <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()}>
                Download Addresses (CSV)
              </Button>
            </>
          )}
          {withAddress > 0 && (
            <Typography color="text.secondary" sx={{ alignSelf: 'center' }}>
              For paper thank-you notes: {plural(withAddress, 'guest has', 'guests have')} a postal address.
            </Typography>
          )}
        </Box>
      )}
      <InviteGuestsDialog
        registryId={id}
        open={inviting}
        notYetInvited={counts.guests - counts.invited}
        onClose={() => setInviting(false)}
      />
      <AddGuestForm registryId={id} />
      <Divider />
      <ImportGuestsForm registryId={id} />
      <UnmatchedGifts gifts={whole.unmatchedByHand} guests={whole.guests} currency={whole.currency} onMatch={match} />
      {counts.guests > 0 && (
        <>
          <Divider />
          <GuestFilterFields
            filters={filters}
            onChange={(next) => setSearchParams(new URLSearchParams(guestFilterQuery(next)), { replace: true })}
          />
          {guests === null ? (
            <PageSpinner label="Loading the guest list…" />
          ) : guests.length === 0 ? (
            <Typography>No guest matches these filters.</Typography>
          ) : (
            <>
              {filtered && (
                <Typography color="text.secondary">
                  Showing {plural(guests.length, 'guest', 'guests')} of {counts.guests}.
                </Typography>
              )}
              <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                {guests.map((guest) => (
                  <GuestRow
                    key={guest.id}
                    guest={guest}
                    currency={whole.currency}
                    onInvite={(chosen) => void invite(chosen)}
                    onCopyLink={(chosen) => void copyLink(chosen)}
                    madeLink={madeLink?.guestId === guest.id ? madeLink : null}
                    onDismissLink={() => setMadeLink(null)}
                    onRemove={(chosen) => void removeGuest(chosen)}
                    onUnmatch={(chosen, giftId) => void unmatch(chosen, giftId)}
                    busy={busyGuest === guest.id}
                  />
                ))}
              </Box>
            </>
          )}
        </>
      )}
    </Container>
  );
}
