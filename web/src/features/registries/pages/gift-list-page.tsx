import { useEffect, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchIcon from '@mui/icons-material/Search';
import AddIcon from '@mui/icons-material/Add';
import { formatMoney } from '@core/money';
import { fromWireAmount } from '@api/amount';
import { GIFT_LIST_PAGE_SIZE, GIFT_LIST_SEARCH_MAX_LENGTH } from '@core/model/gift-list-query';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { RegistryNotFound } from '@/components/registry-not-found';
import { celebrationTitle } from '@core/model/celebration-title';
import { isApiError } from '@/lib/api-fetch';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import type { GiftListItemView, GiftListView } from '@api/gifts';
import { RefundGiftDialog } from '@/components/refund-gift-dialog';
import { useRegistryCache } from '@/lib/registry-cache';
import { registryKey } from '@/lib/use-registry';
import { useGiftList } from '@/features/registries/api/gift-list';
import { DeleteOfflineGiftDialog } from '@/features/registries/components/delete-offline-gift-dialog';
import { GiftListItem } from '@/features/registries/components/gift-list-item';
import { OfflineGiftDialog, type OfflineGiftToEdit } from '@/features/registries/components/offline-gift-dialog';
import { OwnerTotals } from '@/features/registries/components/owner-totals';
import { RefundsNotice } from '@/features/registries/components/refunds-notice';
import { GIFT_LIST_ORDERS, giftListOrder } from '@/features/registries/lib/gift-list-order';

export const GIFT_LIST_TITLE = 'All Gifts';

/** As the registry search (docs/product.md#constants-and-limits): the list is asked for once the typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

function pageOf(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function summary(list: GiftListView): string {
  if (list.giftCount === 0) return 'No gifts yet.';
  const noun = (count: number) => (count === 1 ? 'gift' : 'gifts');
  if (list.q !== '') {
    return list.matching === 0
      ? `No gifts match “${list.q}”.`
      : `${list.matching} of ${list.giftCount} ${noun(list.giftCount)} match “${list.q}”.`;
  }
  if (list.pageCount === 1) return `${list.giftCount} ${noun(list.giftCount)}.`;
  const first = (list.page - 1) * GIFT_LIST_PAGE_SIZE + 1;
  const last = Math.min(list.page * GIFT_LIST_PAGE_SIZE, list.matching);
  return `Showing ${first}–${last} of ${list.giftCount} gifts.`;
}

/** A gift given by hand as the edit dialog starts from it. */
function toEdit(gift: GiftListItemView): OfflineGiftToEdit | null {
  if (!gift.byHand) return null;
  return {
    id: gift.id,
    values: {
      giftGiverName: gift.giftGiverName,
      giftGiverEmail: gift.giftGiverEmail ?? '',
      amount: String(gift.amount),
      method: gift.byHand.method,
      receivedOn: gift.byHand.receivedOn,
      note: gift.byHand.note ?? '',
    },
  };
}

/**
 * /registry/:id/gifts (the owner only; the server refuses anyone else): every gift the registry
 * received, with each giver's e-mail, charity, message and thank-you status, searchable and
 * sortable. The search, order and page live in the address, so Back and a reload keep them.
 */
export default function GiftListPage() {
  const { id } = useParams<{ id: string }>();
  const [searchParams, setSearchParams] = useSearchParams();
  const order = giftListOrder(searchParams.get('sort'), searchParams.get('order'));
  const q = searchParams.get('q') ?? '';
  const page = pageOf(searchParams.get('page'));
  const [typed, setTyped] = useState(q);
  const { list, error, isLoading, reload } = useGiftList(id, { q, sort: order.sort, order: order.order, page });
  const [refunding, setRefunding] = useState<GiftListItemView | null>(null);
  const { dropLists, mutate, viewerId } = useRegistryCache();
  const [recording, setRecording] = useState(false);
  const [editing, setEditing] = useState<OfflineGiftToEdit | null>(null);
  const [removing, setRemoving] = useState<GiftListItemView | null>(null);
  const onUnauthorized = useUnauthorizedRedirect();
  const headingId = useId();
  const searchHelpId = useId();

  const refused = isApiError(error) ? error.status : null;
  usePageTitle(refused === 404 ? 'Registry Not Found' : GIFT_LIST_TITLE);

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const update = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => update({ q: typed.trim(), page: null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // update only writes the address; the typed text and the query in it decide when to search.
  }, [typed, q]);

  if (refused === 404) return <RegistryNotFound />;
  if (refused === 401) return null; // The Unauthorized flow takes the visitor to sign in.
  if (refused === 403) {
    return (
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography variant="h1">{GIFT_LIST_TITLE}</Typography>
        <Alert severity="warning" sx={{ mt: 3 }}>
          Only the family who created this registry can see who gave and what they wrote.
        </Alert>
        <Button href={id ? paths.registry(id) : paths.home} startIcon={<ArrowBackIcon />} sx={{ mt: 3 }}>
          Back to Registry
        </Button>
      </Container>
    );
  }
  if (!list && !error) return <PageSpinner label="Loading the gifts…" />;
  if (!list) {
    return (
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error">The gifts could not be loaded. Please check your connection and try again.</Alert>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 }, display: 'grid', gap: { xs: 2.5, md: 3 } }}>
      <Button href={paths.registry(list.registryId)} startIcon={<ArrowBackIcon />} sx={{ justifySelf: 'start', px: 1 }}>
        Back to Registry
      </Button>
      <Box>
        <Typography id={headingId} variant="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.25rem' } }}>
          {GIFT_LIST_TITLE}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          Every gift to {celebrationTitle(list)}, online and given by hand, with each giver’s message and whether you have thanked them.
        </Typography>
      </Box>

      <OwnerTotals totals={list.totals} currency={list.currency} />
      {list.totals.onlineCount > 0 && <RefundsNotice refunds={list.refunds} />}
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRecording(true)} sx={{ justifySelf: 'start' }}>
        Record a gift given by hand
      </Button>

      <Box component="search" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' }, alignItems: 'start' }}>
        <TextField
          id="gift-search"
          type="search"
          label="Search gifts"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          helperText="By giver’s name, e-mail or message"
          slotProps={{
            htmlInput: { maxLength: GIFT_LIST_SEARCH_MAX_LENGTH, 'aria-describedby': searchHelpId },
            formHelperText: { id: searchHelpId },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon aria-hidden="true" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          id="gift-order"
          select
          label="Sort by"
          value={order.value}
          onChange={(event) => {
            const chosen = GIFT_LIST_ORDERS.find((choice) => choice.value === event.target.value);
            if (chosen) update({ sort: chosen.sort, order: chosen.order, page: null });
          }}
        >
          {GIFT_LIST_ORDERS.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Typography role="status" aria-live="polite" color="text.secondary">
        {isLoading ? 'Loading…' : summary(list)}
      </Typography>

      {list.gifts.length > 0 && (
        <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {list.gifts.map((gift) => (
            <GiftListItem
              key={gift.id}
              gift={gift}
              onRefund={setRefunding}
              onEdit={(chosen) => setEditing(toEdit(chosen))}
              onDelete={setRemoving}
            />
          ))}
        </Box>
      )}
      {list.giftCount === 0 && <Typography>Share the registry link with family and friends to start receiving gifts.</Typography>}

      {list.pageCount > 1 && (
        <Pagination
          count={list.pageCount}
          page={Math.min(list.page, list.pageCount)}
          onChange={(_event, next) => {
            update({ page: next === 1 ? null : String(next) });
            window.scrollTo({ top: 0 });
          }}
          getItemAriaLabel={(type, number, selected) =>
            type === 'page'
              ? `${selected ? 'Page' : 'Go to page'} ${number}`
              : type === 'next'
                ? 'Next page'
                : type === 'previous'
                  ? 'Previous page'
                  : `Go to ${type} page`
          }
          sx={{ justifySelf: 'center', '& ul': { flexWrap: 'wrap', justifyContent: 'center' } }}
          siblingCount={0}
        />
      )}
      <RefundGiftDialog
        gift={refunding}
        currency={list.currency}
        onClose={() => setRefunding(null)}
        onRefunded={() => {
          setRefunding(null);
          // The list, the registry's totals and the dashboard's all changed.
          void reload();
          void mutate(registryKey(list.registryId, viewerId));
          void dropLists();
        }}
      />

      <OfflineGiftDialog registryId={list.registryId} currency={list.currency} open={recording} onClose={() => setRecording(false)} />
      <OfflineGiftDialog
        registryId={list.registryId}
        currency={list.currency}
        open={editing !== null}
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <DeleteOfflineGiftDialog
        registryId={list.registryId}
        gift={
          removing && {
            id: removing.id,
            giftGiverName: removing.giftGiverName,
            amountText: formatMoney(fromWireAmount(removing.amount), list.currency),
          }
        }
        onClose={() => setRemoving(null)}
      />
    </Container>
  );
}
