import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { PageSpinner } from '@/components/page-spinner';
import type { RegistrySearch } from '@/features/home/api/use-registry-search';
import { RegistryGrid } from './registry-grid';

interface SearchResultsProps {
  search: RegistrySearch;
  headingLevel?: 'h2' | 'h3';
}

/**
 * Brings a search's answer into sight once it arrives, when it landed below the fold (on a phone
 * the results start under the hero and the search box), so typing visibly does something.
 */
function useRevealAnswer(answered: string | null) {
  const ref = useRef<HTMLElement>(null);
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    const section = ref.current;
    if (answered === null || revealed.current === answered || !section) return;
    revealed.current = answered;
    const { top, bottom } = section.getBoundingClientRect();
    const headingInSight = top >= 0 && Math.min(bottom, top + 96) <= window.innerHeight;
    if (!headingInSight) section.scrollIntoView({ block: 'start' });
  }, [answered]);
  return ref;
}

/** What a search found: '{n} result(s) found' and the cards (without money), or the empty state. */
export function RegistrySearchResults({ search, headingLevel = 'h2' }: SearchResultsProps) {
  const headingId = useId();
  const cardLevel = headingLevel === 'h2' ? 'h3' : 'h2';
  const { results, error, hint, limited, isLoading, activeQuery } = search;
  const answered = activeQuery !== null && !isLoading && results !== undefined ? activeQuery : null;
  const sectionRef = useRevealAnswer(answered);

  // A query the server finds too vague gets its hint, and nothing else: no heading, count or query.
  if (hint) {
    return (
      <Alert severity="info" role="status">
        {hint}.
      </Alert>
    );
  }

  let body;
  if (limited) {
    body = (
      <Alert severity="warning" role="alert">
        {limited} Guests usually find a registry fastest through the link or QR code the family shared.
      </Alert>
    );
  } else if (isLoading || (!results && !error)) {
    body = <PageSpinner label="Searching registries…" />;
  } else if (error || !results) {
    body = <Alert severity="error">We couldn't search the registries just now. Please try again in a moment.</Alert>;
  } else if (results.length === 0) {
    body = (
      <Box sx={{ textAlign: 'center', py: { xs: 4, md: 6 } }}>
        <SearchOffIcon aria-hidden="true" sx={{ fontSize: 48, color: 'text.secondary' }} />
        <Typography component="p" variant="h3" sx={{ mt: 1 }}>
          No registries found for this search
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Try a different name or check the spelling.
        </Typography>
        <Button variant="outlined" onClick={search.clear} sx={{ mt: 3 }}>
          Clear Search
        </Button>
      </Box>
    );
  } else {
    body = <RegistryGrid registries={results} label="Registries found" hideFinancials headingLevel={cardLevel} />;
  }

  return (
    <Box component="section" ref={sectionRef} aria-labelledby={headingId} sx={{ scrollMarginTop: 88 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 3 }}>
        <Typography id={headingId} component={headingLevel} variant="h2">
          Search Results
        </Typography>
        <Typography role="status" color="text.secondary">
          {results && !isLoading ? `${results.length} result(s) found` : ''}
        </Typography>
      </Box>
      {activeQuery && (
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Showing registries matching “{activeQuery}”.
        </Typography>
      )}
      {body}
    </Box>
  );
}
