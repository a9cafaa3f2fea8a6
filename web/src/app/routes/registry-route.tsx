import { lazy } from 'react';
import RegistryPage from '../../features/registries/pages/registry-page';
import type { OwnerRegistryView } from '@api/registries';

// Owner-only, so its own chunk: the registry page loads it inside the owner's part, never for a guest.
const OwnerPayoutSections = lazy(() => import('./owner-payout-sections'));

function payoutSections(registry: OwnerRegistryView, onStale: () => void) {
  return <OwnerPayoutSections registry={registry} onStale={onStale} />;
}

/**
 * /registry/:id: the registries feature's page, with the payouts feature's sections for the owner
 * (closing the registry, its payout, the charity breakdown). Two features meet here, in the
 * composition root, so neither imports the other.
 */
export default function RegistryRoute() {
  return <RegistryPage ownerSections={payoutSections} />;
}
