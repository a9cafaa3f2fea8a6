import { useEffect, type ReactNode } from 'react';
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
import { formatMoney } from '../../../../../core/money';
import { paths } from '../../../app/paths';
import { PageSpinner } from '../../../components/page-spinner';
import { usePageTitle } from '../../../lib/use-page-title';
import { useUser } from '../../auth/api/use-user';
import { useUnauthorizedRedirect } from '../../auth/lib/use-unauthorized-redirect';
import type { MyRegistry } from '../../registries/api/types';
import { useMyRegistries } from '../../registries/api/use-my-registries';
import { useRegistrySearch } from '../../registries/api/use-registry-search';
import { RegistryGrid } from '../../registries/components/registry-grid';
import { RegistrySearchField, RegistrySearchResults } from '../../registries/components/registry-search';
import { amountToCents } from '../../registries/lib/amounts';

export interface DashboardStats {
  totalRegistries: number;
  /** Sum of every registry's totalReceived, in cents. */
  totalReceivedCents: number;
  totalGifts: number;
  /** Registries in more than one currency were added up. */
  mixedCurrencies: boolean;
}

export function dashboardStats(registries: readonly MyRegistry[]): DashboardStats {
  return {
    totalRegistries: registries.length,
    totalReceivedCents: registries.reduce((sum, r) => sum + amountToCents(r.totalReceived), 0),
    totalGifts: registries.reduce((sum, r) => sum + (Number.isFinite(r.giftCount) ? r.giftCount : 0), 0),
    mixedCurrencies: new Set(registries.map((r) => r.currency)).size > 1,
  };
}

/** / for signed-in users: the home dashboard (spec section 2). Visitors get the landing page. */
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

      <Box sx={{ mt: { xs: 4, md: 5 } }}>
        {searching ? <RegistrySearchResults search={search} /> : <OwnRegistries />}
      </Box>
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
      <Box
        component="section"
        aria-label="Your totals"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
      >
        <StatCard label="Total Registries" value={String(stats.totalRegistries)} icon={<ListAltIcon />} />
        <StatCard
          label="Total Received"
          value={formatMoney(stats.totalReceivedCents, 'USD')}
          icon={<PaidIcon />}
          note={stats.mixedCurrencies ? 'USD and CAD amounts added together' : undefined}
        />
        <StatCard label="Total Gifts" value={String(stats.totalGifts)} icon={<CardGiftcardIcon />} />
      </Box>

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

function StatCard({ label, value, icon, note }: { label: string; value: string; icon: ReactNode; note?: string | undefined }) {
  const id = `stat-${label.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={id}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box
          aria-hidden="true"
          sx={{ width: 48, height: 48, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', flexShrink: 0 }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={id} color="text.secondary">
            {label}
          </Typography>
          <Typography sx={{ fontSize: '1.6rem', fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' }}>{value}</Typography>
          {note && (
            <Typography variant="body2" color="text.secondary">
              {note}
            </Typography>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
