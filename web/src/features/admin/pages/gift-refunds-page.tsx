import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { formatMoney } from '@core/money';
import { celebrationTitle } from '@core/model/celebration-title';
import { fromWireAmount } from '@api/amount';
import { paths } from '@core/page-paths';
import { RefundGiftDialog } from '@/components/refund-gift-dialog';
import { isApiError } from '@/lib/api-fetch';
import { serverMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { useGiftLookup, type AdminGift, type AdminGiftLookup } from '@/features/admin/api/admin-gifts';
import { AdminPage, AdminSection, EmptyState, Field, formatAdminDate, Loading } from '@/features/admin/components/admin-ui';

export const PAGE_TITLE = 'Gift Refunds';

const REGISTRY_STATUS_LABELS: Record<AdminGiftLookup['registry']['status'], string> = {
  open: 'Open',
  closed: 'Closed',
  payout_sent: 'Payout sent',
};

const PAYMENT_LABELS: Record<AdminGift['paymentStatus'], string> = {
  succeeded: 'Paid',
  refunding: 'Refund under way',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/**
 * /admin/gift-refunds (admins): find a registry by the link, id or short code a family or a giver
 * sent to support, and refund one of its gifts: while the registry is open, or after closing while
 * the family's and the charity's payouts wait; once one was claimed or sent, at the platform's cost.
 * The registry asked for lives in the address, so a reload shows it again.
 */
export default function GiftRefundsPage() {
  usePageTitle(PAGE_TITLE);
  const onUnauthorized = useUnauthorizedRedirect();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('registry') ?? '';
  const [typed, setTyped] = useState(asked);
  const { lookup, error, isLoading, reload } = useGiftLookup(asked);
  const [refunding, setRefunding] = useState<{ gift: AdminGift; atPlatformCost: boolean } | null>(null);
  const resultsId = useId();

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearchParams(typed.trim() === '' ? {} : { registry: typed.trim() }, { replace: true });
  };

  const refused = isApiError(error) ? error.status : null;

  return (
    <AdminPage
      title={PAGE_TITLE}
      intro="Refund a gift to its giver, fees included: while its registry is open, or after closing until the family’s or the charity’s payout is claimed; after that, at the platform’s cost. Paste the registry’s link, id or short code to find its gifts."
    >
      <Box component="search">
        <Box
          component="form"
          onSubmit={find}
          noValidate
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr auto' }, alignItems: 'start' }}
        >
          <TextField
            id="registry-lookup"
            label="Registry link, id or short code"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon aria-hidden="true" />} sx={{ minHeight: 56 }}>
            Find Registry
          </Button>
        </Box>
      </Box>

      {asked !== '' && (
        <Box aria-live="polite" id={resultsId} sx={{ display: 'grid', gap: 3 }}>
          {isLoading && <Loading label="Looking for the registry…" />}
          {refused === 404 && <Alert severity="warning">No registry has that link, id or short code.</Alert>}
          {error !== undefined && refused !== 404 && refused !== 401 && (
            <Alert severity="error">{serverMessage(error, 'The registry could not be loaded. Please try again.')}</Alert>
          )}
          {lookup && <LookupResult lookup={lookup} onRefund={(gift, atPlatformCost) => setRefunding({ gift, atPlatformCost })} />}
        </Box>
      )}

      {lookup && (
        <RefundGiftDialog
          gift={refunding?.gift ?? null}
          atPlatformCost={refunding?.atPlatformCost ?? false}
          currency={lookup.registry.currency}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            void reload();
          }}
        />
      )}
    </AdminPage>
  );
}

function LookupResult({ lookup, onRefund }: { lookup: AdminGiftLookup; onRefund: (gift: AdminGift, atPlatformCost: boolean) => void }) {
  const { registry, gifts } = lookup;
  const money = (amount: number) => formatMoney(fromWireAmount(amount), registry.currency);
  const headingId = useId();
  return (
    <AdminSection id={headingId} title={celebrationTitle(registry)}>
      <Card>
        <CardContent component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Field label="Status">{REGISTRY_STATUS_LABELS[registry.status]}</Field>
          <Field label="Total received">{money(registry.totalReceived)}</Field>
          <Field label="Currency">{registry.currency}</Field>
          <Field label="Registry page">
            <Link href={paths.registry(registry.id)}>/r/{registry.shortCode}</Link>
          </Field>
        </CardContent>
      </Card>
      {registry.status !== 'open' && (
        <Alert severity="info">
          This registry is closed: a refund takes the gift’s parts out of the family’s and its charity’s payouts while both wait. Once
          either is being sent or was sent, a gift can be refunded only at the platform’s cost.
        </Alert>
      )}
      {gifts.length === 0 ? (
        <EmptyState>No paid gifts yet.</EmptyState>
      ) : (
        <Box component="ul" aria-label="Gifts" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {gifts.map((gift) => (
            <Box
              component="li"
              key={gift.id}
              sx={{
                p: { xs: 1.5, sm: 2 },
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
                display: 'flex',
                flexWrap: 'wrap',
                alignItems: 'center',
                gap: { xs: 1, sm: 2 },
              }}
            >
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{gift.giftGiverName}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {gift.giftGiverEmail} · {formatAdminDate(gift.createdAt)}
                </Typography>
              </Box>
              <Box sx={{ textAlign: { sm: 'right' } }}>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(fromWireAmount(gift.amount), gift.currency)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatMoney(fromWireAmount(gift.refundAmount), gift.currency)} charged
                </Typography>
              </Box>
              <Chip
                size="small"
                label={PAYMENT_LABELS[gift.paymentStatus]}
                sx={{
                  fontWeight: 600,
                  ...(gift.paymentStatus === 'succeeded'
                    ? { bgcolor: 'success.main', color: 'success.contrastText' }
                    : { bgcolor: 'grey.800', color: 'common.white' }),
                }}
              />
              {gift.refundable && (
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => onRefund(gift, false)}
                  aria-label={`Refund ${gift.giftGiverName}’s gift`}
                >
                  Refund
                </Button>
              )}
              {gift.refundableAtPlatformCost && (
                <Box sx={{ flexBasis: '100%', display: 'grid', gap: 1, justifyItems: 'start' }}>
                  {gift.refundRefusal && (
                    <Typography variant="body2" color="text.secondary">
                      {gift.refundRefusal}
                    </Typography>
                  )}
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    onClick={() => onRefund(gift, true)}
                    aria-label={`Refund ${gift.giftGiverName}’s gift at the platform’s cost`}
                  >
                    Refund at the Platform’s Cost
                  </Button>
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
    </AdminSection>
  );
}
