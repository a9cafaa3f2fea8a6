import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { GuestListView } from '@api/guests';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { isApiError } from '@/lib/api-fetch';
import { downloadTextFile } from '@/lib/download-file';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import type { ManagerRegistryView } from '@api/registries';
import { isManagerView, useRegistry } from '@/lib/use-registry';
import { celebrationTitle } from '@core/model/celebration-title';
import type { ContributorView } from '@api/thank-you';
import { useContributors } from '@/features/thank-you/api/use-contributors';
import { CardEditor } from '@/features/thank-you/components/card-editor';
import { CardForAllComposer } from '@/features/thank-you/components/card-for-all-composer';
import { useToast } from '@/components/toast';
import { hasGiftsToThank, namesList } from '@/features/thank-you/lib/card-for-all';
import { CardsProgress } from '@/features/thank-you/components/cards-progress';
import { ContributorList } from '@/features/thank-you/components/contributor-list';
import { initialCardValues, type CardValues } from '@/features/thank-you/lib/card-values';
import { cardsProgress } from '@/features/thank-you/lib/contributors';
import { contributorsCsv, contributorsCsvFileName } from '@/features/thank-you/lib/contributors-csv';

export const PAGE_TITLE = 'Personalized Thank You Cards';

/**
 * /thank-you-cards/:id (docs/product.md#thank-you-cards-page): the registry's owner or a co-owner writes and sends a
 * card to each contributor. Anyone else sees nothing here.
 */
export default function ThankYouCardsPage() {
  const { id } = useParams<{ id: string }>();
  const { registry, isLoading, viewerId } = useRegistry(id);
  const owned = registry && isManagerView(registry, viewerId) ? registry : null;
  usePageTitle(owned ? PAGE_TITLE : undefined);

  if (isLoading) return <PageSpinner label="Loading thank-you cards…" />;
  if (!owned) return null;
  return <ThankYouCards registry={owned} />;
}

/**
 * ?givers=guests (the guest list's "Send thank-you cards to givers"): the gifts of guests on the
 * list still owed a card, as the guest list answers them; null to show every contributor.
 */
function useGuestGiftsToThank(registryId: string): { giftIds: Set<string> | null; showEveryone: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromGuests = searchParams.get('givers') === 'guests';
  const { data } = useSWR<GuestListView>(fromGuests ? `/api/registries/${encodeURIComponent(registryId)}/guests` : null);
  return { giftIds: fromGuests && data ? new Set(data.giftsToThank) : null, showEveryone: () => setSearchParams({}, { replace: true }) };
}

function ThankYouCards({ registry }: { registry: ManagerRegistryView }) {
  const { contributors, error, mutate } = useContributors(registry.id);
  const guestGifts = useGuestGiftsToThank(registry.id);
  const shown =
    contributors && guestGifts.giftIds ? contributors.filter((contributor) => guestGifts.giftIds!.has(contributor.id)) : contributors;
  const onUnauthorized = useUnauthorizedRedirect();
  const [composingForAll, setComposingForAll] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sendAllRef = useRef<HTMLButtonElement>(null);

  /**
   * The card for everyone closes: the focus goes back to the button that opened it, or, once the
   * cards are sent, to the top of the page, where the progress shows every card sent.
   */
  const onComposingForAllChange = useCallback((composing: boolean, after?: 'cancelled' | 'sent') => {
    setComposingForAll(composing);
    if (!after) return;
    requestAnimationFrame(() => {
      const button = sendAllRef.current;
      if (after === 'cancelled' && button && !button.disabled) button.focus();
      else titleRef.current?.focus();
    });
  }, []);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  // Not signed in any more (the Unauthorized flow runs), or not this user's registry.
  if (isApiError(error) && [401, 403, 404].includes(error.status)) return null;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 }, display: 'grid', gap: { xs: 3, md: 4 } }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Button href={paths.registry(registry.id)} startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', px: 1 }}>
          Back to Registry
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              ref={titleRef}
              tabIndex={-1}
              variant="h1"
              sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' }, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: 'none' } }}
            >
              {PAGE_TITLE}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {celebrationTitle(registry)}: write a personal card, with photos, to everyone who gave a gift.
            </Typography>
          </Box>
          {contributors && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <Button
                ref={sendAllRef}
                variant="contained"
                startIcon={<ForwardToInboxIcon />}
                onClick={() => setComposingForAll(true)}
                disabled={!hasGiftsToThank(contributors)}
              >
                Send to All Without a Card
              </Button>
              <ExportCsvButton contributors={contributors} childName={registry.childName} />
            </Box>
          )}
        </Box>
        {contributors && <CardsProgress progress={cardsProgress(contributors)} />}
        {shown && guestGifts.giftIds && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={guestGifts.showEveryone}>
                Show everyone
              </Button>
            }
          >
            {shown.length === 0
              ? 'Every guest on your list who gave has been thanked.'
              : `Showing the ${shown.length === 1 ? 'gift' : `${shown.length} gifts`} of guests on your list still owed a card: choose each giver to write and send their card.`}
          </Alert>
        )}
      </Box>

      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mutate()}>
              Try again
            </Button>
          }
        >
          We couldn't load the contributors.
        </Alert>
      ) : !contributors || !shown ? (
        <PageSpinner label="Loading contributors…" />
      ) : (
        <CardsWorkspace
          registry={registry}
          contributors={contributors}
          listed={shown}
          composingForAll={composingForAll}
          onComposingForAllChange={onComposingForAllChange}
        />
      )}
    </Container>
  );
}

function ExportCsvButton({ contributors, childName }: { contributors: readonly ContributorView[]; childName: string }) {
  const exportCsv = () => {
    downloadTextFile(contributorsCsvFileName(childName), contributorsCsv(contributors), 'text/csv;charset=utf-8', { byteOrderMark: true });
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCsv} disabled={contributors.length === 0}>
      Export CSV
    </Button>
  );
}

interface CardsWorkspaceProps {
  registry: ManagerRegistryView;
  contributors: ContributorView[];
  /** The contributors the list on the left shows: all of them, or the guest list's givers still owed a card. */
  listed: ContributorView[];
  /** The right column holds the card for everyone instead of one contributor's card. */
  composingForAll: boolean;
  onComposingForAllChange: (composing: boolean, after?: 'cancelled' | 'sent') => void;
}

function CardsWorkspace({ registry, contributors, listed, composingForAll, onComposingForAllChange }: CardsWorkspaceProps) {
  const { toast } = useToast();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Unsaved edits per contributor, kept while the page is open.
  const edits = useRef(new Map<string, CardValues>());
  const selected = composingForAll ? null : (contributors.find((contributor) => contributor.id === selectedId) ?? null);

  const rememberEdits = useCallback((giftId: string, values: CardValues) => {
    edits.current.set(giftId, values);
  }, []);

  // On a narrow screen the editor sits below the list, a screen or more down: choosing someone
  // brings their card up, as it appears beside the list on a wide one.
  const theme = useTheme();
  const stacked = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const editorRef = useRef<HTMLDivElement>(null);
  const revealEditor = useRef(false);
  const selectedKey = selected?.id ?? null;
  useEffect(() => {
    if (!revealEditor.current || selectedKey === null) return;
    revealEditor.current = false;
    if (stacked) editorRef.current?.scrollIntoView({ block: 'start' });
  }, [selectedKey, stacked]);

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 340px) minmax(0, 1fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <ContributorList
        contributors={listed}
        currency={registry.currency}
        selectedId={selected?.id ?? null}
        onSelect={(contributor) => {
          onComposingForAllChange(false);
          revealEditor.current = true;
          setSelectedId(contributor.id);
        }}
      />
      {composingForAll ? (
        <CardForAllComposer
          registryId={registry.id}
          childName={registry.childName}
          celebrationType={registry.celebrationType}
          contributors={contributors}
          onClose={() => onComposingForAllChange(false, 'cancelled')}
          onSent={(result) => {
            onComposingForAllChange(false, 'sent');
            const skipped =
              result.withoutEmail.length > 0
                ? ` No card for ${namesList(result.withoutEmail.map((giver) => giver.giverName))}: no e-mail.`
                : '';
            toast({ title: 'Thank You Cards Sent!', description: `${result.message}.${skipped}` });
          }}
        />
      ) : selected ? (
        <Box ref={editorRef} sx={{ minWidth: 0, scrollMarginTop: 88 }}>
          <CardEditor
            key={selected.id}
            registryId={registry.id}
            childName={registry.childName}
            celebrationType={registry.celebrationType}
            currency={registry.currency}
            contributor={selected}
            initialValues={edits.current.get(selected.id) ?? initialCardValues(selected, registry.childName, registry.celebrationType)}
            onValuesChange={rememberEdits}
          />
        </Box>
      ) : (
        <SelectPrompt hasContributors={contributors.length > 0} />
      )}
    </Box>
  );
}

function SelectPrompt({ hasContributors }: { hasContributors: boolean }) {
  return (
    <Card component="section" aria-labelledby="select-contributor-heading">
      <CardContent sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', display: 'grid', justifyItems: 'center', gap: 1.5 }}>
        <MailOutlinedIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.main' }} />
        <Typography id="select-contributor-heading" variant="h2" sx={{ fontSize: '1.4rem' }}>
          Select a Contributor
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {hasContributors
            ? 'Choose someone from the list to write, preview and send their thank-you card.'
            : 'When guests give gifts, they appear in the list and you can thank each of them here.'}
        </Typography>
      </CardContent>
    </Card>
  );
}
