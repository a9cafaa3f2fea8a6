import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import FavoriteIcon from '@mui/icons-material/Favorite';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { PageSpinner } from '@/components/page-spinner';
import { paths } from '@core/page-paths';
import { usePageTitle } from '@/lib/use-page-title';
import { isManagerView, useRegistry } from '@/lib/use-registry';
import type { AnyRegistryView, ManagerRegistryView } from '@api/registries';
import { celebrationTitle } from '@core/model/celebration-title';
import { photoObjectPosition } from '@core/model/photo-focus';
import { GiveAGiftButton, MakeContributionBox } from '@/features/registries/components/make-contribution-box';
import { RegistryLoadError, RegistryNotFound } from '@/components/registry-not-found';
import { ShareRegistryBox } from '@/features/registries/components/share-registry-box';
import { formatCelebrationDate, isUpcoming } from '@/lib/celebration-date';
import { loadRecentRegistries } from '@/lib/load-recent-registries';
import { ResponsivePhoto } from '@/components/responsive-photo';
import { HebrewDateText } from '@/components/hebrew-date-text';
import { RegistryClosedNotice } from '@/components/registry-closed-notice';
import { Ornament } from '@/components/ornament';
import { colours } from '@core/design-tokens';
import { CelebrationTitleText } from '@/components/celebration-title-text';
import { StatusLabel } from '@/components/status-label';

// Guests never download what only the family (owner and co-owners) sees.
const OwnerTools = lazy(() => import('@/features/registries/components/owner-tools'));
const UnlistedChip = lazy(() => import('@/components/unlisted-chip').then((module) => ({ default: module.UnlistedChip })));

interface RegistryPageProps {
  /**
   * What the family sees after managing the registry: its co-owners, and for the owner closing
   * it and where its gifts go. They are other features'; the route
   * (web/src/app/routes/registry-route.tsx) passes them in.
   */
  managerSections?: (registry: ManagerRegistryView, onStale: () => void) => ReactNode;
}

/** /registry/:id (public): the registry page of docs/product.md#registry-page. */
export default function RegistryPage({ managerSections }: RegistryPageProps) {
  const { id } = useParams<{ id: string }>();
  const { registry, error, isLoading, isNotFound, viewerId, mutate } = useRegistry(id);
  const owner = registry ? isManagerView(registry, viewerId) : false;
  usePageTitle(isNotFound || !id ? 'Registry Not Found' : registry ? celebrationTitle(registry) : 'Registry');

  // A visitor (or another user) finds the registry again under 'Recent Registries'; its code loads
  // once the page is up, as nothing on the page waits for it.
  useEffect(() => {
    if (registry && !owner)
      void loadRecentRegistries().then(
        ({ rememberRegistry }) => rememberRegistry(registry),
        () => undefined,
      );
  }, [registry, owner]);

  useEffect(() => {
    if (isNotFound && id)
      void loadRecentRegistries().then(
        ({ forgetRegistry }) => forgetRegistry(id),
        () => undefined,
      );
  }, [isNotFound, id]);

  if (isNotFound || !id) return <RegistryNotFound />;
  if (error) return <RegistryLoadError onRetry={() => void mutate()} />;
  if (isLoading || !registry) return <PageSpinner label="Loading registry…" />;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 7 }, display: 'grid', gap: { xs: 3, md: 4 } }}>
      <RegistryHeader registry={registry} />
      {!owner && registry.giftCount > 0 && (
        <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'primary.main' }}>
          <FavoriteIcon aria-hidden="true" />
          {registry.giftCount} generous contributor(s) so far!
        </Typography>
      )}
      {registry.status === 'open' && (
        <MakeContributionBox registryId={registry.id} childName={registry.childName} currency={registry.currency} />
      )}
      {/* To a guest a closed registry is one plain state: no more gifts, nothing left to share or print. */}
      {registry.status !== 'open' && !owner && <RegistryClosedNotice childName={registry.childName} />}
      {(registry.status === 'open' || owner) && (
        <ShareRegistryBox
          shortCode={registry.shortCode}
          childName={registry.childName}
          insertHref={owner ? paths.registryInsert(registry.id) : undefined}
        />
      )}
      {isManagerView(registry, viewerId) && (
        <Suspense fallback={<PageSpinner label="Loading your registry's tools…" />}>
          <OwnerTools registry={registry} onStale={() => void mutate()}>
            {managerSections?.(registry, () => void mutate())}
          </OwnerTools>
        </Suspense>
      )}
    </Container>
  );
}

/** The photo spans the card: the md container's content box, or the window less its padding. */
const PHOTO_SIZES = '(min-width: 900px) 852px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)';

function RegistryHeader({ registry }: { registry: AnyRegistryView }) {
  const upcoming = isUpcoming(registry.celebrationDate);
  const open = registry.status === 'open';
  return (
    <Card component="article" aria-labelledby="registry-title">
      {registry.photoUrl && (
        <ResponsivePhoto
          url={registry.photoUrl}
          alt={`Photo of ${registry.childName}`}
          sizes={PHOTO_SIZES}
          priority
          // A portrait in a wide band: the crop keeps the point the family chose (their child's face).
          sx={{ maxHeight: { xs: '16rem', md: '24rem' }, objectFit: 'cover', objectPosition: photoObjectPosition(registry) }}
        />
      )}
      {/* The celebration's band: the child's name in the display face between gold flourishes, centred as on an invitation. */}
      <Box
        sx={{
          px: { xs: 2.5, sm: 5 },
          pt: { xs: 3.5, md: 5 },
          pb: { xs: 3, md: 4 },
          bgcolor: colours.champagne,
          textAlign: 'center',
          display: 'grid',
          justifyItems: 'center',
          gap: 1.5,
        }}
      >
        <Ornament width={{ xs: 132, md: 168 }} />
        <Typography id="registry-title" variant="h1" sx={{ overflowWrap: 'anywhere', textWrap: 'balance', maxWidth: '100%' }}>
          <CelebrationTitleText registry={registry} />
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', columnGap: 1.5, rowGap: 1 }}>
          <Typography color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: '1.1rem' }}>
            <EventIcon aria-hidden="true" sx={{ color: 'secondary.dark' }} />
            {formatCelebrationDate(registry.celebrationDate)}
          </Typography>
          {/* A closed registry is Closed, not also Upcoming: one state, not two that disagree. */}
          {open ? (
            <StatusLabel
              label={upcoming ? 'Upcoming' : 'Past'}
              sx={upcoming ? { bgcolor: 'success.main', color: 'success.contrastText' } : { bgcolor: 'grey.200', color: 'text.primary' }}
            />
          ) : (
            <StatusLabel label="Closed" sx={{ bgcolor: 'grey.800', color: '#ffffff' }} />
          )}
          {(registry.isOwner || registry.isCoOwner) && registry.unlisted && (
            <Suspense fallback={null}>
              <UnlistedChip />
            </Suspense>
          )}
        </Box>
        <HebrewDateText hebrewDate={registry.hebrewDate} align="center" sx={{ color: 'text.secondary', fontSize: '1.05rem' }} />
        {/* On a phone 'Make Your Contribution' is two screens down: the way to give is on the first, under the name. */}
        {open && <GiveAGiftButton registryId={registry.id} sx={{ display: { xs: 'inline-flex', md: 'none' }, mt: 1, px: 4 }} />}
      </Box>

      <CardContent sx={{ p: { xs: 2.5, sm: 4 }, '&:last-child': { pb: { xs: 2.5, sm: 4 } }, display: 'grid', gap: { xs: 2.5, sm: 3 } }}>
        {registry.personalMessage && (
          <Box
            component="blockquote"
            sx={{
              m: 0,
              mx: 'auto',
              maxWidth: '38rem',
              textAlign: 'center',
              fontStyle: 'italic',
              whiteSpace: 'pre-line',
              overflowWrap: 'anywhere',
            }}
          >
            <Typography component="p" sx={{ fontSize: { xs: '1.05rem', md: '1.15rem' }, lineHeight: 1.65 }}>
              {registry.personalMessage}
            </Typography>
          </Box>
        )}

        <CharityLine registry={registry} />
      </CardContent>
    </Card>
  );
}

function CharityLine({ registry }: { registry: AnyRegistryView }) {
  const charity = registry.preferredCharity;
  let text: string | null = null;
  if (registry.allowCharityChoice) {
    text = charity
      ? `Each guest chooses the charity that receives 10% of their gift; the family suggests ${charity.name}.`
      : 'Each guest chooses the Jewish charity that receives 10% of their gift.';
  }
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: 2, bgcolor: 'background.default' }}>
      <VolunteerActivismIcon aria-hidden="true" sx={{ color: 'primary.main', mt: 0.25 }} />
      <Box>
        <Typography component="h2" variant="h4">
          Supporting
        </Typography>
        {charity && !registry.allowCharityChoice && <Typography sx={{ mt: 0.5, fontWeight: 600 }}>{charity.name}</Typography>}
        {text && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {text}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          10% of every gift goes to charity; 90% goes to the family.
        </Typography>
      </Box>
    </Box>
  );
}
