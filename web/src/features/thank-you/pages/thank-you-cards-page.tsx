import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
import {
  ContributorPagesContext,
  fetchAllContributors,
  useContributorPages,
  useContributors,
} from '@/features/thank-you/api/use-contributors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { CardEditor } from '@/features/thank-you/components/card-editor';
import { CardForAllComposer } from '@/features/thank-you/components/card-for-all-composer';
import { useToast } from '@/components/toast';
import { namesList } from '@/features/thank-you/lib/card-for-all';
import { CardsProgress } from '@/features/thank-you/components/cards-progress';
import { ContributorList } from '@/features/thank-you/components/contributor-list';
import { initialCardValues, type CardValues } from '@/features/thank-you/lib/card-values';
import { filterContributors, progressOfCounts } from '@/features/thank-you/lib/contributors';
import { contributorsCsv, contributorsCsvFileName } from '@/features/thank-you/lib/contributors-csv';

export const PAGE_TITLE = 'Personalized Thank You Cards';

/** docs/product.md#constants-and-limits: the search waits 300 ms after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

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
function useGuestGiftsToThank(registryId: string): { fromGuests: boolean; giftIds: Set<string> | null; showEveryone: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromGuests = searchParams.get('givers') === 'guests';
  const { data } = useSWR<GuestListView>(fromGuests ? `/api/registries/${encodeURIComponent(registryId)}/guests` : null);
  return {
    fromGuests,
    giftIds: fromGuests && data ? new Set(data.giftsToThank) : null,
    showEveryone: () => setSearchParams({}, { replace: true }),
  };
}

function ThankYouCards({ registry }: { registry: ManagerRegistryView }) {
  const guestGifts = useGuestGiftsToThank(registry.id);
  const [query, setQuery] = useState('');
  const typed = query.trim();
  const searched = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // The list and the progress read a page at a time; the guest list's givers and the card for
  // everyone want every contributor, and ask for them all only then.
  const pages = useContributorPages(registry.id, guestGifts.fromGuests ? '' : searched);
  const [composingForAll, setComposingForAll] = useState(false);
  const everyone = useContributors(guestGifts.fromGuests || composingForAll ? registry.id : null);
  const error = pages.error ?? everyone.error;
  const progress = pages.first?.progress;
  const guestRows =
    everyone.contributors && guestGifts.giftIds
      ? everyone.contributors.filter((contributor) => guestGifts.giftIds!.has(contributor.id))
      : guestGifts.fromGuests
        ? everyone.contributors
        : undefined;
  const cache = useMemo(() => ({ putNote: pages.putNote, refresh: pages.refresh }), [pages.putNote, pages.refresh]);
  const onUnauthorized = useUnauthorizedRedirect();
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

  const list: ListState | null = guestGifts.fromGuests
    ? guestRows
      ? {
          rows: filterContributors(guestRows, query),
          total: guestRows.length,
          matching: filterContributors(guestRows, query).length,
          searching: false,
          more: null,
        }
      : null
    : pages.first && pages.rows
      ? {
          rows: pages.rows,
          total: pages.first.progress.contributors,
          matching: pages.first.matching,
          searching: typed !== searched || pages.first.q !== searched,
          more: pages.hasMore ? { loading: pages.loadingMore, onShowMore: pages.showMore } : null,
        }
      : null;

  return (
    <ContributorPagesContext.Provider value={cache}>
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
            {progress && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
                <Button
                  ref={sendAllRef}
                  variant="contained"
                  startIcon={<ForwardToInboxIcon />}
                  onClick={() => setComposingForAll(true)}
                  // Any gift without a sent card: with an e-mail to send one to, or to be told why not.
                  disabled={progress.draft + progress.noCard === 0}
                >
                  Send to All Without a Card
                </Button>
                <ExportCsvButton registryId={registry.id} hasContributors={progress.contributors > 0} childName={registry.childName} />
              </Box>
            )}
          </Box>
          {progress && <CardsProgress progress={progressOfCounts(progress)} />}
          {guestRows && guestGifts.giftIds && (
            <Alert
              severity="info"
              action={
                <Button color="inherit" size="small" onClick={guestGifts.showEveryone}>
                  Show everyone
                </Button>
              }
            >
              {guestRows.length === 0
                ? 'Every guest on your list who gave has been thanked.'
                : `Showing the ${guestRows.length === 1 ? 'gift' : `${guestRows.length} gifts`} of guests on your list still owed a card: choose each giver to write and send their card.`}
            </Alert>
          )}
        </Box>

        {error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void Promise.all([pages.refresh(), everyone.mutate()])}>
                Try again
              </Button>
            }
          >
            We couldn't load the contributors.
          </Alert>
        ) : !list || !progress ? (
          <PageSpinner label="Loading contributors…" />
        ) : (
          <CardsWorkspace
            registry={registry}
            list={list}
            query={query}
            onQueryChange={setQuery}
            everyone={everyone.contributors}
            hasContributors={progress.contributors > 0}
            composingForAll={composingForAll}
            onComposingForAllChange={onComposingForAllChange}
          />
        )}
      </Container>
    </ContributorPagesContext.Provider>
  );
}

/** What the list on the left shows: a page or more of the search, or the guest list's givers. */
interface ListState {
  rows: ContributorView[];
  total: number;
  matching: number;
  searching: boolean;
  more: { loading: boolean; onShowMore: () => void } | null;
}

/** Every contributor, asked for when the family exports them. */
function ExportCsvButton({ registryId, hasContributors, childName }: { registryId: string; hasContributors: boolean; childName: string }) {
  const { toast } = useToast();
  const onUnauthorized = useUnauthorizedRedirect();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      const contributors = await fetchAllContributors(registryId);
      downloadTextFile(contributorsCsvFileName(childName), contributorsCsv(contributors), 'text/csv;charset=utf-8', {
        byteOrderMark: true,
      });
    } catch (error) {
      if (!onUnauthorized(error)) toast({ title: 'Error', description: "We couldn't export the contributors.", variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void exportCsv()} disabled={!hasContributors || busy}>
      Export CSV
    </Button>
  );
}

interface CardsWorkspaceProps {
  registry: ManagerRegistryView;
  list: ListState;
  query: string;
  onQueryChange: (query: string) => void;
  /** Every contributor, once asked for (the card for everyone, the guest list's givers). */
  everyone: ContributorView[] | undefined;
  hasContributors: boolean;
  /** The right column holds the card for everyone instead of one contributor's card. */
  composingForAll: boolean;
  onComposingForAllChange: (composing: boolean, after?: 'cancelled' | 'sent') => void;
}

function CardsWorkspace(props: CardsWorkspaceProps) {
  const { registry, list, query, onQueryChange, everyone, hasContributors, composingForAll, onComposingForAllChange } = props;
  const { toast } = useToast();
  // The contributor chosen, as last seen: a new search may take their row out of the list while their card stays open.
  const [chosen, setChosen] = useState<ContributorView | null>(null);
  const fresh = chosen && (list.rows.find((row) => row.id === chosen.id) ?? everyone?.find((row) => row.id === chosen.id));
  const selected = composingForAll ? null : (fresh ?? chosen);
  // Unsaved edits per contributor, kept while the page is open.
  const edits = useRef(new Map<string, CardValues>());

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
        {...list}
        query={query}
        onQueryChange={onQueryChange}
        currency={registry.currency}
        selectedId={selected?.id ?? null}
        onSelect={(contributor) => {
          onComposingForAllChange(false);
          revealEditor.current = true;
          setChosen(contributor);
        }}
      />
      {composingForAll && !everyone ? (
        <PageSpinner label="Loading contributors…" />
      ) : composingForAll && everyone ? (
        <CardForAllComposer
          registryId={registry.id}
          childName={registry.childName}
          celebrationType={registry.celebrationType}
          contributors={everyone}
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
        <SelectPrompt hasContributors={hasContributors} />
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
