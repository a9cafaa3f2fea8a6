import { useId } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@/lib/product';
import type { RegistryCardData } from '@api/registries';
import { useRecentlyCreatedRegistries } from '@/lib/use-recently-created-registries';
import { RECENT_REGISTRIES_LIMIT, useRecentRegistries } from '@/lib/recent-registries';
import { RegistryGrid } from './registry-grid';

export interface VisitorRecentRegistries {
  registries: RegistryCardData[];
  /** How many of them, from the start, this browser opened before. */
  opened: number;
}

/**
 * What the visitors' 'Recent Registries' shows (docs/product.md#home-dashboard): the registries this browser
 * opened before, then the newest registries, at most six cards and never money. The opened ones
 * keep at least half the places but never crowd the newest out, so a returning guest finds their
 * celebration and a new visitor still sees new ones. Until the newest arrive, or if they cannot,
 * the opened ones show alone: the list is a convenience, not worth an error.
 */
export function useVisitorRecentRegistries(): VisitorRecentRegistries {
  const opened = useRecentRegistries();
  const { registries: created = [] } = useRecentlyCreatedRegistries();
  const openedIds = new Set(opened.map((registry) => registry.id));
  const newest = created.filter((registry) => !openedIds.has(registry.id));
  const openedShown = opened.slice(0, Math.max(RECENT_REGISTRIES_LIMIT / 2, RECENT_REGISTRIES_LIMIT - newest.length));
  return {
    registries: [...openedShown, ...newest].slice(0, RECENT_REGISTRIES_LIMIT),
    opened: openedShown.length,
  };
}

function introOf({ registries, opened }: VisitorRecentRegistries): string {
  if (opened === 0) return `The newest registries on ${PRODUCT_NAME}.`;
  if (opened === registries.length) return 'Registries you have opened on this device.';
  return 'Registries you have opened on this device, then the newest ones.';
}

/** 'Recent Registries': cards without money, for visitors. */
export function RecentRegistriesSection({ recent }: { recent: VisitorRecentRegistries }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h2" sx={{ mb: 1 }}>
        Recent Registries
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {introOf(recent)}
      </Typography>
      {/* One card alone keeps the full width; two or more share a row that scrolls sideways. */}
      <RegistryGrid registries={recent.registries} label="Recent registries" hideFinancials rowOnPhone={recent.registries.length > 1} />
    </Box>
  );
}

/** The landing page's band of recent registries; left out while there is none to show. */
export function RecentRegistriesBand() {
  const recent = useVisitorRecentRegistries();
  if (recent.registries.length === 0) return null;
  return (
    <Box sx={{ py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <RecentRegistriesSection recent={recent} />
      </Container>
    </Box>
  );
}
