import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { format } from 'date-fns';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import PrintIcon from '@mui/icons-material/Print';
import { renderThankYouCard } from '@core/thank-you/render-card';
import type { ManagerRegistryView } from '@api/registries';
import type { ContributorView, ThankYouNoteView } from '@api/thank-you';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { useToast } from '@/components/toast';
import { REGISTRY_DATE_FORMAT } from '@/lib/celebration-date';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { isManagerView, useRegistry } from '@/lib/use-registry';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useThankYouActions } from '@/features/thank-you/api/thank-you-actions';
import { useContributors } from '@/features/thank-you/api/use-contributors';
import { EmailPreview } from '@/components/email-preview';

/** Marks what the printed page leaves out: everything but the card. */
const SCREEN_ONLY = 'screen-only';

/**
 * On paper: only the card, on a white page with even margins. The site's bar, footer, the page's
 * own buttons and any notice stay on screen.
 */
const PRINT_STYLES = {
  '@page': { margin: '12mm' },
  '@media print': {
    [`header, footer, .${SCREEN_ONLY}, section[aria-label^="Notifications"]`]: { display: 'none !important' },
    'html, body': { background: '#ffffff !important' },
    main: { minHeight: '0 !important' },
    '.printed-card, .printed-card > *': { border: '0 !important', borderRadius: '0 !important', breakInside: 'avoid' },
  },
} as const;

/**
 * /thank-you-cards/:id/print/:giftId (owner only): the print-ready page of one giver's card, for
 * a gift given by hand. The card is the saved one, drawn by the same renderer as the e-mail;
 * once handed over, Mark as Given counts it in the thank-you progress.
 */
export default function PrintCardPage() {
  const { id, giftId } = useParams<{ id: string; giftId: string }>();
  const { registry, isLoading, viewerId } = useRegistry(id);
  const owned = registry && isManagerView(registry, viewerId) ? registry : null;
  usePageTitle(owned ? 'Print Thank You Card' : undefined);

  if (isLoading) return <PageSpinner label="Loading the card…" />;
  if (!owned || !giftId) return null;
  return <PrintCard registry={owned} giftId={giftId} />;
}

function PrintCard({ registry, giftId }: { registry: ManagerRegistryView; giftId: string }) {
  const { contributors, error } = useContributors(registry.id);
  const onUnauthorized = useUnauthorizedRedirect();

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  if (isApiError(error) && [401, 403, 404].includes(error.status)) return null;
  if (error) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error">The card could not be loaded. Please check your connection and try again.</Alert>
      </Container>
    );
  }
  if (!contributors) return <PageSpinner label="Loading the card…" />;
  const contributor = contributors.find((candidate) => candidate.id === giftId) ?? null;
  return <PrintableCard registry={registry} contributor={contributor} />;
}

function PrintableCard({ registry, contributor }: { registry: ManagerRegistryView; contributor: ContributorView | null }) {
  const note = contributor?.thankYouNote ?? null;
  const giver = contributor?.giftGiverName ?? '';
  const html = useMemo(
    () =>
      note
        ? renderThankYouCard(
            {
              ...note,
              childName: registry.childName,
              celebrationType: registry.celebrationType,
              giverName: giver,
              givenByHand: contributor?.givenBy !== 'online',
            },
            window.location.origin,
          ).html
        : '',
    [note, registry.childName, registry.celebrationType, giver, contributor?.givenBy],
  );

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2.5, md: 3 } }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box className={SCREEN_ONLY} sx={{ display: 'grid', gap: 2 }}>
        <Button href={paths.thankYouCards(registry.id)} startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', px: 1 }}>
          Back to Thank You Cards
        </Button>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' }, overflowWrap: 'anywhere' }}>
          {contributor ? `Print the card for ${giver}` : 'Card not found'}
        </Typography>
      </Box>
      {!contributor || !note ? (
        <Alert severity="info" className={SCREEN_ONLY}>
          {contributor
            ? `Write and save ${giver}’s card on the thank-you cards page first, then print it here.`
            : 'This giver is not among the registry’s contributors.'}
        </Alert>
      ) : (
        <>
          <PrintActions registryId={registry.id} giver={giver} note={note} />
          <Box className="printed-card">
            <EmailPreview html={html} title={`Thank-you card for ${giver}`} />
          </Box>
        </>
      )}
    </Container>
  );
}

function PrintActions({ registryId, giver, note }: { registryId: string; giver: string; note: ThankYouNoteView }) {
  const { toast } = useToast();
  const { markGiven } = useThankYouActions(registryId);
  const onUnauthorized = useUnauthorizedRedirect();
  const [busy, setBusy] = useState(false);
  const given = note.status === 'sent';
  const givenOn = note.sentAt ? format(new Date(note.sentAt), REGISTRY_DATE_FORMAT) : null;

  const onMarkGiven = async () => {
    setBusy(true);
    try {
      await markGiven(note.id);
      toast({ title: 'Card marked as given', description: `Your card for ${giver} now counts as sent.` });
    } catch (error) {
      if (onUnauthorized(error)) return;
      toast({ title: 'Error', description: serverMessage(error, 'Failed to mark the card as given'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box className={SCREEN_ONLY} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">
        Print the card (or save it as a PDF from the print dialog), give it to {giver}, then mark it as given so your thank-you progress
        counts it.
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button variant="contained" size="large" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print Card
        </Button>
        {given ? (
          <Typography role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'success.dark' }}>
            <CheckCircleIcon aria-hidden="true" />
            {givenOn ? `Given or sent on ${givenOn}` : 'Given'}
          </Typography>
        ) : (
          <Button variant="outlined" size="large" startIcon={<CheckCircleIcon />} onClick={() => void onMarkGiven()} disabled={busy}>
            {busy ? 'Saving…' : 'Mark as Given'}
          </Button>
        )}
      </Box>
    </Box>
  );
}
