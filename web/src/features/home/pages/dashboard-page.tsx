import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import ListAltIcon from '@mui/icons-material/ListAlt';
import PaidIcon from '@mui/icons-material/Paid';
import { CURRENCIES, formatMoney, type Currency } from '@core/money';
import { StatCard, StatGrid } from '@/components/stat-card';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useUser } from '@/lib/use-user';
import { useUnauthorizedRedirect } from '@/lib/use-unauthorized-redirect';
import { TOTAL_RECEIVED, TOTAL_RECEIVED_NOTE } from '@/lib/total-received';
import type { MyRegistry } from '@api/registries';
import { useMyRegistries } from '@/lib/use-my-registries';
import { useRegistrySearch } from '@/features/home/api/use-registry-search';
import { RegistryGrid } from '@/features/home/components/registry-grid';
import { RegistrySearchField } from '@/features/home/components/registry-search-field';
import { RegistrySearchResults } from '@/features/home/components/registry-search-results';
import { fromWireAmount } from '@api/amount';

/** What Total Gifts counts: the spec's gift counts, gifts paid online; each gift list has the rest. */
export const TOTAL_GIFTS_NOTE = 'Given online; gifts given by hand, refunded and disputed ones are on each gift list';

export interface DashboardStats {
  totalRegistries: number;
  /** What the registries received online (their totalReceived), in cents, per currency: dollars and Canadian dollars are never added together. */
  totalReceived: Map<Currency, number>;
  /** The registries' gifts paid online that still count (refunded and disputed ones, and gifts given by hand, are not among them). */
  totalGifts: number;
}

export function dashboardStats(registries: readonly MyRegistry[]): DashboardStats {
  const totalReceived = new Map<Currency, number>();
  for (const registry of registries)
    totalReceived.set(registry.currency, (totalReceived.get(registry.currency) ?? 0) + fromWireAmount(registry.totalReceived));
  return {
    totalRegistries: registries.length,
    totalReceived,
    totalGifts: registries.reduce((sum, r) => sum + (Number.isFinite(r.giftCount) ? r.giftCount : 0), 0),
  };
}

/** "$156.40", or "$156.40 + CA$90.00" for registries in both currencies; "$0.00" with none. */
function totalReceivedText(totals: Map<Currency, number>): string {
  if (totals.size === 0) return formatMoney(0, 'USD');
  return CURRENCIES.filter((currency) => totals.has(currency))
    .map((currency) => formatMoney(totals.get(currency) ?? 0, currency))
    .join(' + ');
}

/** / for signed-in users: the home dashboard (docs/product.md#home-dashboard). Visitors get the landing page. */
export default function DashboardPage() {
  const { user } = useUser();
  usePageTitle('Dashboard');
  const search = useRegistrySearch();
  const searching = search.activeQuery !== null;
  const name = user?.firstName?.trim() || 'there';

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
      <Typography variant="h1" sx={{ overflowWrap: 'anywhere' }}>
        {`Welcome back, ${name}!`}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1.5 }}>
        Manage your registries, or find a registry to celebrate someone else.
      </Typography>

      <Box sx={{ mt: 3, maxWidth: 640 }}>
        <RegistrySearchField search={search} />
      </Box>

      <Box sx={{ mt: { xs: 4, md: 5 } }}>{searching ? <RegistrySearchResults search={search} /> : <OwnRegistries />}</Box>
    </Container>
  );
}

/** The signed-in user's stats, quick action and registries. */
function OwnRegistries() {
  const { registries, error, isLoading } = useMyRegistries(true);
  const onUnauthorized = useUnauthorizedRedirect();

  useEffect(() => {
    if (error) onUnauthorized(error);
  }, [error, onUnauthorized]);

  if (isLoading) return <PageSpinner label="Loading your registries…" />;
  if (error || !registries) {
    return <Alert severity="error">We couldn't load your registries. Please reload the page to try again.</Alert>;
  }

  const stats = dashboardStats(registries);
  return (
    <Box sx={{ display: 'grid', gap: { xs: 4, md: 5 } }}>
      <StatGrid label="Your totals">
        <StatCard label="Total Registries" value={String(stats.totalRegistries)} icon={<ListAltIcon />} />
        <StatCard
          label={TOTAL_RECEIVED}
          value={totalReceivedText(stats.totalReceived)}
          icon={<PaidIcon />}
          note={`Gifts ${TOTAL_RECEIVED_NOTE}`}
        />
        <StatCard label="Total Gifts" value={String(stats.totalGifts)} icon={<CardGiftcardIcon />} note={TOTAL_GIFTS_NOTE} />
      </StatGrid>

      <Box component="section" aria-labelledby="quick-actions-heading">
        <Typography id="quick-actions-heading" variant="h2" sx={{ mb: 2 }}>
          Quick Actions
        </Typography>
        <Button variant="contained" size="large" href={paths.createRegistry} startIcon={<AddIcon />}>
          Create New Registry
        </Button>
      </Box>

      <Box component="section" aria-labelledby="your-registries-heading">
        <Typography id="your-registries-heading" variant="h2" sx={{ mb: 3 }}>
          Your Registries
        </Typography>
        {registries.length === 0 ? (
          <Card>
            <CardContent sx={{ textAlign: 'center', py: { xs: 5, md: 7 } }}>
              <CardGiftcardIcon aria-hidden="true" sx={{ fontSize: 48, color: 'primary.main' }} />
              <Typography component="h3" variant="h3" sx={{ mt: 1 }}>
                No registries yet
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
                Create your first Bar/Bat Mitzvah registry to start celebrating with meaningful giving.
              </Typography>
              <Button variant="contained" href={paths.createRegistry} startIcon={<AddIcon />} sx={{ mt: 3 }}>
                Create Your First Registry
              </Button>
            </CardContent>
          </Card>
        ) : (
          <RegistryGrid registries={registries} label="Your registries" />
        )}
      </Box>
    </Box>
  );
}
