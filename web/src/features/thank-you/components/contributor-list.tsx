import { useEffect, useId, useRef } from 'react';
import { visuallyHidden } from '@/lib/visually-hidden';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { givenByLabel } from '@/lib/given-by';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemButton from '@mui/material/ListItemButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { formatMoney, type Currency } from '@core/money';
import { fromWireAmount } from '@api/amount';
import type { ContributorView } from '@api/thank-you';
import { cardStatus, type CardStatusLabel } from '@/features/thank-you/lib/contributors';

/** docs/product.md#constants-and-limits: the contributor list is 600 px high and scrolls. */
const CONTRIBUTOR_LIST_HEIGHT_PX = 600;

const STATUS_CHIPS: Record<CardStatusLabel, object> = {
  Sent: { bgcolor: 'success.main', color: 'success.contrastText' },
  Draft: { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
  'No Card': { bgcolor: 'grey.200', color: 'text.primary' },
  'Not Delivered': { bgcolor: 'error.main', color: 'error.contrastText' },
};

export function CardStatusChip({ status }: { status: CardStatusLabel }) {
  return <Chip size="small" label={status} sx={{ fontWeight: 600, ...STATUS_CHIPS[status] }} />;
}

/** A gift given by hand, and how: its card is printed (or e-mailed, when the family has an address). */
export function GivenByHandChip({ givenBy, spaced = false }: { givenBy: ContributorView['givenBy']; spaced?: boolean }) {
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color="primary"
      label={`Given by hand · ${givenByLabel(givenBy)}`}
      sx={{ mt: spaced ? 0.5 : 0, fontWeight: 600 }}
    />
  );
}

interface ContributorListProps {
  /** The rows loaded for the search, newest first. */
  rows: readonly ContributorView[];
  /** Every contributor of the registry, whatever the search. */
  total: number;
  /** The contributors matching the search (all of them without one). */
  matching: number;
  query: string;
  onQueryChange: (query: string) => void;
  /** The search typed is still being looked up: no "not found" yet. */
  searching: boolean;
  /** More rows match than are loaded: the button that loads the next ones. */
  more: { loading: boolean; onShowMore: () => void } | null;
  currency: Currency;
  selectedId: string | null;
  onSelect: (contributor: ContributorView) => void;
}

/**
 * The left column (docs/product.md#thank-you-cards-page): the contributors with the amount and the card's badge,
 * searchable by name or e-mail, a page at a time. Each row is a button that opens the contributor's card; "Show
 * more" at the end of the list loads the next rows and takes the focus to the first of them.
 */
export function ContributorList(props: ContributorListProps) {
  const { rows, total, matching, query, onQueryChange, searching, more, currency, selectedId, onSelect } = props;
  const headingId = useId();
  const searchId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // The row the focus goes to once "Show more" has brought it.
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || rows.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>(':scope > li > button')[index]?.focus();
  }, [rows.length]);

  let empty: string | null = null;
  if (total === 0) empty = 'No gift contributors yet';
  else if (!searching && rows.length === 0) empty = 'No contributors found';

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ p: 2, pb: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem', mb: 1.5 }}>
          Contributors
        </Typography>
        <TextField
          id={searchId}
          type="search"
          size="small"
          label="Search contributors"
          placeholder="Name or email"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          autoComplete="off"
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>

      <Box
        sx={{ position: 'relative', height: { md: CONTRIBUTOR_LIST_HEIGHT_PX }, maxHeight: CONTRIBUTOR_LIST_HEIGHT_PX, overflowY: 'auto' }}
      >
        <Box role="status" sx={empty ? { p: 3, textAlign: 'center' } : visuallyHidden}>
          {empty ? (
            <Typography color="text.secondary" sx={{ fontWeight: 600 }}>
              {empty}
            </Typography>
          ) : query.trim() !== '' && !searching ? (
            `${matching} of ${total} contributors found`
          ) : null}
        </Box>
        {rows.length > 0 && (
          <Box ref={listRef} component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 0.5 }}>
            {rows.map((contributor) => (
              <ContributorRow
                key={contributor.id}
                contributor={contributor}
                currency={currency}
                selected={contributor.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </Box>
        )}
        {more && rows.length > 0 && (
          <Box sx={{ px: 1, pb: 1 }}>
            <Button
              fullWidth
              variant="outlined"
              disabled={more.loading}
              onClick={() => {
                firstNew.current = rows.length;
                more.onShowMore();
              }}
            >
              {more.loading ? 'Loading more…' : `Show more (${rows.length} of ${matching} shown)`}
            </Button>
          </Box>
        )}
      </Box>
    </Card>
  );
}

interface ContributorRowProps {
  contributor: ContributorView;
  currency: Currency;
  selected: boolean;
  onSelect: (contributor: ContributorView) => void;
}

function ContributorRow({ contributor, currency, selected, onSelect }: ContributorRowProps) {
  return (
    <Box component="li">
      <ListItemButton
        component="button"
        type="button"
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(contributor)}
        sx={{
          width: '100%',
          textAlign: 'left',
          font: 'inherit',
          border: 1,
          borderColor: selected ? 'primary.main' : 'divider',
          borderRadius: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          py: 1.25,
        }}
      >
        <Box component="span" sx={{ flex: 1, minWidth: 0, display: 'block' }}>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {contributor.giftGiverName}
          </Typography>
          {contributor.giftGiverEmail && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {contributor.giftGiverEmail}
            </Typography>
          )}
          {contributor.givenBy !== 'online' && <GivenByHandChip givenBy={contributor.givenBy} spaced />}
        </Box>
        <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
          <Typography component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(fromWireAmount(contributor.amount), currency)}
          </Typography>
          <CardStatusChip status={cardStatus(contributor)} />
        </Box>
      </ListItemButton>
    </Box>
  );
}
