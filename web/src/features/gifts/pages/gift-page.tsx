import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import Container from '@mui/material/Container';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { paths } from '@core/page-paths';
import { PageSpinner } from '@/components/page-spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useRegistry } from '@/lib/use-registry';
import { useCharities } from '@/lib/use-charities';
import { RegistryLoadError, RegistryNotFound } from '@/components/registry-not-found';
import { GiftForm } from '@/features/gifts/components/gift-form';
import { RegistryClosedNotice } from '@/components/registry-closed-notice';
import { Ornament } from '@/components/ornament';
import { CelebrationTitleText } from '@/components/celebration-title-text';

/** /gift/:id (public): the gift form of docs/product.md#gift-form, or why no gift can be given. */
export default function GiftPage() {
  const { id } = useParams<{ id: string }>();
  const { registry, error, isLoading, isNotFound, mutate } = useRegistry(id);
  // Asked for alongside the registry, not once the form shows; and the form waits for the list,
  // so the charity choices do not push the rest of the form down when they arrive.
  // Deferred like the registry (use-registry.ts): the form renders in slices whichever answer comes last.
  const charitiesLoading = useDeferredValue(useCharities().isLoading);
  usePageTitle(isNotFound || !id ? 'Registry Not Found' : registry ? `Give a Gift to ${registry.childName}` : 'Give a Gift');

  if (isNotFound || !id) return <RegistryNotFound />;
  if (error) return <RegistryLoadError onRetry={() => void mutate()} />;
  if (isLoading || !registry || (registry.status === 'open' && charitiesLoading)) return <PageSpinner label="Loading registry…" />;

  return (
    // Tighter on a phone: the giver's name and amount belong on the first screen.
    <Container maxWidth="md" sx={{ py: { xs: 1.5, md: 7 } }}>
      {/* The flourish only where there is room: on a phone the name and amount fields come first. */}
      <Ornament width={140} sx={{ display: { xs: 'none', md: 'block' }, mx: 'auto', mb: 2 }} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2.5rem' }, textAlign: { md: 'center' } }}>
        Give a Gift
      </Typography>
      <Typography
        color="text.secondary"
        sx={{
          mt: 0.5,
          mb: { xs: 1, md: 4 },
          fontSize: { xs: '1rem', md: '1.15rem' },
          textAlign: { md: 'center' },
          overflowWrap: 'anywhere',
        }}
      >
        Celebrate <CelebrationTitleText registry={registry} />.
      </Typography>
      {registry.status === 'open' ? (
        <GiftForm key={registry.id} registry={registry} onStale={() => void mutate()} />
      ) : (
        <RegistryClosedNotice
          childName={registry.childName}
          action={
            <Button variant="outlined" href={paths.registry(registry.id)}>
              View Registry
            </Button>
          }
        />
      )}
    </Container>
  );
}
